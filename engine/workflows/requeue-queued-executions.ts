import type { Database } from "../../core/db/client.js";
import { enqueue, type ProducerQueues } from "../../core/queues.js";

/** An execution queued this long without running may have lost its job. */
const STALE_AFTER_MS = 60_000;
const BATCH = 500;

/**
 * Re-adds the "workflow-run" job of executions still queued after a minute (their enqueue failed
 * after the row was written, or Redis lost the job). The job id is the execution id, so an
 * execution whose job still exists (waiting behind others, or for a concurrency slot) is not
 * enqueued twice. Goes through every stale execution, page by page.
 */
export async function requeueQueuedExecutions(db: Database, queues: ProducerQueues, now: Date = new Date()): Promise<number> {
  const queue = queues.get("workflow-run");
  let requeued = 0;
  let afterId: string | undefined;
  for (;;) {
    const stale = await db
      .selectFrom("executions")
      .select("id")
      .where("status", "=", "queued")
      .where("cancel_requested_at", "is", null)
      .where("queued_at", "<", new Date(now.getTime() - STALE_AFTER_MS))
      .$if(afterId !== undefined, (query) => query.where("id", ">", afterId ?? ""))
      .orderBy("id")
      .limit(BATCH)
      .execute();
    for (const { id } of stale) {
      if (await queue.getJob(id)) continue;
      await enqueue(queues, "workflow-run", { execution_id: id }, { jobId: id });
      requeued += 1;
    }
    if (stale.length < BATCH) return requeued;
    afterId = stale[stale.length - 1]?.id;
  }
}
