import { Registry, collectDefaultMetrics } from "prom-client";

/**
 * prom-client's totals of the per-type gauges nodejs_active_handles, _requests and _resources:
 * gauges whose names end in _total, which Prometheus keeps for counters. The per-type gauges stay;
 * `sum(nodejs_active_handles)` gives the total.
 */
const GAUGES_NAMED_AS_COUNTERS = ["nodejs_active_handles_total", "nodejs_active_requests_total", "nodejs_active_resources_total"];

/** A registry holding the process's default metrics (CPU, memory, event loop, GC, handles). */
export function createProcessMetricsRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  for (const name of GAUGES_NAMED_AS_COUNTERS) registry.removeSingleMetric(name);
  return registry;
}
