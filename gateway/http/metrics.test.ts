import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { expositionProblems, metricTypes, promtoolComplaints } from "../../testing/metrics-exposition.js";
import type { AppEnv } from "../app-env.js";
import { createHttpMetrics } from "./metrics.js";

/** An app whose every request is observed as if it had started `ageMs` earlier. */
function observedApp(ageMs: number) {
  const metrics = createHttpMetrics();
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    const started = performance.now() - ageMs;
    await next();
    metrics.observe(c, started);
  });
  app.get("/items/:id", (c) => c.json({ id: c.req.param("id") }));
  app.get('/say/"hi"', (c) => c.text("hi"));
  return { app, metrics };
}

describe("request metrics", () => {
  it("count requests and their latency per route pattern and status, in Prometheus's text format", async () => {
    const { app, metrics } = observedApp(30);
    for (const id of ["a", "b", "c"]) await app.request(`/items/${id}`);
    await app.request("/nowhere");
    const text = await metrics.render();
    const labels = 'method="GET",route="/items/:id",status="200"';
    expect(text).toContain(`# TYPE http_requests_total counter\n`);
    expect(text).toContain(`\nhttp_requests_total{${labels}} 3\n`);
    expect(text).toContain(`\nhttp_requests_total{method="GET",route="unmatched",status="404"} 1\n`);
    expect(text).toContain(`# TYPE http_request_duration_seconds histogram\n`);
    // About 30 ms: above the 25 ms bound, within 50 ms; buckets are cumulative.
    expect(text).toContain(`\nhttp_request_duration_seconds_bucket{le="0.025",${labels}} 0\n`);
    expect(text).toContain(`\nhttp_request_duration_seconds_bucket{le="0.05",${labels}} 3\n`);
    expect(text).toContain(`\nhttp_request_duration_seconds_bucket{le="5",${labels}} 3\n`);
    expect(text).toContain(`\nhttp_request_duration_seconds_bucket{le="+Inf",${labels}} 3\n`);
    expect(text).toContain(`\nhttp_request_duration_seconds_count{${labels}} 3\n`);
    const sum = Number(/\nhttp_request_duration_seconds_sum\{method="GET",route="\/items\/:id",status="200"\} (\S+)\n/.exec(text)?.[1]);
    expect(sum).toBeGreaterThanOrEqual(0.09);
    expect(sum).toBeLessThan(0.15);
    expect(text, "never a raw path").not.toMatch(/items\/[abc]/);
    // prom-client's default process metrics come first.
    expect(text).toMatch(/^# HELP process_cpu_user_seconds_total/);
  });

  it("escape label values", async () => {
    const { app, metrics } = observedApp(0);
    await app.request('/say/"hi"');
    expect(await metrics.render()).toContain('http_requests_total{method="GET",route="/say/\\"hi\\"",status="200"} 1');
  });

  it("put a latency above every bound in +Inf only", async () => {
    const { app, metrics } = observedApp(6_000);
    await app.request("/items/a");
    const text = await metrics.render();
    expect(text).toContain('http_request_duration_seconds_bucket{le="5",method="GET",route="/items/:id",status="200"} 0');
    expect(text).toContain('http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/items/:id",status="200"} 1');
  });

  it("follow Prometheus's naming conventions: no gauge named _total, HELP and TYPE for each", async () => {
    const { app, metrics } = observedApp(0);
    await app.request("/items/a");
    const text = await metrics.render();
    expect(expositionProblems(text)).toEqual([]);
    // prom-client's totals of the per-type gauges were gauges named ..._total.
    expect(metricTypes(text).get("nodejs_active_handles")).toBe("gauge");
    expect(text).not.toContain("nodejs_active_handles_total");
    expect(promtoolComplaints(text) ?? "promtool is not installed").toMatch(/^(|promtool is not installed)$/);
  });
});
