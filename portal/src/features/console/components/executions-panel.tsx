import { RefreshCw } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { toast } from "sonner";
import { Button } from "../../../components/ui/button";
import { useRemote } from "../../../hooks/use-remote";
import { cancelExecution, listExecutions } from "../api/workflows-api";
import type { ExecutionSummary } from "../../../../../core/contracts/workflow-responses";
import { usePolling } from "../hooks/use-polling";
import { formatDuration } from "../lib/console-format";
import { CONSOLE_MESSAGES } from "../lib/console-messages";
import { failureDescription } from "../../../lib/api-client";
import { EXECUTION_STATUS_LABELS, isUnfinished, shortId, startedAfter, statusTone, type WorkflowMode } from "../lib/workflow-display";
import { ExecutionSteps } from "./execution-steps";
import { ErrorState, LoadingState } from "../../../components/ui/section-states";
import { StatusBadge } from "./status-badge";
import { TimeText } from "./time-text";

interface ExecutionsPanelProps {
  workflowId: string;
  mode: WorkflowMode;
  now: number;
  /** Changes after a run: the list is read again. */
  refreshKey: number;
  /** The workflow's last run as the card shows it. */
  lastRun: string | null;
  /** An execution started after the card's last run: the workflow is read again. */
  onRunsChanged: () => void;
}

/** A workflow's recent executions, newest first, read again every few seconds while one is unfinished. */
export function ExecutionsPanel({ workflowId, mode, now, refreshKey, lastRun, onRunsChanged }: ExecutionsPanelProps) {
  const load = useCallback((signal: AbortSignal) => listExecutions(workflowId, mode, signal), [workflowId, mode]);
  const { state, reload, update } = useRemote(load, (error) =>
    toast.error(CONSOLE_MESSAGES.executionsFetchFailed, { id: `executions-${workflowId}`, description: failureDescription(error) }),
  );
  const refresh = useCallback(() => reload(), [reload]);
  const seenRefreshKey = useRef(refreshKey);
  useEffect(() => {
    if (seenRefreshKey.current === refreshKey) return;
    seenRefreshKey.current = refreshKey;
    reload();
  }, [refreshKey, reload]);
  const unfinished = state.status === "ready" ? state.data.filter((execution) => isUnfinished(execution.status)).length : 0;
  usePolling(unfinished > 0, refresh);
  const cardBehind = state.status === "ready" && startedAfter(state.data, lastRun);
  useEffect(() => {
    if (cardBehind) onRunsChanged();
  }, [cardBehind, onRunsChanged]);

  const replace = useCallback(
    (changed: ExecutionSummary) => update((executions) => executions.map((execution) => (execution.id === changed.id ? changed : execution))),
    [update],
  );

  if (state.status === "loading") return <LoadingState label="Loading executions..." rows={1} />;
  if (state.status === "error") return <ErrorState title="The executions could not be loaded." onRetry={() => reload(true)} />;
  return (
    <div>
      <div className="flex items-center justify-between gap-3">
        <h3 className="text-sm font-semibold text-slate-900">Latest {state.data.length === 1 ? "execution" : `${state.data.length} executions`}</h3>
        <Button size="sm" variant="ghost" onClick={refresh} aria-label="Refresh executions">
          <RefreshCw aria-hidden className="size-4" />
          Refresh
        </Button>
      </div>
      {state.data.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No executions yet. Run the workflow now, or trigger it, to see one here.</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {state.data.map((execution) => (
            <li key={execution.id}>
              <ExecutionItem execution={execution} mode={mode} now={now} onChanged={replace} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

interface ExecutionItemProps {
  execution: ExecutionSummary;
  /** The workflow's name, where the list mixes workflows. */
  workflowName?: string;
  mode: WorkflowMode;
  now: number;
  onChanged: (execution: ExecutionSummary) => void;
}

/** One execution: status, id, timing and error; cancel while unfinished, and its steps on demand. */
export function ExecutionItem({ execution, workflowName, mode, now, onChanged }: ExecutionItemProps) {
  const stepsId = useId();
  const [open, setOpen] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const unfinished = isUnfinished(execution.status);

  async function cancel() {
    setCancelling(true);
    try {
      onChanged(await cancelExecution(execution.id, mode));
      toast.success(CONSOLE_MESSAGES.cancelled);
    } catch (error) {
      toast.error(CONSOLE_MESSAGES.cancelFailed, { description: failureDescription(error) });
    }
    setCancelling(false);
  }

  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-slate-50">
      <div className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          {workflowName !== undefined && <span className="w-full font-semibold break-words text-slate-900">{workflowName}</span>}
          <StatusBadge tone={statusTone(execution.status)}>{EXECUTION_STATUS_LABELS[execution.status]}</StatusBadge>
          <code className="font-mono text-xs text-slate-700" title={execution.id}>
            {shortId(execution.id)}
          </code>
          <span className="text-slate-700">
            Queued <TimeText iso={execution.queued_at} now={now} />
          </span>
          <span className="text-slate-700">Duration: {formatDuration(execution.duration_ms)}</span>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          {unfinished && (
            <Button size="sm" variant="secondary" onClick={() => void cancel()} disabled={cancelling} aria-busy={cancelling}>
              {cancelling ? "Cancelling..." : "Cancel"}
            </Button>
          )}
          <Button size="sm" variant="secondary" aria-expanded={open} aria-controls={stepsId} onClick={() => setOpen((value) => !value)}>
            {open ? "Hide steps" : "Show steps"}
          </Button>
        </div>
      </div>
      {execution.error && (
        <p className="border-t border-slate-200 px-3 py-2 text-sm break-words text-red-800">
          <span className="font-mono font-semibold">{execution.error.code}</span>: {execution.error.message}
        </p>
      )}
      {open && (
        <div id={stepsId} className="border-t border-slate-200 bg-white p-3">
          <ExecutionSteps executionId={execution.id} mode={mode} status={execution.status} />
        </div>
      )}
    </div>
  );
}
