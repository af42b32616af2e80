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

/**
 * Streams a request body to `path` chunk by chunk (never whole in memory), counting bytes and
 * stopping as soon as they pass `capBytes`. On any failure the partial file is removed.
 * Returns the bytes written.
 */
export async function streamUploadToFile(body: ReadableStream<Uint8Array> | null, path: string, capBytes: number): Promise<number> {
  await mkdir(dirname(path), { recursive: true });
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (bytes > capBytes) callback(new UploadTooLargeError(capBytes));
      else callback(null, chunk);
    },
  });
  const source = body ? Readable.fromWeb(body as WebReadableStream<Uint8Array>) : Readable.from([]);
  try {
    await pipeline(source, counter, createWriteStream(path, { flags: "wx" }));
    return bytes;
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
}
