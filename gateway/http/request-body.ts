import type { IncomingMessage } from "node:http";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { AppError } from "../../core/errors.js";
import type { AppEnv } from "../app-env.js";
import { JsonScan, MAX_JSON_DEPTH, scanJson } from "./json-scan.js";
import { requestHeader } from "./node-bindings.js";
import { findUnsafeFormFields, findUnsafeJsonFields, isUnsafeText, UNSAFE_TEXT_MESSAGE, unsafeTextError, type UnsafeField } from "./unsafe-text.js";

/**
 * Request bodies: at most `maxBytes` (413 PAYLOAD_TOO_LARGE), all arrived within `timeoutMs` of
 * the headers (408 REQUEST_TIMEOUT: a client trickling a body in would otherwise hold the
 * connection and the request), JSON nested at most `maxDepth` deep (400 MALFORMED_JSON), and no
 * text the input rule refuses (unsafe-text.ts: 422 VALIDATION_FAILED naming each field), checked
 * before any handler parses them. A JSON body is checked in the one pass that counts its depth,
 * and parsed here only when that pass saw a suspicious escape; a form body is checked pair by
 * pair, any other body as a whole.
 *
 * A body served by @hono/node-server is read once, straight from Node's request, into Hono's body
 * cache (JSON as text, anything else as bytes), where `c.req.json()`, `c.req.text()`,
 * `c.req.parseBody()` and the validators find it. Through Hono, the same body built an undici
 * Request, a web stream around Node's, and a Response to parse the cached text again: about a
 * tenth of the gateway's CPU on a small POST. Requests made with `app.request()` (tests) go
 * through Hono's bodyLimit.
 */
export function requestBodyLimits(options: { maxBytes: number; maxDepth?: number; timeoutMs: number; tooLargeMessage?: string }): MiddlewareHandler<AppEnv> {
  const maxDepth = options.maxDepth ?? MAX_JSON_DEPTH;
  const tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", options.tooLargeMessage ?? `The request body is larger than ${describeBytes(options.maxBytes)}.`);
  const limitBody = bodyLimit({
    maxSize: options.maxBytes,
    onError: () => {
      throw tooLarge();
    },
  });
  const checkJson = (text: string) => {
    const scan = scanJson(text, maxDepth);
    if (scan === JsonScan.TooDeep) throw new AppError("MALFORMED_JSON", `The JSON body is nested deeper than ${maxDepth} levels.`);
    if (scan === JsonScan.UnsafeEscape) refuseUnsafeJson(text);
  };
  return async (c, next) => {
    const contentType = requestHeader(c, "content-type") ?? "";
    const isJson = contentType.includes("json");
    const incoming = c.env?.incoming;
    if (!incoming) {
      return limitBody(c, async () => {
        if (isJson) checkJson(await c.req.text());
        else if (c.req.raw.body !== null) await checkOtherBody(c, contentType);
        await next();
      });
    }
    const body = await readWhole(incoming, options.maxBytes, options.timeoutMs, tooLarge).catch((error: unknown) => {
      // The rest of the body is left unread: the connection cannot carry another request.
      c.get("defaultHeaders").connection = "close";
      throw error;
    });
    // Hono keeps the body promise of each kind read (its type says method; the value is the promise).
    const cache = c.req.bodyCache as Record<string, Promise<string | ArrayBuffer>>;
    if (isJson) {
      const text = utf8.decode(body);
      checkJson(text);
      cache.text = Promise.resolve(text);
    } else {
      cache.arrayBuffer = Promise.resolve(body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer);
      if (body.length > 0) await checkOtherBody(c, contentType);
    }
    return next();
  };
}

/** A JSON body whose scan saw a NUL or lone surrogate escape: 422 naming where, or 400 if it is not JSON at all. */
function refuseUnsafeJson(text: string): void {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError("MALFORMED_JSON");
  }
  const found = findUnsafeJsonFields(value);
  if (found.length) throw unsafeTextError(found);
}

/** Form bodies pair by pair (named like their fields); any other body that holds text as a whole. Hono keeps what it read for the handler. */
async function checkOtherBody(c: Context<AppEnv>, contentType: string): Promise<void> {
  const mediaType = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  let found: UnsafeField[] = [];
  if (mediaType === "application/x-www-form-urlencoded") found = findUnsafeFormFields(await c.req.text(), "");
  else if (mediaType === "multipart/form-data") found = await findUnsafeMultipartFields(c);
  else if (isUnsafeText(await c.req.text())) found = [{ field: "(body)", message: UNSAFE_TEXT_MESSAGE }];
  if (found.length) throw unsafeTextError(found);
}

/** The multipart form's fields whose name or text value breaks the rule (files are bytes, not text). */
async function findUnsafeMultipartFields(c: Context<AppEnv>): Promise<UnsafeField[]> {
  // A form that does not parse is the handler's to refuse, as before.
  const form = await c.req.formData().catch(() => undefined);
  const found: UnsafeField[] = [];
  form?.forEach((value, name) => {
    if (isUnsafeText(name) || (typeof value === "string" && isUnsafeText(value))) found.push({ field: isUnsafeText(name) ? JSON.stringify(name) : name, message: UNSAFE_TEXT_MESSAGE });
  });
  return found;
}

const utf8 = new TextDecoder();

/** 1048576 → "1 MiB", 2048 → "2 KiB", 1000 → "1000 bytes": the limit as the 413 names it. */
function describeBytes(bytes: number): string {
  if (bytes % 1_048_576 === 0) return `${bytes / 1_048_576} MiB`;
  if (bytes % 1_024 === 0) return `${bytes / 1_024} KiB`;
  return `${bytes} bytes`;
}

/**
 * The whole body, as it arrives from Node's request: 413 PAYLOAD_TOO_LARGE past `maxBytes`
 * (declared or sent), 408 REQUEST_TIMEOUT when it has not all arrived within `timeoutMs`, 400
 * when the client goes away before its end.
 */
function readWhole(incoming: IncomingMessage, maxBytes: number, timeoutMs: number, tooLarge: () => AppError): Promise<Buffer> {
  if (Number(incoming.headers["content-length"]) > maxBytes) return Promise.reject(tooLarge());
  if (incoming.readableEnded) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const fail = (error: AppError) => {
      stop();
      incoming.pause();
      reject(error);
    };
    const timer = setTimeout(() => fail(new AppError("REQUEST_TIMEOUT", `The request body did not arrive within ${timeoutMs / 1_000} seconds.`)), timeoutMs);
    const stop = () => {
      clearTimeout(timer);
      incoming.off("data", onData);
      incoming.off("end", onEnd);
      incoming.off("close", onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
      else fail(tooLarge());
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, size));
    };
    // Closed before its end: the client went away, or the server cut a slow one off.
    const onClose = () => fail(new AppError("BAD_REQUEST", "The request body was cut off."));
    incoming.on("data", onData);
    incoming.on("end", onEnd);
    incoming.on("close", onClose);
  });
}
