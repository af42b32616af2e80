import { useCallback } from "react";
import { toast } from "sonner";
import type { ExecutionStatus } from "../../../../../core/contracts/workflows";
import { useRemote } from "../../../hooks/use-remote";
import { getExecution } from "../api/workflows-api";
import type { ExecutionStep } from "../../../../../core/contracts/workflow-responses";
import { usePolling } from "../hooks/use-polling";
import { formatDuration, formatJson } from "../lib/console-format";
import { CONSOLE_MESSAGES } from "../lib/console-messages";
import { failureDescription } from "../../../lib/api-client";
import { STEP_STATUS_LABELS, isUnfinished, statusTone, type WorkflowMode } from "../lib/workflow-display";
import { ErrorState, LoadingState } from "../../../components/ui/section-states";
import { StatusBadge } from "./status-badge";
import { StepAttempts } from "./step-attempts";

interface ExecutionStepsProps {
  executionId: string;
  mode: WorkflowMode;
  /** The status the list shows: while unfinished, the steps are read again every few seconds. */
  status: ExecutionStatus;
}

/** One execution's trigger data and steps: each with its status, attempts (one by one), timing, input, output and error. */
export function ExecutionSteps({ executionId, mode, status }: ExecutionStepsProps) {
  const load = useCallback((signal: AbortSignal) => getExecution(executionId, mode, signal), [executionId, mode]);
  const { state, reload } = useRemote(load, (error) =>
    toast.error(CONSOLE_MESSAGES.executionFetchFailed, { id: `execution-${executionId}`, description: failureDescription(error) }),
  );
  const refresh = useCallback(() => reload(), [reload]);
  usePolling(isUnfinished(state.status === "ready" ? state.data.status : status), refresh);

  if (state.status === "loading") return <LoadingState label="Loading steps..." rows={1} />;
  if (state.status === "error") return <ErrorState title="The execution could not be loaded." onRetry={() => reload(true)} />;
  const execution = state.data;
  return (
    <div className="space-y-3">
      <JsonBlock summary="Trigger data" value={execution.trigger_data} />
      {execution.steps.length === 0 ? (
        <p className="text-sm text-slate-600">{isUnfinished(execution.status) ? "No step has started yet: the run is waiting for a worker." : "No step ran."}</p>
      ) : (
        <ol className="space-y-3">
          {execution.steps.map((step) => (
            <li key={step.index}>
              <StepItem step={step} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function StepItem({ step }: { step: ExecutionStep }) {
  const duration = step.started_at && step.finished_at ? Date.parse(step.finished_at) - Date.parse(step.started_at) : null;
  return (
    <div className="rounded-lg border border-slate-200 p-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="font-semibold break-all text-slate-900">
          {step.index + 1}. {step.name}
        </span>
        <code className="font-mono text-xs text-slate-600">{step.type}</code>
        <StatusBadge tone={statusTone(step.status)}>{STEP_STATUS_LABELS[step.status]}</StatusBadge>
        <span className="text-slate-700">
          {step.attempts} {step.attempts === 1 ? "attempt" : "attempts"}
        </span>
        <span className="text-slate-700">Duration: {formatDuration(duration)}</span>
      </div>
      {step.error && (
        <p className="mt-2 rounded-md bg-red-50 px-3 py-2 text-sm break-words text-red-800">
          <span className="font-mono font-semibold">{step.error.code}</span>: {step.error.message}
        </p>
      )}
      <StepAttempts stepName={step.name} attempts={step.attempt_history} />
      <div className="mt-2 grid items-start gap-2 md:grid-cols-2">
        <JsonBlock summary="Input" value={step.input} />
        <JsonBlock summary="Output" value={step.output} />
      </div>
    </div>
  );
}

/** JSON folded under its name; the block scrolls inside itself, never the page. */
function JsonBlock({ summary, value }: { summary: string; value: unknown }) {
  return (
    <details className="min-w-0 rounded-md border border-slate-200 bg-slate-50">
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-slate-800">{summary}</summary>
      <pre tabIndex={0} className="max-h-64 overflow-auto border-t border-slate-200 px-3 py-2 font-mono text-xs text-slate-800">
        {formatJson(value)}
      </pre>
    </details>
  );
}
