import type { z } from "@hono/zod-openapi";
import { ActionSchema } from "../../core/contracts/actions/action-registry.js";
import { EXECUTION_STATUSES, STEP_STATUSES, TRIGGER_TYPES, TriggerSchema, WORKFLOW_STATUSES } from "../../core/contracts/workflows.js";
import type { ExecutionSchema, ExecutionStepSchema, ExecutionSummarySchema, WorkflowSchema } from "../../core/contracts/workflow-responses.js";
import { serializeAttemptHistory } from "./attempt-history.js";
import type { ExecutionRow, StepRow } from "./execution-queries.js";
import { hookUrl } from "./hook-secret.js";
import type { WorkflowRow } from "./workflow-queries.js";

/** Rows to public JSON, field by field; nothing stored is passed through unread. */

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function oneOf<T extends string>(values: readonly T[], value: string, fallback: T): T {
  return values.find((candidate) => candidate === value) ?? fallback;
}

export function serializeWorkflow(row: WorkflowRow, publicUrl: string): z.infer<typeof WorkflowSchema> {
  // Stored definitions were validated on save; parsing again gives them their declared type.
  const trigger = TriggerSchema.parse(row.trigger);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: oneOf(WORKFLOW_STATUSES, row.status, "draft"),
    trigger,
    actions: ActionSchema.array().parse(row.actions),
    webhook_url: trigger.type === "webhook" ? hookUrl(publicUrl, row.id, row.hook_secret) : null,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    last_run: iso(row.last_run_at),
    executions: row.executions,
  };
}

function executionError(value: unknown): { code: string; message: string } | null {
  if (value === null || typeof value !== "object") return null;
  const { code, message } = value as Record<string, unknown>;
  return { code: typeof code === "string" ? code : "ACTION_FAILED", message: typeof message === "string" ? message : "" };
}

function objectOf(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export function serializeExecutionSummary(row: ExecutionRow): z.infer<typeof ExecutionSummarySchema> {
  const started = row.started_at ? new Date(row.started_at) : null;
  const finished = row.finished_at ? new Date(row.finished_at) : null;
  return {
    id: row.id,
    workflow_id: row.workflow_id,
    status: oneOf(EXECUTION_STATUSES, row.status, "queued"),
    trigger_type: oneOf(TRIGGER_TYPES, row.trigger_type, "manual"),
    trigger_data: objectOf(row.trigger_data),
    mode: row.mode === "test" ? "test" : "live",
    queued_at: new Date(row.queued_at).toISOString(),
    started_at: iso(started),
    finished_at: iso(finished),
    duration_ms: started && finished ? finished.getTime() - started.getTime() : null,
    error: executionError(row.error),
    rerun_of: row.rerun_of,
  };
}

export function serializeStep(row: StepRow): z.infer<typeof ExecutionStepSchema> {
  return {
    index: row.step_index,
    name: row.name,
    type: row.type,
    status: oneOf(STEP_STATUSES, row.status, "pending"),
    input: row.input ?? null,
    output: row.output ?? null,
    attempts: row.attempts,
    error: executionError(row.error),
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
    attempt_history: serializeAttemptHistory(row),
  };
}

export function serializeExecution(row: ExecutionRow, steps: StepRow[]): z.infer<typeof ExecutionSchema> {
  return { ...serializeExecutionSummary(row), steps: steps.map(serializeStep) };
}
