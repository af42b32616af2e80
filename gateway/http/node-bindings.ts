import type { Context } from "hono";
import type { AppEnv } from "../app-env.js";
import { DefaultHeadersResponse } from "./default-headers-response.js";

/**
 * Header access that skips undici's `Headers` where @hono/node-server serves the request:
 * reading `c.req.header()` builds a `Headers` object of the whole request, and every
 * `c.header()` is validated and later copied into Node's response. Node's own request and
 * response objects do neither. Requests made with `app.request()` (tests), or served without
 * the gateway's response class, fall back to Hono's.
 */

/** A request header by its lower-case name. */
export function requestHeader(c: Context<AppEnv>, name: Lowercase<string>): string | undefined {
  const incoming = c.env?.incoming;
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

/**
 * A response header every answer carries unless the answer sets the same header itself, as
 * `c.header()` before the handler runs. Where Node serves the request, the response keeps it
 * with the other defaults and writes them all with the status line (DefaultHeadersResponse).
 */
export function defaultResponseHeader(c: Context<AppEnv>, name: Lowercase<string>, value: string): void {
  const outgoing = c.env?.outgoing;
  if (outgoing instanceof DefaultHeadersResponse) outgoing.setDefaultHeader(name, value);
  else c.header(name, value);
}

/** defaultResponseHeader for each of `headers`. */
export function setDefaultHeaders(c: Context<AppEnv>, headers: Readonly<Record<Lowercase<string>, string>>): void {
  const outgoing = c.env?.outgoing;
  if (outgoing instanceof DefaultHeadersResponse) outgoing.setDefaultHeaders(headers);
  else for (const name in headers) c.header(name, headers[name as Lowercase<string>]);
}
