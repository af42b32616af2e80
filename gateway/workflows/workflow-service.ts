import { TriggerSchema, type CreateWorkflowRequest, type PatchWorkflowRequest, type Trigger, type UpdateWorkflowRequest } from "../../core/contracts/workflows.js";
import type { Transaction } from "kysely";
import type { Database } from "../../core/db/client.js";
import type { DB } from "../../core/db/types.js";
import { AppError, detailsFromZodIssues, type ErrorDetail } from "../../core/errors.js";
import { newId } from "../../core/ids.js";
import type { Logger } from "../../core/logger.js";
import type { ProducerQueues } from "../../core/queues.js";
import { describeInterval } from "../../core/plans.js";
import { shortestGap } from "../../core/workflows/schedule-interval.js";
import { findScheduleMinimum, type ScheduleMinimum } from "../../core/workflows/schedule-minimum.js";
import { describeCronProblem, syncWorkflowSchedule } from "../../core/workflows/schedules.js";
import { generateHookSecret } from "./hook-secret.js";
import { findWorkflowForUpdate, insertWorkflow, softDeleteWorkflow, updateWorkflowRow, type Owner, type WorkflowRow } from "./workflow-queries.js";

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

/**
 * A schedule trigger's cron and time zone must be something the scheduler can fire on, no more
 * often than the plan's minimum interval (decision 0034): the shortest gap between consecutive
 * fire times over the coming year, clock changes in its time zone included, from `now`.
 */
export function scheduleProblems(trigger: Trigger, minimum: ScheduleMinimum, now: Date): ErrorDetail[] {
  if (trigger.type !== "schedule") return [];
  const { cron, timezone } = trigger.config;
  if (!isTimeZone(timezone)) return [{ field: "trigger.config.timezone", message: `Unknown time zone "${timezone}"` }];
  const problem = describeCronProblem(cron, timezone);
  if (problem) {
    const field = problem.startsWith("unknown time zone") ? "trigger.config.timezone" : "trigger.config.cron";
    return [{ field, message: problem }];
  }
  const gap = shortestGap(cron, timezone, now, minimum.seconds * 1_000);
  if (!gap || gap.ms >= minimum.seconds * 1_000) return [];
  const apart = describeInterval(Math.round(gap.ms / 1_000));
  return [
    {
      field: "trigger.config.cron",
      message: `The cron fires ${apart} apart (at ${gap.at.toISOString()}); the ${minimum.plan} plan allows a schedule at most every ${describeInterval(minimum.seconds)}`,
    },
  ];
}

/** Refuses (422) a schedule trigger the owner's plan cannot fire; other triggers need no look-up. */
async function assertSchedulable(db: Database | Transaction<DB>, owner: Owner, trigger: Trigger | undefined, now: Date): Promise<void> {
  if (trigger?.type !== "schedule") return;
  const details = scheduleProblems(trigger, await findScheduleMinimum(db, owner.userId), now);
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
  await assertSchedulable(deps.db, owner, request.trigger, now);
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

/** PUT: replaces the fields given. */
export async function updateWorkflow(deps: WorkflowDeps, owner: Owner, id: string, request: UpdateWorkflowRequest, now: Date): Promise<WorkflowRow> {
  await assertSchedulable(deps.db, owner, request.trigger, now);
  const row = await updateWorkflowRow(deps.db, owner, id, request, now);
  if (!row) throw new AppError("NOT_FOUND", "No such workflow.");
  await syncSchedule(deps, row);
  return row;
}

/**
 * PATCH: the fields given replace the stored ones, except `trigger`, which merges into the
 * stored trigger: its `config` keys replace the stored ones, unless `type` changes, which starts
 * from an empty config. The merged trigger is checked as PUT checks a whole one. The row is
 * locked from read to write, so two patches of one trigger do not lose each other's keys.
 * The webhook secret is never touched (a webhook trigger patched away and back keeps its URL).
 */
export async function patchWorkflow(deps: WorkflowDeps, owner: Owner, id: string, patch: PatchWorkflowRequest, now: Date): Promise<WorkflowRow> {
  const row = await deps.db.transaction().execute(async (trx) => {
    const stored = await findWorkflowForUpdate(trx, owner, id);
    if (!stored) throw new AppError("NOT_FOUND", "No such workflow.");
    const trigger = patch.trigger === undefined ? undefined : mergedTrigger(stored.trigger, patch.trigger);
    await assertSchedulable(trx, owner, trigger, now);
    const { trigger: _patchedTrigger, ...fields } = patch;
    return updateWorkflowRow(trx, owner, id, { ...fields, ...(trigger === undefined ? {} : { trigger }) }, now);
  });
  if (!row) throw new AppError("NOT_FOUND", "No such workflow.");
  await syncSchedule(deps, row);
  return row;
}

function mergedTrigger(stored: unknown, patch: NonNullable<PatchWorkflowRequest["trigger"]>): Trigger {
  const current = TriggerSchema.safeParse(stored);
  const type = patch.type ?? (current.success ? current.data.type : undefined);
  const keptConfig = current.success && current.data.type === type ? current.data.config : {};
  const merged = TriggerSchema.safeParse({ type, config: { ...keptConfig, ...patch.config } });
  if (merged.success) return merged.data;
  const details = detailsFromZodIssues(merged.error.issues).map((detail) => ({ ...detail, field: `trigger.${detail.field}` }));
  throw new AppError("VALIDATION_FAILED", undefined, { details });
}

export async function deleteWorkflow(deps: WorkflowDeps, owner: Owner, id: string, now: Date): Promise<WorkflowRow> {
  const row = await softDeleteWorkflow(deps.db, owner, id, now);
  if (!row) throw new AppError("NOT_FOUND", "No such workflow.");
  await syncSchedule(deps, row);
  return row;
}
