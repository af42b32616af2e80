import type { LookupAddress } from "node:dns";
import { request as httpRequest, type Agent, type IncomingHttpHeaders, type OutgoingHttpHeaders } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { performance } from "node:perf_hooks";
import { agentFor } from "./connection-pool.js";
import { checkDestination, resolveWithSystem, type ResolveHost } from "./check-destination.js";

export type OutboundMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface OutboundRequest {
  url: string;
  method: OutboundMethod;
  headers?: Record<string, string>;
  body?: string;
  /** One deadline for DNS, connect, headers and the whole body. */
  timeoutMs: number;
  /** The body is cut here and `truncated` set (default 65_536). */
  maxResponseBytes?: number;
  signal?: AbortSignal;
}

export interface OutboundResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  truncated: boolean;
  durationMs: number;
}

export type OutboundErrorCode = "INVALID_URL" | "BLOCKED_DESTINATION" | "DNS_FAILED" | "TIMEOUT" | "CONNECTION_FAILED" | "ABORTED";

/** Why no response came back. Its message is safe to show the account that owns the URL. */
export class OutboundError extends Error {
  readonly code: OutboundErrorCode;
  readonly durationMs: number;

  constructor(code: OutboundErrorCode, message: string, durationMs: number, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "OutboundError";
    this.code = code;
    this.durationMs = durationMs;
  }
}

/** Tests only: a stand-in for DNS, so names resolving to private addresses need no outside resolver. */
export interface OutboundTestHooks {
  resolveHost?: ResolveHost;
}

const DEFAULT_MAX_RESPONSE_BYTES = 65_536;
/** Set from the body and the URL, never by the caller. */
const CONTROLLED_HEADERS = new Set(["host", "content-length", "transfer-encoding"]);

/**
 * The one way the platform calls a URL a user gave it (webhook deliveries, http_request and
 * chat_message actions), guarded against SSRF (DESIGN.md section 7): the host is resolved and
 * every address checked, the connection goes only to a checked address (Host and TLS servername
 * stay the URL's host) and is kept alive for that address alone, redirects are returned rather
 * than followed, the body is capped, and one timeout covers everything. Any HTTP status is a
 * response; only a missing response is an OutboundError. A header Node refuses (e.g. a value with
 * a line break) rejects with its TypeError.
 */
export async function sendOutbound(
  request: OutboundRequest,
  policy: { allowPrivate: boolean },
  hooks: OutboundTestHooks = {},
): Promise<OutboundResponse> {
  const startedAt = performance.now();
  const elapsed = () => Math.round(performance.now() - startedAt);
  if (request.signal?.aborted) throw new OutboundError("ABORTED", "The request was cancelled before it started.", 0);

  const stop = new AbortController();
  const timer = setTimeout(
    () => stop.abort(new OutboundError("TIMEOUT", `No complete response within ${request.timeoutMs} ms.`, elapsed())),
    request.timeoutMs,
  );
  const onCancel = () => stop.abort(new OutboundError("ABORTED", "The request was cancelled.", elapsed()));
  request.signal?.addEventListener("abort", onCancel, { once: true });
  try {
    const destination = await untilStopped(
      checkDestination(request.url, policy.allowPrivate, hooks.resolveHost ?? resolveWithSystem),
      stop.signal,
    );
    if (!destination.ok) throw new OutboundError(destination.code, destination.message, elapsed());
    return await exchange(request, destination, stop.signal, elapsed);
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener("abort", onCancel);
  }
}

/**
 * Sends the request to the checked addresses over a pooled keep-alive connection and reads the
 * response, until done or `stop` fires. A connection goes back to the pool only after a whole
 * response; every other way out destroys it. A pooled connection the receiver closed while it sat
 * idle fails before any response byte: the request is then sent once more, on a new connection.
 */
