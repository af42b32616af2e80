import { ServerResponse, type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders } from "node:http";
import type { Context } from "hono";
import type { AppEnv } from "../app-env.js";

/**
 * Where the gateway talks to Node's request and response instead of Hono's: reading
 * `c.req.header()` builds a `Headers` object of the whole request, and every `c.header()` is
 * validated and later copied into Node's response. Node's own objects do neither. Requests made
 * with `app.request()` (tests) have no Node objects and take Hono's; gateway/http/default-headers.int.test.ts
 * checks that both answer the same headers.
 */

/** A request header by its lower-case name. */
export function requestHeader(c: Context<AppEnv>, name: Lowercase<string>): string | undefined {
  const incoming = c.env?.incoming;
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

/**
 * Headers every answer carries unless the answer sets the same header itself: the request id,
 * the security headers, a metered answer's rate-limit headers. Each request has one record of
 * them, `c.get("defaultHeaders")` (made by requestContext; add to it before the answer is
 * written). Names are lower-case, so an answer's header of the same name in any case replaces
 * the default. Whoever writes the answer adds the defaults it lacks: DefaultHeadersResponse where
 * Node serves the request, addDefaultHeaders under `app.request()`.
 */
export type DefaultHeaders = Record<Lowercase<string>, string>;

/**
 * Node's response, writing the request's default headers with the answer's own in one
 * `writeHead`: `setHeader` for each would validate, lower-case and store it, and `writeHead`
 * would then merge the answer's headers into that store one by one, a cost per header that every
 * metered answer paid a dozen times. Headers set on the response itself (`setHeader`) also win
 * over the defaults.
 */
export class DefaultHeadersResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  /** The request's record of defaults (requestContext sets it), read when the head is written. */
  defaultHeaders: DefaultHeaders | undefined;

  override writeHead(
    statusCode: number,
    reasonOrHeaders?: string | OutgoingHttpHeaders | OutgoingHttpHeader[],
    headers?: OutgoingHttpHeaders | OutgoingHttpHeader[],
  ): this {
    const defaults: OutgoingHttpHeaders | undefined = this.defaultHeaders;
    this.defaultHeaders = undefined;
    const reason = typeof reasonOrHeaders === "string" ? reasonOrHeaders : undefined;
    const given = typeof reasonOrHeaders === "string" ? headers : (reasonOrHeaders ?? headers);
    if (!defaults) return super.writeHead(statusCode, reason, given);

    if (Array.isArray(given) || this.getHeaderNames().length > 0) {
      // Node merges these itself, the given ones over those set on the response.
      for (const name in defaults) if (!this.hasHeader(name)) this.setHeader(name, defaults[name]!);
      return super.writeHead(statusCode, reason, given);
    }
    // The record is this request's alone and written once: the answer's headers go into it.
    if (given) for (const name in given) defaults[name.toLowerCase()] = given[name];
    return super.writeHead(statusCode, reason, defaults);
  }
}

/** The defaults an answer made without Node's response (`app.request()`) lacks, added to its headers. */
export function addDefaultHeaders(headers: Headers, defaults: DefaultHeaders): void {
  for (const name in defaults) if (!headers.has(name)) headers.set(name, defaults[name as Lowercase<string>]!);
}
