import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { dirname } from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";

/** The body went past the cap; the partial file has been deleted. */
export class UploadTooLargeError extends Error {
  constructor(readonly capBytes: number) {
    super(`upload larger than ${capBytes} bytes`);
    this.name = "UploadTooLargeError";
  }
}

/** No byte of the body arrived for `stallMs`; the partial file has been deleted. */
export class UploadStalledError extends Error {
  constructor(readonly stallMs: number) {
    super(`no upload data for ${stallMs} ms`);
    this.name = "UploadStalledError";
  }
}

/**
 * Streams a request body to `path` chunk by chunk (never whole in memory), counting bytes and
 * stopping as soon as they pass `capBytes`, or once no byte has arrived for `stallMs` (a large
 * upload may take up to HTTP_REQUEST_TIMEOUT_MS in all, but may not stall). On any failure the
 * partial file is removed. Returns the bytes written.
 */
export async function streamUploadToFile(body: ReadableStream<Uint8Array> | null, path: string, limits: { capBytes: number; stallMs: number }): Promise<number> {
  await mkdir(dirname(path), { recursive: true });
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      stall.refresh();
      bytes += chunk.length;
      if (bytes > limits.capBytes) callback(new UploadTooLargeError(limits.capBytes));
      else callback(null, chunk);
    },
  });
  const stall: NodeJS.Timeout = setTimeout(() => counter.destroy(new UploadStalledError(limits.stallMs)), limits.stallMs);
  const source = body ? Readable.fromWeb(body as WebReadableStream<Uint8Array>) : Readable.from([]);
  try {
    await pipeline(source, counter, createWriteStream(path, { flags: "wx" }));
    return bytes;
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  } finally {
    clearTimeout(stall);
  }
}
