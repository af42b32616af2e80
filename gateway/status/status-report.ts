import {
  IncidentImpactSchema,
  IncidentStatusSchema,
  STATUS_COMPONENTS,
  STATUS_HISTORY_DAYS,
  ServiceStatusSchema,
  type StatusComponent,
  type StatusIncident,
  type StatusPage,
} from "../../core/contracts/status.js";
import type { Database } from "../../core/db/client.js";
import {
  addCounts,
  currentStatus,
  dailyHistory,
  emptyCounts,
  historyStart,
  medianLatency,
  uptimePercent,
  utcDay,
  worstStatus,
  type RecentSample,
  type StatusCounts,
} from "./status-metrics.js";
import { countSamplesByDay, listLatestIncidents, listSamplesSince } from "./status-queries.js";

/** How many incidents the page lists. */
const INCIDENT_LIMIT = 10;
/** The window of the median response time. */
const LATENCY_WINDOW_MS = 3_600_000;

/** The public status page: every component's health, uptime, response time and history, and the latest incidents. */
export async function buildStatusReport(db: Database, now: Date): Promise<StatusPage> {
  const [dailyCounts, recent, incidents] = await Promise.all([
    countSamplesByDay(db, utcDay(historyStart(now, STATUS_HISTORY_DAYS))),
    listSamplesSince(db, new Date(now.getTime() - LATENCY_WINDOW_MS)),
    listLatestIncidents(db, INCIDENT_LIMIT),
  ]);

  const countsByComponent = new Map<string, Map<string, StatusCounts>>();
  for (const row of dailyCounts) {
    const status = ServiceStatusSchema.safeParse(row.status);
    if (!status.success) continue;
    const days = countsByComponent.get(row.component) ?? new Map<string, StatusCounts>();
    const counts = days.get(row.day) ?? emptyCounts();
    days.set(row.day, { ...counts, [status.data]: counts[status.data] + row.samples });
    countsByComponent.set(row.component, days);
  }
  const recentByComponent = new Map<string, RecentSample[]>();
  for (const row of recent) {
    const status = ServiceStatusSchema.safeParse(row.status);
    if (!status.success) continue;
    const samples = recentByComponent.get(row.component) ?? [];
    samples.push({ status: status.data, latency_ms: row.latency_ms, checked_at: row.checked_at });
    recentByComponent.set(row.component, samples);
  }

  const components = STATUS_COMPONENTS.map((definition): StatusComponent => {
    const days = countsByComponent.get(definition.id) ?? new Map<string, StatusCounts>();
    const samples = recentByComponent.get(definition.id) ?? [];
    const latest = samples.at(-1);
    return {
      ...definition,
      status: currentStatus(definition.id, latest, now),
      uptime_percent: uptimePercent([...days.values()].reduce(addCounts, emptyCounts())),
      latency_ms: medianLatency(samples),
      checked_at: latest ? latest.checked_at.toISOString() : null,
      history: dailyHistory(days, now, STATUS_HISTORY_DAYS),
    };
  });

  return {
    status: worstStatus(components.map((component) => component.status)),
    components,
    incidents: incidents.map(serializeIncident),
    generated_at: now.toISOString(),
  };
}

type IncidentRow = Awaited<ReturnType<typeof listLatestIncidents>>[number];

function serializeIncident(row: IncidentRow): StatusIncident {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    status: IncidentStatusSchema.parse(row.status),
    impact: IncidentImpactSchema.parse(row.impact),
    started_at: row.started_at.toISOString(),
    resolved_at: row.resolved_at ? row.resolved_at.toISOString() : null,
    updated_at: row.updated_at.toISOString(),
  };
}
