import { Pause, Play } from "lucide-react";
import { useState, type ReactNode } from "react";
import { CardDisclosure } from "./card-disclosure";
import { toast } from "sonner";
import type { WorkflowStatus } from "../../../../../core/contracts/workflows";
import { Button } from "../../../components/ui/button";
import type { ExecutionStarted, Workflow } from "../../../../../core/contracts/workflow-responses";
import { formatCount } from "../lib/console-format";
import { CONSOLE_MESSAGES } from "../lib/console-messages";
import { failureDescription } from "../../../lib/api-client";
import { WORKFLOW_STATUS_LABELS, describeTrigger, type WorkflowMode } from "../lib/workflow-display";
import { ExecutionsPanel } from "./executions-panel";
import { StatusBadge } from "./status-badge";
import { TimeText } from "./time-text";

interface WorkflowCardProps {
  workflow: Workflow;
  mode: WorkflowMode;
  now: number;
  changeStatus: (id: string, status: WorkflowStatus) => Promise<void>;
  run: (id: string) => Promise<ExecutionStarted>;
  /** Reads the workflow list again (its last run and executions count). */
  refreshWorkflows: () => void;
}

/** One workflow: its facts, Run now, Enable/Disable, and (opened) its recent executions. */
export function WorkflowCard({ workflow, mode, now, changeStatus, run, refreshWorkflows }: WorkflowCardProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<"run" | "status" | null>(null);
  /** Bumped after a run so the open panel reads the executions again. */
  const [runs, setRuns] = useState(0);
  const active = workflow.status === "active";

  async function runNow() {
    setBusy("run");
    try {
      const started = await run(workflow.id);
      toast.success(CONSOLE_MESSAGES.runStarted, { description: `“${workflow.name}” is ${started.status} as ${started.execution_id}.` });
      setRuns((count) => count + 1);
      setOpen(true);
    } catch (error) {
      toast.error(CONSOLE_MESSAGES.runFailed, { description: failureDescription(error) });
    }
    setBusy(null);
  }

  async function toggleStatus() {
    setBusy("status");
    try {
      await changeStatus(workflow.id, active ? "draft" : "active");
      toast.success(active ? CONSOLE_MESSAGES.disabled : CONSOLE_MESSAGES.enabled, {
        description: active ? `“${workflow.name}” no longer runs on its trigger.` : `“${workflow.name}” runs on its trigger again.`,
      });
    } catch (error) {
      toast.error(CONSOLE_MESSAGES.statusFailed, { description: failureDescription(error) });
    }
    setBusy(null);
  }

  return (
    <article aria-label={workflow.name} className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-col gap-4 p-4 sm:p-5 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-base font-semibold break-words text-slate-900">{workflow.name}</h2>
            <StatusBadge tone={active ? "green" : "slate"}>{WORKFLOW_STATUS_LABELS[workflow.status]}</StatusBadge>
          </div>
          {workflow.description && <p className="mt-1 text-sm break-words text-slate-600">{workflow.description}</p>}
          <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
            <Fact label="Trigger">{describeTrigger(workflow.trigger)}</Fact>
            <Fact label="Last run">{workflow.last_run ? <TimeText iso={workflow.last_run} now={now} /> : "Never"}</Fact>
            <Fact label="Executions">{formatCount(workflow.executions)}</Fact>
          </dl>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button size="sm" onClick={() => void runNow()} disabled={busy !== null} aria-busy={busy === "run"} aria-label={`Run now: ${workflow.name}`}>
            <Play aria-hidden className="size-4" />
            {busy === "run" ? "Starting..." : "Run now"}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => void toggleStatus()}
            disabled={busy !== null}
            aria-busy={busy === "status"}
            aria-label={`${active ? "Disable" : "Enable"} ${workflow.name}`}
          >
            {active ? <Pause aria-hidden className="size-4" /> : <Play aria-hidden className="size-4" />}
            {active ? "Disable" : "Enable"}
          </Button>
        </div>
      </div>
      <CardDisclosure label="Recent executions" open={open} onToggle={() => setOpen((value) => !value)}>
        <ExecutionsPanel workflowId={workflow.id} mode={mode} now={now} refreshKey={runs} lastRun={workflow.last_run} onRunsChanged={refreshWorkflows} />
      </CardDisclosure>
    </article>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="break-words text-slate-800">{children}</dd>
    </div>
  );
}
