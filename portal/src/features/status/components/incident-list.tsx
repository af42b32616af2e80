import type { StatusIncident } from "../../../../../core/contracts/status";
import { INCIDENT_IMPACT_LABELS, INCIDENT_STATUS_LABELS, formatTimestamp } from "../lib/status-display";

const CLOSED = new Set(["resolved", "completed"]);

/** The latest incidents and maintenance, newest first. */
export function IncidentList({ incidents }: { incidents: readonly StatusIncident[] }) {
  return (
    <section aria-labelledby="incidents-heading">
      <h2 id="incidents-heading" className="text-xl font-semibold text-slate-900">
        Recent incidents
      </h2>
      {incidents.length === 0 ? (
        <p className="mt-4 rounded-xl border border-slate-200 bg-white p-5 text-slate-600">No incidents reported.</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {incidents.map((incident) => (
            <li key={incident.id} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h3 className="font-semibold text-slate-900">{incident.title}</h3>
                <span
                  className={
                    CLOSED.has(incident.status)
                      ? "rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-600/30 ring-inset"
                      : "rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-600/30 ring-inset"
                  }
                >
                  {INCIDENT_STATUS_LABELS[incident.status]}
                </span>
              </div>
              {incident.description && <p className="mt-2 text-sm text-slate-700">{incident.description}</p>}
              <p className="mt-2 text-xs text-slate-600">
                {INCIDENT_IMPACT_LABELS[incident.impact]} · Started {formatTimestamp(incident.started_at)}
                {incident.resolved_at && ` · Ended ${formatTimestamp(incident.resolved_at)}`}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
