import type { Transaction } from "kysely";
import { z } from "zod";
import { EXECUTION_STATUSES, type ExecutionStatus } from "../contracts/workflows.js";
import type { Database } from "../db/client.js";
import type { DB } from "../db/types.js";
import { AppError } from "../errors.js";
import { newId } from "../ids.js";
import type { Logger } from "../logger.js";
import { enqueue, withinEnqueueWait, type ProducerQueues } from "../queues.js";
import { enqueueDeliveries, withRoomForEveryEndpoint } from "../webhooks/events.js";
import { createExecutions, executionCreations, type CreatedExecution } from "./grouped-creations.js";
import { claimIdempotencyKey, requestHash } from "./idempotency.js";

export interface StartExecutionInput {
  workflowId: string;
  userId: string;
  triggerType: "webhook" | "schedule" | "manual";
  triggerData: Record<string, unknown>;
  mode: "live" | "test";
  /** Within 24 h, the same key for the same workflow answers with the original execution. */
  idempotencyKey?: string;
  rerunOf?: string;
  now: Date;
}

export interface StartedExecution {
  executionId: string;
  status: ExecutionStatus;
  queuedAt: Date;
  /** False when an Idempotency-Key replay returned an execution started earlier. */
  created: boolean;
}

const StatusSchema = z.enum(EXECUTION_STATUSES);

/** The idempotency scope shared by every way of starting one workflow's executions. */
export function executionIdempotencyScope(workflowId: string): string {
  return `execution:${workflowId}`;
}

/**
 * Starts an execution (DESIGN.md section 6): the executions row (queued) and the
 * workflow.triggered event are written in one statement, shared with the starts waiting
 * meanwhile (with an Idempotency-Key, in one transaction with the key's claim); after commit
 * the event's deliveries and the "workflow-run" job (job id = execution id) are enqueued. If
 * enqueueing fails (Redis away) the execution is still started: the row stays queued and the
 * engine's sweep of queued executions (and of due deliveries) adds the jobs later, so the
 * caller is not failed.
 *
 * With an Idempotency-Key already used for the workflow (24 h) the original execution is
 * returned (created: false); the same key with different trigger data is 409 CONFLICT.
 * A workflow that is not the user's, of another mode than the execution, or deleted, is 404 NOT_FOUND.
 */
export async function startExecution(deps: { db: Database; queues: ProducerQueues; logger?: Logger }, input: StartExecutionInput): Promise<StartedExecution> {
  const executionId = newId("exec", input.now.getTime());
  const key = input.idempotencyKey;
  const outcome =
    key === undefined ? await createGrouped(deps.db, input, executionId) : await deps.db.transaction().execute((trx) => startOrReplay(trx, input, key, executionId));

  const status = StatusSchema.parse(outcome.row.status);
  const queuedAt = new Date(outcome.row.queued_at);
  const leftToSweep = (error: unknown) =>
    deps.logger?.warn({ err: error, execution_id: outcome.row.id }, "enqueue after commit failed; the engine's sweep will add the job");
  if (outcome.kind === "replay") {
    // A retry after a lost enqueue re-adds the job; with the same job id this is otherwise a no-op.
    if (status === "queued") await withinEnqueueWait(enqueueRun(deps.queues, outcome.row.id)).catch(leftToSweep);
    return { executionId: outcome.row.id, status, queuedAt, created: false };
  }

  await withinEnqueueWait(Promise.all([enqueueRun(deps.queues, executionId), enqueueDeliveries(deps.queues, outcome.deliveryIds)])).catch(leftToSweep);
  return { executionId, status, queuedAt, created: true };
}

/**
 * With an Idempotency-Key: the workflow checked, the key claimed, then the execution created;
 * or, for a key already used with the same request, the original execution.
 */
async function startOrReplay(trx: Transaction<DB>, input: StartExecutionInput, key: string, executionId: string) {
  const workflow = await startableWorkflow(trx, input).select("workflows.id").executeTakeFirst();
  if (!workflow) throw new AppError("NOT_FOUND", "No such workflow.");
  const claim = await claimIdempotencyKey(trx, {
    userId: input.userId,
    scope: executionIdempotencyScope(input.workflowId),
    key,
    hash: requestHash({ trigger_type: input.triggerType, trigger_data: input.triggerData, rerun_of: input.rerunOf ?? null }),
    resourceId: executionId,
    now: input.now,
  });
  if (claim.claimed) return createExecution(trx, input, executionId);
  if (!claim.sameRequest) throw new AppError("CONFLICT", "This Idempotency-Key was already used with a different request.");
  const original = await trx
    .selectFrom("executions")
    .select(["id", "status", "queued_at"])
    .where("id", "=", claim.resourceId ?? "")
    .where("user_id", "=", input.userId)
    .executeTakeFirst();
  if (!original) throw new AppError("CONFLICT", "This Idempotency-Key was already used.");
  return { kind: "replay" as const, row: original, deliveryIds: [] };
}

/**
 * Without a key: in the statement of every start waiting meanwhile (executionCreations), or in
 * its own when the account has too many subscribed endpoints for that statement.
 */
async function createGrouped(db: Database, input: StartExecutionInput, executionId: string) {
  const grouped = await executionCreations(db).call({ ...input, executionId });
  return createdOrNotFound(input, executionId, await withRoomForEveryEndpoint(grouped, aloneCreation(db, input, executionId)));
}

/**
 * The queued row and its workflow.triggered event in one statement alone (createExecutions),
 * with delivery ids for every subscribed endpoint; 404 when the row is not written.
 */
async function createExecution(db: Database | Transaction<DB>, input: StartExecutionInput, executionId: string) {
  const createAlone = aloneCreation(db, input, executionId);
  return createdOrNotFound(input, executionId, await withRoomForEveryEndpoint(await createAlone(), createAlone));
}

function aloneCreation(db: Database | Transaction<DB>, input: StartExecutionInput, executionId: string) {
  return async (capacity?: number) => (await createExecutions(db, [{ ...input, executionId }], capacity))[0] as CreatedExecution;
}

function createdOrNotFound(input: StartExecutionInput, executionId: string, created: CreatedExecution) {
  if (!created.happened) throw new AppError("NOT_FOUND", "No such workflow.");
  return { kind: "created" as const, row: { id: executionId, status: "queued", queued_at: input.now }, deliveryIds: created.deliveryIds };
}

/** The workflow an execution starts from: the user's, in the execution's mode, not deleted. */
function startableWorkflow(db: Database | Transaction<DB>, input: StartExecutionInput) {
  return db
    .selectFrom("workflows")
    .where("workflows.id", "=", input.workflowId)
    .where("workflows.user_id", "=", input.userId)
    .where("workflows.mode", "=", input.mode)
    .where("workflows.deleted_at", "is", null);
}

function enqueueRun(queues: ProducerQueues, executionId: string): Promise<void> {
  return enqueue(queues, "workflow-run", { execution_id: executionId }, { jobId: executionId });
}
