import type { MiddlewareHandler } from "hono";
import type { Logger } from "../../core/logger.js";
import type { AppEnv } from "../app-env.js";

/**
 * Gives each request a child logger bound to its request id and writes one line when it ends.
 * Only method, path (no query string: it may carry secrets), status and duration are logged.
 */
export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const child = logger.child({ requestId: c.get("requestId") });
    c.set("logger", child);
    await next();
    const durationMs = Math.round((performance.now() - started) * 100) / 100;
    const level = c.res.status >= 500 ? "error" : "info";
    child[level]({ method: c.req.method, path: c.req.path, status: c.res.status, duration_ms: durationMs }, "request");
  };
}
