import type { Context } from "hono";
import { routePath } from "hono/route";
import { Counter, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { AppEnv } from "../app-env.js";

export interface HttpMetrics {
  registry: Registry;
  /** Counts an answered request and its latency since `startedMs` (performance.now()). */
  observe: (c: Context<AppEnv>, startedMs: number) => void;
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

  // One pair of label children per (method, route pattern, status): resolving labels is the
  // costly part of an observation, and the set of patterns is small and fixed.
  const children = new Map<string, { count: { inc: () => void }; time: { observe: (seconds: number) => void } }>();

  const observe = (c: Context<AppEnv>, startedMs: number) => {
    // The pattern that answered, never the raw path: ids must not become label values.
    const pattern = routePath(c);
    const route = pattern === "" || pattern === "*" || pattern === "/*" ? "unmatched" : pattern;
    const status = String(c.res.status);
    const key = `${c.req.method} ${status} ${route}`;
    let child = children.get(key);
    if (!child) {
      child = { count: requests.labels(c.req.method, route, status), time: duration.labels(c.req.method, route, status) };
      children.set(key, child);
    }
    child.count.inc();
    child.time.observe((performance.now() - startedMs) / 1_000);
  };

  return { registry, observe };
}
