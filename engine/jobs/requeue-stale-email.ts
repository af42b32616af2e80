import type { Database } from "../../core/db/client.js";
import { enqueue, type ProducerQueues } from "../../core/queues.js";

export interface RequeueOptions {
  /** Rows younger than this are left to the request that wrote them (it enqueues after commit). */
  olderThanMs?: number;
  batchSize?: number;
  now?: Date;
}

/**
 * Re-enqueues every `queued` outbox row older than a minute: the gateway could not enqueue it
 * (Redis was away) or its job was lost. The job id is the outbox id, so a row whose job still
 * exists (waiting, retrying, finished) is not enqueued again; only orphaned rows get a new job.
 * Returns how many rows were offered to the queue.
 */
export async function requeueStaleEmail(db: Database, queues: ProducerQueues, options: RequeueOptions = {}): Promise<number> {
  const batchSize = options.batchSize ?? 500;
  const cutoff = new Date((options.now ?? new Date()).getTime() - (options.olderThanMs ?? 60_000));
  let afterId: string | undefined;
  let offered = 0;
  for (;;) {
    // Keyset pagination on the primary key: exact, whatever the rows' timestamps.
    const rows = await db
      .selectFrom("email_outbox")
      .select("id")
      .where("status", "=", "queued")
      .where("created_at", "<", cutoff)
      .$if(afterId !== undefined, (query) => query.where("id", ">", afterId ?? ""))
      .orderBy("id")
      .limit(batchSize)
      .execute();
    await Promise.all(rows.map((row) => enqueue(queues, "email", { outbox_id: row.id }, { jobId: row.id })));
    offered += rows.length;
    if (rows.length < batchSize) return offered;
    afterId = rows[rows.length - 1]?.id;
  }
}
