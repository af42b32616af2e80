import { ServerResponse, type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders } from "node:http";

/**
 * Node's response, with headers every answer carries unless the answer sets them itself (the
 * request id, the security headers, a metered answer's rate-limit headers). They are kept in one
 * object and handed to `writeHead` with the answer's own headers: `setHeader` for each would
 * validate, lower-case and store it, and `writeHead` would then merge the answer's headers
 * into that store one by one, a cost per header that every metered answer paid a dozen times.
 *
 * Names are lower-case, so an answer's header of the same name in any case replaces the default.
 * Headers set on the response itself (`setHeader`) also win over the defaults.
 */
export class DefaultHeadersResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  #defaults: OutgoingHttpHeaders | undefined;

  setDefaultHeader(name: Lowercase<string>, value: string): void {
    (this.#defaults ??= {})[name] = value;
  }

  /** Copies `headers` into the defaults (the object given is never kept: it may be shared). */
  setDefaultHeaders(headers: Readonly<Record<Lowercase<string>, string>>): void {
    Object.assign((this.#defaults ??= {}), headers);
  }

  override writeHead(
    statusCode: number,
    reasonOrHeaders?: string | OutgoingHttpHeaders | OutgoingHttpHeader[],
    headers?: OutgoingHttpHeaders | OutgoingHttpHeader[],
  ): this {
    const defaults = this.#defaults;
    this.#defaults = undefined;
    const reason = typeof reasonOrHeaders === "string" ? reasonOrHeaders : undefined;
    const given = typeof reasonOrHeaders === "string" ? headers : (reasonOrHeaders ?? headers);
    if (!defaults) return super.writeHead(statusCode, reason, given);

    if (Array.isArray(given) || this.getHeaderNames().length > 0) {
      // Node merges these itself, the given ones over those set on the response.
      for (const name in defaults) if (!this.hasHeader(name)) this.setHeader(name, defaults[name]!);
      return super.writeHead(statusCode, reason, given);
    }
    if (given) for (const name in given) defaults[name.toLowerCase()] = given[name];
    return super.writeHead(statusCode, reason, defaults);
  }
}
