import { sql } from "kysely";
import type { Database } from "../../core/db/client.js";
import { enqueue, type ProducerQueues } from "../../core/queues.js";
import type { Redis } from "../../core/redis.js";
import { cancelIdleExecution, isJobPending } from "./cancel-idle-execution.js";
import { isExecutionSlotHeld } from "./execution-slots.js";

const BATCH = 500;

export interface RecoveryDeps {
  db: Database;
  queues: ProducerQueues;
  /** Unprefixed; the execution slots live under `keyPrefix`. */
  redis: Redis;
  keyPrefix: string;
}

export interface RecoveredExecutions {
  /** Given a new job: they resume from the first step not completed. */
  requeued: number;
  /** Their cancel had been requested: ended as cancelled. */
  cancelled: number;
}

/**
 * Finds the executions nothing will ever run or end: queued or running, but whose "workflow-run"
 * job is gone (the enqueue after the row failed, or Redis lost its data, asleep jobs included) or
 * finished while the row still says otherwise (the last attempt could not record the end). Each
 * gets a new job (job id = execution id), and the runner carries on from the first step not
 * completed: a delay step sleeps whatever is left of it, a step cut off mid-call is made again
 * with the same Idempotency-Key. One whose cancel was requested is cancelled instead.
 *
 * Only executions idle for `graceMs` (queued that long, or no step started or finished for that
 * long) are looked at, so one whose job is on its way is never touched; and one whose slot a
 * pass still holds is running in some engine even though Redis lost its job. Goes through every
 * candidate, page by page.
 */
export async function recoverLostExecutions(deps: RecoveryDeps, options: { graceMs: number; now?: Date }): Promise<RecoveredExecutions> {
  const now = options.now ?? new Date();
  const idleSince = new Date(now.getTime() - options.graceMs);
  const queue = deps.queues.get("workflow-run");
  const recovered: RecoveredExecutions = { requeued: 0, cancelled: 0 };
  let afterId: string | undefined;
  for (;;) {
    const idle = await findIdleExecutions(deps.db, idleSince, afterId);
    for (const execution of idle) {
      const job = await queue.getJob(execution.id);
      if (job && isJobPending(job)) continue;
      if (await isExecutionSlotHeld(deps.redis, deps.keyPrefix, execution.user_id, execution.id)) continue;
      if (execution.cancel_requested_at) {
        if (await cancelIdleExecution(deps, execution.id, now)) recovered.cancelled += 1;
        continue;
      }
      // A finished job would keep its id from being added again.
      await job?.remove();
      await enqueue(deps.queues, "workflow-run", { execution_id: execution.id }, { jobId: execution.id });
      recovered.requeued += 1;
    }
    if (idle.length < BATCH) return recovered;
    afterId = idle[idle.length - 1]?.id;
  }
}

/** Unfinished executions with no sign of life since `idleSince`, a page after `afterId`. */
function findIdleExecutions(db: Database, idleSince: Date, afterId: string | undefined) {
  return db
    .selectFrom("executions as e")
    .select(["e.id", "e.user_id", "e.cancel_requested_at"])
    .where((eb) =>
      eb.or([
        eb.and([eb("e.status", "=", "queued"), eb("e.queued_at", "<", idleSince)]),
        eb.and([
          eb("e.status", "=", "running"),
          eb("e.started_at", "<", idleSince),
          eb.not(
            eb.exists(
              eb
                .selectFrom("execution_steps as s")
                .select(sql.lit(1).as("one"))
                .whereRef("s.execution_id", "=", "e.id")
                .where((step) => step.or([step("s.started_at", ">=", idleSince), step("s.finished_at", ">=", idleSince)])),
            ),
          ),
        ]),
      ]),
    )
    .$if(afterId !== undefined, (query) => query.where("e.id", ">", afterId ?? ""))
    .orderBy("e.id")
    .limit(BATCH)
    .execute();
}
