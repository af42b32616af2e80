import type { MiddlewareHandler } from "hono";
import { newRequestId } from "../../core/ids.js";
import type { Logger } from "../../core/logger.js";
import type { AppEnv } from "../app-env.js";
import type { HttpMetrics } from "./metrics.js";
import type { SecurityHeaders } from "./security-headers.js";
import { addDefaultHeaders, DefaultHeadersResponse, requestHeader, type DefaultHeaders } from "./node-bindings.js";

const noop = () => undefined;
const MAX_REQUEST_ID_LENGTH = 255;
const UNSAFE_REQUEST_ID = /[^\w\-=]/;

/**
 * A child logger made only when something first logs through it at an enabled level: most
 * requests never do, and a disabled level (the debug line of every 4xx) costs nothing.
 */
function lazyChild(logger: Logger, bindings: Record<string, string>): Logger {
  let child: Logger | undefined;
  return new Proxy(logger, {
    get(_target, property) {
      if (typeof property === "string" && property in logger.levels.values && !logger.isLevelEnabled(property)) return noop;
      child ??= logger.child(bindings);
      const value: unknown = Reflect.get(child, property, child);
      return typeof value === "function" ? value.bind(child) : value;
    },
  });
}

/** The path as logged: an inbound hook's secret (/hooks/{workflow_id}/{secret}) is masked, since the path alone triggers the workflow. */
export function loggedPath(path: string): string {
  return path.startsWith("/hooks/") ? path.replace(/^(\/hooks\/[^/]*\/)[^/]+/, "$1***") : path;
}

/**
 * What every request gets, in one middleware: a request id (a well-formed incoming X-Request-Id
 * is kept), a logger bound to it, its record of default headers (node-bindings.ts) holding the
 * id and the security headers for its path, and when it ends its metrics and one log line. Only method, path (no query string: it may carry secrets; a hook's
 * secret masked), status and duration are logged.
 */
export function requestContext(deps: {
  logger: Logger;
  metrics: HttpMetrics;
  /** The security headers for a request's path. */
  securityHeaders: (path: string) => SecurityHeaders;
}): MiddlewareHandler<AppEnv> {
  const { logger, metrics, securityHeaders } = deps;
  return async (c, next) => {
    const started = performance.now();
    const incoming = requestHeader(c, "x-request-id");
    const requestId = incoming && incoming.length <= MAX_REQUEST_ID_LENGTH && !UNSAFE_REQUEST_ID.test(incoming) ? incoming : newRequestId();
    c.set("requestId", requestId);
    c.set("logger", lazyChild(logger, { requestId }));
    // The request's own record: later middleware adds to it, never to the shared security headers.
    const defaults: DefaultHeaders = { "x-request-id": requestId, ...securityHeaders(c.req.path) };
    c.set("defaultHeaders", defaults);
    const outgoing = c.env?.outgoing;
    const writtenByNode = outgoing instanceof DefaultHeadersResponse;
    if (writtenByNode) outgoing.defaultHeaders = defaults;
    await next();
    if (!writtenByNode) addDefaultHeaders(c.res.headers, defaults);
    metrics.observe(c, started);
    const level = c.res.status >= 500 ? "error" : "info";
    if (!logger.isLevelEnabled(level)) return;
    const durationMs = Math.round((performance.now() - started) * 100) / 100;
    logger[level]({ requestId, method: c.req.method, path: loggedPath(c.req.path), status: c.res.status, duration_ms: durationMs }, "request");
  };
}
