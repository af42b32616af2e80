import { useCallback, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "../../../components/ui/button";
import { useRemote } from "../../../hooks/use-remote";
import { listAudit, type AuditEntry } from "../api/admin-api";
import { useReloadOn } from "../hooks/use-reload-on";
import { formatDateTime } from "../lib/admin-dates";
import { ADMIN_MESSAGES, failureMessage } from "../lib/admin-messages";
import { AdminPanel, RemoteContent, ScrollTable, TD } from "./admin-panel";

function details(entry: AuditEntry): string {
  return entry.metadata === null || entry.metadata === undefined ? "" : JSON.stringify(entry.metadata);
}

/** The latest 50 administrator actions, optionally of one action (e.g. usage.set). */
export function AuditPanel({ version }: { version: number }) {
  const [draft, setDraft] = useState("");
  const [action, setAction] = useState("");
  const load = useCallback((signal: AbortSignal) => listAudit(action, signal), [action]);
  const { state, reload } = useRemote(load, (error) => toast.error(ADMIN_MESSAGES.auditFetchFailed, { id: "admin-audit", description: failureMessage(error) }));
  useReloadOn(version, reload);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAction(draft.trim());
  }

  return (
    <AdminPanel id="admin-audit" title="Audit Log" description="The latest 50 administrator actions, newest first.">
      <form role="search" aria-label="Audit log" onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor="audit-action" className="block text-sm font-medium text-slate-800">
            Action
          </label>
          <input
            id="audit-action"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder="e.g. usage.set"
            className="mt-1.5 block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 font-mono text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-none sm:text-sm"
          />
        </div>
        <Button type="submit" variant="secondary" className="h-11">
          Filter
        </Button>
      </form>
      <div className="mt-4">
        <RemoteContent
          state={state}
          loadingText="Loading audit log..."
          errorText={ADMIN_MESSAGES.auditFetchFailed}
          onRetry={() => reload(true)}
          isEmpty={(entries) => entries.length === 0}
          emptyText={action ? `No “${action}” actions.` : "No administrator actions yet."}
        >
          {(entries) => (
            <ScrollTable label="Audit log" columns={["Time", "Administrator", "Action", "Target", "Details"]}>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td className={`${TD} whitespace-nowrap text-slate-700`}>{formatDateTime(entry.created_at)}</td>
                  <td className={`${TD} break-all text-slate-900`}>{entry.actor_email ?? entry.actor_user_id ?? "System"}</td>
                  <td className={`${TD} font-mono text-xs whitespace-nowrap`}>{entry.action}</td>
                  <td className={`${TD} font-mono text-xs break-all`}>{[entry.target_type, entry.target_id].filter(Boolean).join(" ")}</td>
                  <td className={`${TD} max-w-md font-mono text-xs break-all text-slate-700`}>{details(entry)}</td>
                </tr>
              ))}
            </ScrollTable>
          )}
        </RemoteContent>
      </div>
    </AdminPanel>
  );
}
