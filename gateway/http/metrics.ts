import type { MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import { Counter, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { AppEnv } from "../app-env.js";

export interface HttpMetrics {
  registry: Registry;
  middleware: MiddlewareHandler<AppEnv>;
}

/** Prometheus request counts and latency histograms, labelled by route pattern and status. */
export function createHttpMetrics(): HttpMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ["method", "route", "status"] as const;
  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status.",
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "HTTP request latency in seconds, by method, route pattern and status.",
    labelNames,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const started = performance.now();
    await next();
    // The pattern that answered, never the raw path: ids must not become label values.
    const pattern = routePath(c);
    const route = pattern === "" || pattern === "*" || pattern === "/*" ? "unmatched" : pattern;
    const labels = { method: c.req.method, route, status: String(c.res.status) };
    requests.inc(labels);
    duration.observe(labels, (performance.now() - started) / 1_000);
  };

  return { registry, middleware };
}
