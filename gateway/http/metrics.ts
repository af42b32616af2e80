import type { Context } from "hono";
import { routePath } from "hono/route";
import { createProcessMetricsRegistry } from "../../core/metrics/process-metrics.js";
import type { AppEnv } from "../app-env.js";

export interface HttpMetrics {
  /** Counts an answered request and its latency since `startedMs` (performance.now()). */
  observe: (c: Context<AppEnv>, startedMs: number) => void;
  /** The Prometheus text exposition: the process's default metrics, then the request series. */
  render: () => Promise<string>;
  contentType: string;
}

const REQUESTS = { name: "http_requests_total", help: "HTTP requests answered, by method, route pattern and status." };
const DURATION = { name: "http_request_duration_seconds", help: "HTTP request latency in seconds, by method, route pattern and status." };
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** One (method, route pattern, status): its count, latency sum and per-bucket counts (the last is above every bound). */
interface Series {
  labels: string;
  count: number;
  sum: number;
  buckets: number[];
}

const escapeLabel = (value: string) => value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");

/**
 * Request counts and latency histograms, labelled by route pattern and status. The series are
 * kept here and written out on scrape in Prometheus's text format, as prom-client would: its
 * counters and histograms hash their labels on every observation, a cost every request paid.
 * prom-client still provides the process's default metrics.
 */
export function createHttpMetrics(): HttpMetrics {
  const registry = createProcessMetricsRegistry();
  const series = new Map<string, Series>();

  const observe = (c: Context<AppEnv>, startedMs: number) => {
    // The pattern that answered, never the raw path: ids must not become label values.
    const pattern = routePath(c);
    const route = pattern === "" || pattern === "*" || pattern === "/*" ? "unmatched" : pattern;
    const key = `${c.req.method} ${c.res.status} ${route}`;
    let one = series.get(key);
    if (!one) {
      one = { labels: `method="${escapeLabel(c.req.method)}",route="${escapeLabel(route)}",status="${c.res.status}"`, count: 0, sum: 0, buckets: new Array<number>(BUCKETS.length + 1).fill(0) };
      series.set(key, one);
    }
    const seconds = (performance.now() - startedMs) / 1_000;
    let bucket = 0;
    while (bucket < BUCKETS.length && seconds > BUCKETS[bucket]!) bucket++;
    one.buckets[bucket]!++;
    one.count++;
    one.sum += seconds;
  };

  const renderSeries = (): string => {
    const lines = [`# HELP ${REQUESTS.name} ${REQUESTS.help}`, `# TYPE ${REQUESTS.name} counter`];
    for (const one of series.values()) lines.push(`${REQUESTS.name}{${one.labels}} ${one.count}`);
    lines.push(`# HELP ${DURATION.name} ${DURATION.help}`, `# TYPE ${DURATION.name} histogram`);
    for (const one of series.values()) {
      let cumulative = 0;
      BUCKETS.forEach((bound, i) => {
        cumulative += one.buckets[i]!;
        lines.push(`${DURATION.name}_bucket{le="${bound}",${one.labels}} ${cumulative}`);
      });
      lines.push(`${DURATION.name}_bucket{le="+Inf",${one.labels}} ${one.count}`);
      lines.push(`${DURATION.name}_sum{${one.labels}} ${one.sum}`, `${DURATION.name}_count{${one.labels}} ${one.count}`);
    }
    return `${lines.join("\n")}\n`;
  };

  return {
    observe,
    render: async () => `${await registry.metrics()}\n${renderSeries()}`,
    contentType: registry.contentType,
  };
}
