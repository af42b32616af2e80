import type { ServiceStatus, StatusComponentId, StatusDay } from "../../core/contracts/status.js";

/**
 * The status page's arithmetic over probe samples (one per component per minute): uptime,
 * daily history, median response time and the current status. Pure functions of their input.
 */

export type StatusCounts = Record<ServiceStatus, number>;

export interface RecentSample {
  status: ServiceStatus;
  latency_ms: number | null;
  checked_at: Date;
}

/** A sample older than this no longer describes the present: the probe has stopped running. */
export const FRESH_SAMPLE_MS = 5 * 60_000;

/** A day under this uptime shows as down rather than degraded (more than 72 minutes down). */
export const DAY_DOWN_BELOW_PERCENT = 95;

/** Components that run inside the engine, which also runs the probe. */
const ENGINE_HOSTED: ReadonlySet<StatusComponentId> = new Set(["queue_workers", "webhook_delivery", "analytics_engine"]);

const SEVERITY: Record<ServiceStatus, number> = { operational: 0, degraded: 1, down: 2 };

export function emptyCounts(): StatusCounts {
  return { operational: 0, degraded: 0, down: 0 };
}

export function addCounts(a: StatusCounts, b: StatusCounts): StatusCounts {
  return { operational: a.operational + b.operational, degraded: a.degraded + b.degraded, down: a.down + b.down };
}

/**
 * The share of samples in which the component was up (a degraded component still serves), in
 * percent, rounded down to two decimals so that any downtime at all keeps it under 100.
 */
export function uptimePercent(counts: StatusCounts): number | null {
  const total = counts.operational + counts.degraded + counts.down;
  if (total === 0) return null;
  return Math.floor(((counts.operational + counts.degraded) / total) * 10_000) / 100;
}

/** A day's colour: down under 95 % uptime, degraded after any degraded or down sample. */
export function dayStatus(counts: StatusCounts): ServiceStatus | null {
  const uptime = uptimePercent(counts);
  if (uptime === null) return null;
  if (uptime < DAY_DOWN_BELOW_PERCENT) return "down";
  return counts.degraded > 0 || counts.down > 0 ? "degraded" : "operational";
}

/** YYYY-MM-DD of the UTC day `at` falls on. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The last `days` UTC days ending with today's, oldest first; days without samples have no status. */
export function dailyHistory(countsByDay: ReadonlyMap<string, StatusCounts>, now: Date, days: number): StatusDay[] {
  const todayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const history: StatusDay[] = [];
  for (let offset = days - 1; offset >= 0; offset--) {
    const date = utcDay(new Date(todayStart - offset * 86_400_000));
    const counts = countsByDay.get(date) ?? emptyCounts();
    history.push({ date, status: dayStatus(counts), uptime_percent: uptimePercent(counts) });
  }
  return history;
}

/** The first instant of the window `dailyHistory` covers. */
export function historyStart(now: Date, days: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (days - 1) * 86_400_000);
}

/** The median of the samples' response times (down samples have none), rounded to a millisecond. */
export function medianLatency(samples: readonly RecentSample[]): number | null {
  const values = samples.flatMap((sample) => (sample.latency_ms === null ? [] : [sample.latency_ms])).sort((a, b) => a - b);
  if (values.length === 0) return null;
  const middle = Math.floor(values.length / 2);
  const median = values.length % 2 === 1 ? (values[middle] ?? 0) : ((values[middle - 1] ?? 0) + (values[middle] ?? 0)) / 2;
  return Math.round(median);
}

/**
 * The component's status now: its latest sample while fresh. Without a fresh sample the probe
 * is not running, which means no engine runs: the engine's own components are down, while the
 * gateway and database are up, as the answer carrying this status (read from the database by a
 * gateway) shows.
 */
export function currentStatus(component: StatusComponentId, latest: RecentSample | undefined, now: Date): ServiceStatus {
  if (latest && now.getTime() - latest.checked_at.getTime() <= FRESH_SAMPLE_MS) return latest.status;
  return ENGINE_HOSTED.has(component) ? "down" : "operational";
}

/** The worst of the statuses (operational when there are none). */
export function worstStatus(statuses: readonly ServiceStatus[]): ServiceStatus {
  return statuses.reduce<ServiceStatus>((worst, status) => (SEVERITY[status] > SEVERITY[worst] ? status : worst), "operational");
}
