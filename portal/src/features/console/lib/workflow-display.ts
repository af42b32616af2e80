import type { AttemptOutcome } from "../../../../../core/contracts/step-attempts";
import type { ExecutionStatus, StepStatus, Trigger, WorkflowStatus } from "../../../../../core/contracts/workflows";

/** How workflows, their executions and steps read in the dashboard. */

export type WorkflowMode = "live" | "test";

export const WORKFLOW_STATUS_LABELS: Record<WorkflowStatus, string> = { active: "Active", draft: "Disabled" };

export const EXECUTION_STATUS_LABELS: Record<ExecutionStatus, string> = {
  queued: "Queued",
  running: "Running",
  completed: "Completed",
  failed: "Failed",
  cancelled: "Cancelled",
};

export const STEP_STATUS_LABELS: Record<StepStatus, string> = {
  pending: "Pending",
  running: "Running",
  completed: "Completed",
  failed: "Failed",
  skipped: "Skipped",
  cancelled: "Cancelled",
};

export const ATTEMPT_OUTCOME_LABELS: Record<AttemptOutcome, string> = {
  succeeded: "Succeeded",
  dry_run: "Dry run",
  failed: "Failed",
  timed_out: "Timed out",
  running: "Running",
  cancelled: "Cancelled",
  interrupted: "Interrupted",
};

/** The colour family of a status badge. */
export type Tone = "green" | "red" | "amber" | "blue" | "slate";

const STATUS_TONES: Record<ExecutionStatus | StepStatus, Tone> = {
  queued: "slate",
  pending: "slate",
  running: "blue",
  completed: "green",
  failed: "red",
  cancelled: "amber",
  skipped: "slate",
};

export function statusTone(status: ExecutionStatus | StepStatus): Tone {
  return STATUS_TONES[status];
}

const ATTEMPT_TONES: Record<AttemptOutcome, Tone> = {
  succeeded: "green",
  dry_run: "slate",
  failed: "red",
  timed_out: "red",
  running: "blue",
  cancelled: "amber",
  interrupted: "amber",
};

export function attemptTone(outcome: AttemptOutcome): Tone {
  return ATTEMPT_TONES[outcome];
}

/** An execution still on its way: its list and detail are read again until it ends. */
export function isUnfinished(status: ExecutionStatus): boolean {
  return status === "queued" || status === "running";
}

/**
 * Whether any of `executions` started after `lastRun`, the workflow's last run as last read: the
 * workflow's own facts are then behind. (Its list is read right after Run now, often before the
 * engine has started the execution, and a quick execution may be seen finished at first sight.)
 */
export function startedAfter(executions: ReadonlyArray<{ started_at: string | null }>, lastRun: string | null): boolean {
  const known = lastRun === null ? Number.NEGATIVE_INFINITY : Date.parse(lastRun);
  return executions.some((execution) => execution.started_at !== null && Date.parse(execution.started_at) > known);
}

/** "Manual", "Webhook", or "Schedule: 0 9 * * 1-5 (Europe/Paris)". */
export function describeTrigger(trigger: Trigger): string {
  switch (trigger.type) {
    case "manual":
      return "Manual";
    case "webhook":
      return "Webhook";
    case "schedule":
      return `Schedule: ${trigger.config.cron} (${trigger.config.timezone})`;
  }
}

/** "exec_1AbC…StUvW" is long: its last 8 characters tell runs apart on screen. */
export function shortId(id: string): string {
  return id.length > 14 ? `…${id.slice(-8)}` : id;
}

/** A workflow's name where a list mixes workflows; one the dashboard does not know (deleted, say) by its short id. */
export function workflowLabel(id: string, names: ReadonlyMap<string, string>): string {
  return names.get(id) ?? `Workflow ${shortId(id)}`;
}
