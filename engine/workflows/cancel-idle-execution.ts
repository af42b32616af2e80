import type { Job } from "bullmq";
import { finishExecution, type FinishDeps } from "./finish-execution.js";
import { storedStepNames } from "./workflow-definition.js";

/**
 * Whether the job is in BullMQ's hands: waiting, delayed or active. A finished job (completed or
 * failed) keeps its record for a while but will never run again.
 */
export function isJobPending(job: Job): boolean {
  return job.finishedOn === undefined;
}

/**
 * Cancels an execution no process is running, so none will notice the cancel: its job sleeps in
 * the delayed set (a delay step, a retry backoff or a wait for a concurrency slot), or Redis lost
 * it, or it finished while the row still says running. A waiting or active job is left to the
 * worker that runs it, which checks the row. Every engine receiving the cancel message may try
 * this; the conditional update lets one of them end the execution, and that one removes the job.
 * A job that is promoted meanwhile finds the execution ended (or its cancel_requested_at set) and
 * stops by itself.
 */
export async function cancelIdleExecution(deps: Pick<FinishDeps, "db" | "queues">, executionId: string, now: Date): Promise<boolean> {
  const job = await deps.queues.get("workflow-run").getJob(executionId);
  if (job && isJobPending(job) && !(await job.isDelayed())) return false;
  const execution = await deps.db
    .selectFrom("executions as e")
    .innerJoin("workflows as w", "w.id", "e.workflow_id")
    .select(["e.cancel_requested_at", "w.actions"])
    .where("e.id", "=", executionId)
    .executeTakeFirst();
  if (!execution?.cancel_requested_at) return false;
  const cancelled = await finishExecution(deps, { outcome: "cancelled", executionId }, storedStepNames(execution.actions), now);
  // A job taken by a worker in the meantime is locked and cannot be removed; that worker stops.
  if (cancelled) await job?.remove().catch(() => undefined);
  return cancelled;
}
