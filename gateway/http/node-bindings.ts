import type { Context } from "hono";
import type { AppEnv } from "../app-env.js";

/**
 * Header access that skips undici's `Headers` where @hono/node-server serves the request:
 * reading `c.req.header()` builds a `Headers` object of the whole request, and every
 * `c.header()` is validated and later copied into Node's response. Node's own request and
 * response objects do neither. Requests made with `app.request()` (tests) fall back to Hono's.
 */

/** A request header by its lower-case name. */
export function requestHeader(c: Context<AppEnv>, name: Lowercase<string>): string | undefined {
  const incoming = c.env?.incoming;
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

/**
 * A response header every answer carries unless the handler's response sets the same header
 * (Node merges headers set on the response with those written with the status line, the
 * latter winning), exactly as `c.header()` before the handler runs.
 */
export function defaultResponseHeader(c: Context<AppEnv>, name: string, value: string): void {
  const outgoing = c.env?.outgoing;
  if (outgoing) outgoing.setHeader(name, value);
  else c.header(name, value);
}

/** defaultResponseHeader for each of `headers` (iterated in place: no entry arrays per request). */
export function setDefaultHeaders(c: Context<AppEnv>, headers: Record<string, string>): void {
  for (const name in headers) defaultResponseHeader(c, name, headers[name]!);
}
