import type { MiddlewareHandler } from "hono";
import type { Logger } from "../../core/logger.js";
import type { AppEnv } from "../app-env.js";

const noop = () => undefined;

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

/**
 * Gives each request a logger bound to its request id and writes one line when it ends.
 * Only method, path (no query string: it may carry secrets), status and duration are logged.
 */
export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  const lineLevel = (status: number) => (status >= 500 ? "error" : "info");
  return async (c, next) => {
    const started = performance.now();
    const requestId = c.get("requestId");
    c.set("logger", lazyChild(logger, { requestId }));
    await next();
    const level = lineLevel(c.res.status);
    if (!logger.isLevelEnabled(level)) return;
    const durationMs = Math.round((performance.now() - started) * 100) / 100;
    logger[level]({ requestId, method: c.req.method, path: c.req.path, status: c.res.status, duration_ms: durationMs }, "request");
  };
}
