import type { IncomingMessage } from "node:http";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { AppError } from "../../core/errors.js";
import type { AppEnv } from "../app-env.js";
import { MAX_JSON_DEPTH, nestedDeeperThan } from "./json-depth.js";
import { defaultResponseHeader, requestHeader } from "./node-bindings.js";

/**
 * Request bodies: at most `maxBytes` (413 PAYLOAD_TOO_LARGE) and, for JSON, nested at most
 * `maxDepth` deep (400 MALFORMED_JSON), checked before any handler parses them.
 *
 * A JSON body served by @hono/node-server is read once, straight from Node's request, into Hono's
 * body cache, where `c.req.json()`, `c.req.text()` and the validators find it. Through Hono, the
 * same body built an undici Request, a web stream around Node's, and a Response to parse the cached
 * text again: about a tenth of the gateway's CPU on a small POST. Other bodies, and requests made
 * with `app.request()` (tests), go through Hono's bodyLimit.
 */
export function requestBodyLimits(options: { maxBytes: number; maxDepth?: number }): MiddlewareHandler<AppEnv> {
  const maxDepth = options.maxDepth ?? MAX_JSON_DEPTH;
  const limitBody = bodyLimit({
    maxSize: options.maxBytes,
    onError: () => {
      throw new AppError("PAYLOAD_TOO_LARGE");
    },
  });
  const checkDepth = (text: string) => {
    if (nestedDeeperThan(text, maxDepth)) throw new AppError("MALFORMED_JSON", `The JSON body is nested deeper than ${maxDepth} levels.`);
  };
  return async (c, next) => {
    const isJson = requestHeader(c, "content-type")?.includes("json") ?? false;
    const incoming = c.env?.incoming;
    if (!isJson || !incoming) {
      return limitBody(c, async () => {
        if (isJson) checkDepth(await c.req.text());
        await next();
      });
    }
    const text = await readWhole(incoming, options.maxBytes);
    if (text === undefined) {
      // The rest of the body is left unread: the connection cannot carry another request.
      defaultResponseHeader(c, "connection", "close");
      throw new AppError("PAYLOAD_TOO_LARGE");
    }
    checkDepth(text);
    // Hono keeps the body promise of each kind read (its type says method; the value is the promise).
    (c.req.bodyCache as Record<string, Promise<string>>).text = Promise.resolve(text);
    return next();
  };
}

const utf8 = new TextDecoder();

/** The body as text (UTF-8, a leading BOM dropped, as fetch's `text()`), or undefined past `maxBytes`. */
function readWhole(incoming: IncomingMessage, maxBytes: number): Promise<string | undefined> {
  if (Number(incoming.headers["content-length"]) > maxBytes) return Promise.resolve(undefined);
  if (incoming.readableEnded) return Promise.resolve("");
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      incoming.off("data", onData);
      incoming.off("end", onEnd);
      incoming.off("close", onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) return void chunks.push(chunk);
      stop();
      incoming.pause();
      resolve(undefined);
    };
    const onEnd = () => {
      stop();
      resolve(utf8.decode(Buffer.concat(chunks, size)));
    };
    // Closed before its end: the client went away, or the server cut a slow one off.
    const onClose = () => {
      stop();
      reject(new AppError("BAD_REQUEST", "The request body was cut off."));
    };
    incoming.on("data", onData);
    incoming.on("end", onEnd);
    incoming.on("close", onClose);
  });
}
