import type { Database } from "../../core/db/client.js";
import { AppError } from "../../core/errors.js";
import type { Logger } from "../../core/logger.js";
import type { ProducerQueues } from "../../core/queues.js";
import type { Redis } from "../../core/redis.js";
import { enqueueDeliveries, recordWebhookEvent } from "../../core/webhooks/events.js";
import { cancelChannel, cancelledEvent, type CancelSource } from "../../core/workflows/cancellation.js";
import { startExecution, type StartedExecution } from "../../core/workflows/start-execution.js";
import { cancelQueuedExecution, findExecution, requestExecutionCancel, type ExecutionRow } from "./execution-queries.js";
import type { Owner } from "./workflow-queries.js";

export interface ExecutionDeps {
  db: Database;
  queues: ProducerQueues;
  /** Publishes cancel requests to the engines. */
  redis: Redis;
  redisKeyPrefix: string;
  logger: Logger;
}

const FINISHED = new Set(["completed", "failed", "cancelled"]);

async function ownedExecution(db: Database, owner: Owner, id: string): Promise<ExecutionRow> {
  const execution = await findExecution(db, owner, id);
  if (!execution) throw new AppError("NOT_FOUND", "No such execution.");
  return execution;
}

/**
 * Cancels an execution (DESIGN.md section 6, within 1 second): a queued one is cancelled at
 * once, with its workflow.cancelled event, and its job removed; a running one is marked and its
 * id published to every engine, whose runner aborts the current step and records the event. A
 * finished execution is 409 CONFLICT.
 */
export async function cancelExecution(deps: ExecutionDeps, owner: Owner, id: string, by: CancelSource, now: Date): Promise<ExecutionRow> {
  const execution = await ownedExecution(deps.db, owner, id);
  if (FINISHED.has(execution.status)) throw new AppError("CONFLICT", `The execution has already finished (${execution.status}).`);

  const cancelled = await deps.db.transaction().execute(async (trx) => {
    const row = await cancelQueuedExecution(trx, id, by, now);
    return row && { row, deliveryIds: (await recordWebhookEvent(trx, cancelledEvent(row, now))).deliveryIds };
  });
  if (cancelled) {
    // Deliveries whose job is not added are picked up by the engine's sweep of due deliveries.
    await enqueueDeliveries(deps.queues, cancelled.deliveryIds).catch((error: unknown) =>
      deps.logger.warn({ err: error, execution_id: id }, "could not enqueue the workflow.cancelled deliveries"),
    );
    // The runner also refuses a cancelled row, so a job we fail to remove does nothing.
    await deps.queues
      .get("workflow-run")
      .remove(id)
      .catch((error: unknown) => deps.logger.warn({ err: error, execution_id: id }, "could not remove the cancelled execution's job"));
    return cancelled.row;
  }

  const requested = await requestExecutionCancel(deps.db, id, by, now);
  if (requested) {
    // The row is the truth (runners check it between steps); the message makes it prompt.
    await deps.redis
      .publish(cancelChannel(deps.redisKeyPrefix), id)
      .catch((error: unknown) => deps.logger.warn({ err: error, execution_id: id }, "could not publish the cancel request"));
    return requested;
  }
  // It finished between our read and our update.
  throw new AppError("CONFLICT", "The execution has already finished.");
}

/**
 * POST /v1/executions/{id}/rerun: a new execution with the same trigger data (rerun_of = id).
 * startExecution answers 404 when the workflow has been deleted since.
 */
export async function rerunExecution(deps: Pick<ExecutionDeps, "db" | "queues" | "logger">, owner: Owner, id: string, now: Date): Promise<StartedExecution> {
  const original = await ownedExecution(deps.db, owner, id);
  const triggerData = original.trigger_data !== null && typeof original.trigger_data === "object" && !Array.isArray(original.trigger_data) ? (original.trigger_data as Record<string, unknown>) : {};
  return startExecution(deps, {
    workflowId: original.workflow_id,
    userId: owner.userId,
    triggerType: original.trigger_type === "webhook" || original.trigger_type === "schedule" ? original.trigger_type : "manual",
    triggerData,
    mode: owner.mode,
    rerunOf: original.id,
    now,
  });
}