async function exchange(
  request: OutboundRequest,
  destination: { url: URL; host: string; addresses: LookupAddress[] },
  stop: AbortSignal,
  elapsed: () => number,
): Promise<OutboundResponse> {
  const { url, host, addresses } = destination;
  const agent = agentFor(url.protocol, host, url.port, addresses);
  try {
    return await exchangeOnce(request, destination, agent, stop, elapsed);
  } catch (error) {
    if (!(error instanceof StaleConnection)) throw error;
    return await exchangeOnce(request, destination, false, stop, elapsed);
  }
}

/** A reused connection failed before the response began: the receiver had closed it. */
class StaleConnection extends Error {}

function exchangeOnce(
  request: OutboundRequest,
  destination: { url: URL; host: string; addresses: LookupAddress[] },
  agent: Agent | false,
  stop: AbortSignal,
  elapsed: () => number,
): Promise<OutboundResponse> {
  const { url, host, addresses } = destination;
  const maxBytes = request.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const body = request.body === undefined ? undefined : Buffer.from(request.body, "utf8");

  return new Promise<OutboundResponse>((resolve, reject) => {
    if (stop.aborted) return reject(stop.reason);
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    const outgoing = send({
      host,
      port: url.port === "" ? undefined : Number(url.port),
      path: `${url.pathname}${url.search}`,
      method: request.method,
      headers: requestHeaders(request.headers ?? {}, body),
      servername: isIP(host) === 0 ? host : undefined,
      lookup: pinnedLookup(addresses),
      agent,
    });

    let settled = false;
    let responded = false;
    const settle = (outcome: () => void, keepConnection = false) => {
      if (settled) return;
      settled = true;
      stop.removeEventListener("abort", onStop);
      if (!keepConnection) outgoing.destroy();
      outcome();
    };
    const onStop = () => settle(() => reject(stop.reason));
    const onFailure = (error: Error) => {
      if (outgoing.reusedSocket && !responded) return settle(() => reject(new StaleConnection(error.message, { cause: error })));
      settle(() => reject(new OutboundError("CONNECTION_FAILED", `Could not reach ${url.host}: ${error.message}`, elapsed(), { cause: error })));
    };
    stop.addEventListener("abort", onStop, { once: true });
    outgoing.on("error", onFailure);

    outgoing.on("response", (incoming) => {
      responded = true;
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      const finish = (keepConnection: boolean) =>
        settle(
          () =>
            resolve({
              status: incoming.statusCode ?? 0,
              headers: responseHeaders(incoming.headers),
              body: Buffer.concat(chunks).toString("utf8"),
              truncated,
              durationMs: elapsed(),
            }),
          keepConnection,
        );
      incoming.on("data", (chunk: Buffer) => {
        if (settled) return;
        if (size + chunk.length > maxBytes) {
          chunks.push(chunk.subarray(0, maxBytes - size));
          truncated = true;
          return finish(false);
        }
        chunks.push(chunk);
        size += chunk.length;
      });
      incoming.on("end", () => finish(true));
      incoming.on("error", onFailure);
    });
    outgoing.end(body);
  });
}

function requestHeaders(headers: Record<string, string>, body: Buffer | undefined): OutgoingHttpHeaders {
  const result: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!CONTROLLED_HEADERS.has(name.toLowerCase())) result[name] = value;
  }
  if (body !== undefined) result["Content-Length"] = body.length;
  return result;
}

function responseHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) result[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return result;
}

/** A DNS lookup that answers with the addresses already checked, whatever name it is asked for. */
function pinnedLookup(addresses: LookupAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const [first] = addresses;
    if (options.all) callback(null, addresses);
    else if (first) callback(null, first.address, first.family);
    else callback(new Error("no checked address to connect to"), "");
  };
}

/** Waits for `work` unless `stop` fires first (DNS cannot be cancelled; its answer is then ignored). */
function untilStopped<T>(work: Promise<T>, stop: AbortSignal): Promise<T> {
  if (stop.aborted) return Promise.reject(stop.reason);
  return new Promise<T>((resolve, reject) => {
    const onStop = () => reject(stop.reason);
    stop.addEventListener("abort", onStop, { once: true });
    work.then(resolve, reject).finally(() => stop.removeEventListener("abort", onStop));
  });
}
