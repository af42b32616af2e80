import { Plus } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import type { Incident } from "../../../../../core/contracts/admin";
import { Button } from "../../../components/ui/button";
import { useRemote } from "../../../hooks/use-remote";
import { listIncidents } from "../api/admin-api";
import { formatDateTime } from "../lib/admin-dates";
import { ADMIN_MESSAGES, failureMessage } from "../lib/admin-messages";
import { statusLabel } from "../lib/billing-display";
import { AdminPanel, RemoteContent } from "./admin-panel";
import { IncidentDialog } from "./incident-dialog";

type Editing = { incident?: Incident } | null;

/** The incidents shown on /status: list, create, and change text, status or impact. */
export function IncidentsPanel() {
  const { state, reload } = useRemote(listIncidents, (error) => toast.error(ADMIN_MESSAGES.incidentsFetchFailed, { id: "admin-incidents", description: failureMessage(error) }));
  const [editing, setEditing] = useState<Editing>(null);

  return (
    <AdminPanel
      id="admin-incidents"
      title="Incidents"
      description="What the public status page shows under recent incidents."
      actions={
        <Button size="sm" onClick={() => setEditing({})}>
          <Plus aria-hidden className="size-4" />
          New Incident
        </Button>
      }
    >
      <RemoteContent
        state={state}
        loadingText="Loading incidents..."
        errorText={ADMIN_MESSAGES.incidentsFetchFailed}
        onRetry={() => reload(true)}
        isEmpty={(incidents) => incidents.length === 0}
        emptyText="No incidents recorded."
      >
        {(incidents) => (
          <ul aria-label="Incidents, newest first" className="divide-y divide-slate-200 rounded-xl border border-slate-200">
            {incidents.map((incident) => (
              <li key={incident.id} className="flex flex-wrap items-start justify-between gap-3 p-4">
                <div className="min-w-0 flex-1 basis-64">
                  <h3 className="font-semibold break-words text-slate-900">{incident.title}</h3>
                  <p className="mt-1 text-xs text-slate-600">
                    {statusLabel(incident.status)} · {statusLabel(incident.impact)} impact · started {formatDateTime(incident.started_at)}
                    {incident.resolved_at && ` · resolved ${formatDateTime(incident.resolved_at)}`}
                  </p>
                  {incident.description && <p className="mt-2 text-sm break-words whitespace-pre-line text-slate-700">{incident.description}</p>}
                </div>
                <Button variant="secondary" size="sm" onClick={() => setEditing({ incident })} aria-label={`Edit incident ${incident.title}`}>
                  Edit
                </Button>
              </li>
            ))}
          </ul>
        )}
      </RemoteContent>
      {editing && <IncidentDialog {...(editing.incident ? { incident: editing.incident } : {})} onClose={() => setEditing(null)} onSaved={() => reload()} />}
    </AdminPanel>
  );
}
