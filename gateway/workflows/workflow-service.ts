import type { CreateWorkflowRequest, Trigger, UpdateWorkflowRequest } from "../../core/contracts/workflows.js";
import type { Database } from "../../core/db/client.js";
import { AppError, type ErrorDetail } from "../../core/errors.js";
import { newId } from "../../core/ids.js";
import type { Logger } from "../../core/logger.js";
import type { ProducerQueues } from "../../core/queues.js";
import { describeCronProblem, syncWorkflowSchedule } from "../../core/workflows/schedules.js";
import { generateHookSecret } from "./hook-secret.js";
import { insertWorkflow, softDeleteWorkflow, updateWorkflowRow, type Owner, type WorkflowRow } from "./workflow-queries.js";

export interface WorkflowDeps {
  db: Database;
  queues: ProducerQueues;
  logger: Logger;
}

function isTimeZone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}

/** A schedule trigger's cron and time zone must be something the scheduler can fire on. */
export function scheduleProblems(trigger: Trigger): ErrorDetail[] {
  if (trigger.type !== "schedule") return [];
  const { cron, timezone } = trigger.config;
  if (!isTimeZone(timezone)) return [{ field: "trigger.config.timezone", message: `Unknown time zone "${timezone}"` }];
  const problem = describeCronProblem(cron, timezone);
  if (!problem) return [];
  const field = problem.startsWith("unknown time zone") ? "trigger.config.timezone" : "trigger.config.cron";
  return [{ field, message: problem }];
}

function assertSchedulable(trigger: Trigger | undefined): void {
  const details = trigger ? scheduleProblems(trigger) : [];
  if (details.length > 0) throw new AppError("VALIDATION_FAILED", undefined, { details });
}

/**
 * Brings the workflow's job scheduler in line after a committed change. The change stands even
 * if Redis is away: the engine reconciles every schedule with the database periodically.
 */
async function syncSchedule(deps: WorkflowDeps, row: WorkflowRow): Promise<void> {
  try {
    await syncWorkflowSchedule(deps.queues, row);
  } catch (error) {
    deps.logger.warn({ err: error, workflow_id: row.id }, "workflow schedule sync failed; the engine will reconcile it");
  }
}

export async function createWorkflow(deps: WorkflowDeps, owner: Owner, request: CreateWorkflowRequest, now: Date): Promise<WorkflowRow> {
  assertSchedulable(request.trigger);
  const row = await insertWorkflow(deps.db, owner, {
    id: newId("wf", now.getTime()),
    name: request.name,
    description: request.description ?? null,
    status: request.status,
    trigger: request.trigger,
    actions: request.actions,
    hookSecret: generateHookSecret(),
    now,
  });
  await syncSchedule(deps, row);
  return row;
}

export async function updateWorkflow(deps: WorkflowDeps, owner: Owner, id: string, request: UpdateWorkflowRequest, now: Date): Promise<WorkflowRow> {
  assertSchedulable(request.trigger);
  const row = await updateWorkflowRow(deps.db, owner, id, request, now);
  if (!row) throw new AppError("NOT_FOUND", "No such workflow.");
  await syncSchedule(deps, row);
  return row;
}

export async function deleteWorkflow(deps: WorkflowDeps, owner: Owner, id: string, now: Date): Promise<WorkflowRow> {
  const row = await softDeleteWorkflow(deps.db, owner, id, now);
  if (!row) throw new AppError("NOT_FOUND", "No such workflow.");
  await syncSchedule(deps, row);
  return row;
}
