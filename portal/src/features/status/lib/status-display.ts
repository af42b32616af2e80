import type { IncidentImpact, IncidentStatus, ServiceStatus, StatusDay } from "../../../../../core/contracts/status";

/** Words, colours and number formats of the status page. */

export const STATUS_LABELS: Record<ServiceStatus, string> = {
  operational: "Operational",
  degraded: "Degraded",
  down: "Down",
};

export const OVERALL_HEADLINES: Record<ServiceStatus, string> = {
  operational: "All Systems Operational",
  degraded: "Some Systems Degraded",
  down: "Service Disruption",
};

/** Badge colours; text on these backgrounds meets 4.5:1. */
export const STATUS_BADGE_CLASSES: Record<ServiceStatus, string> = {
  operational: "bg-emerald-50 text-emerald-800 ring-emerald-600/30",
  degraded: "bg-amber-50 text-amber-900 ring-amber-600/30",
  down: "bg-red-50 text-red-800 ring-red-600/30",
};

export const STATUS_BANNER_CLASSES: Record<ServiceStatus, string> = {
  operational: "border-emerald-200 bg-emerald-50 text-emerald-900",
  degraded: "border-amber-200 bg-amber-50 text-amber-950",
  down: "border-red-200 bg-red-50 text-red-900",
};

/** History bar fills; a day without data is light grey. */
export const DAY_BAR_CLASSES: Record<ServiceStatus | "none", string> = {
  operational: "bg-emerald-500",
  degraded: "bg-amber-500",
  down: "bg-red-600",
  none: "bg-slate-200",
};

/** The words for a day the probe took no sample (before the first run, or while it was stopped). */
export const NO_DATA_LABEL = "No data";

/** The legend of the history bars: every fill they use, with its word. */
export const DAY_BAR_LEGEND: readonly { key: ServiceStatus | "none"; label: string; className: string }[] = [
  ...(["operational", "degraded", "down"] as const).map((status) => ({ key: status, label: STATUS_LABELS[status], className: DAY_BAR_CLASSES[status] })),
  { key: "none", label: NO_DATA_LABEL, className: DAY_BAR_CLASSES.none },
];

export const INCIDENT_STATUS_LABELS: Record<IncidentStatus, string> = {
  investigating: "Investigating",
  identified: "Identified",
  monitoring: "Monitoring",
  resolved: "Resolved",
  completed: "Completed",
};

export const INCIDENT_IMPACT_LABELS: Record<IncidentImpact, string> = {
  none: "Maintenance",
  minor: "Minor impact",
  major: "Major impact",
  critical: "Critical impact",
};

/** "99.95%", or "No data yet" before the first sample. */
export function formatUptime(percent: number | null): string {
  return percent === null ? "No data yet" : `${percent.toFixed(2)}%`;
}

/** "42 ms", or an en dash without a measurement. */
export function formatLatency(ms: number | null): string {
  return ms === null ? "–" : `${ms.toLocaleString("en-US")} ms`;
}

const dayFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const timeFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** "Nov 21, 2026: Degraded, 99.93% uptime" or "Nov 21, 2026: No data" — one history bar in words, as the legend names it. */
export function describeDay(day: StatusDay): string {
  const date = dayFormat.format(new Date(`${day.date}T00:00:00Z`));
  if (day.status === null || day.uptime_percent === null) return `${date}: ${NO_DATA_LABEL}`;
  return `${date}: ${STATUS_LABELS[day.status]}, ${formatUptime(day.uptime_percent)} uptime`;
}

/** "Nov 21, 2026, 2:05 PM UTC". */
export function formatTimestamp(iso: string): string {
  return `${timeFormat.format(new Date(iso))} UTC`;
}

/** Days of the history that were not fully operational (with data), for the summary under the bars. */
export function countIncidentDays(history: readonly StatusDay[]): number {
  return history.filter((day) => day.status === "degraded" || day.status === "down").length;
}
