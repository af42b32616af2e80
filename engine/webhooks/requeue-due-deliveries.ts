import type { Database } from "../../core/db/client.js";
import type { ProducerQueues } from "../../core/queues.js";
import { ensureDeliveryAttempt } from "../../core/webhooks/delivery-jobs.js";

export interface RequeueDueOptions {
  /** Deliveries due more recently than this are left to the job already scheduled for them. */
  overdueMs?: number;
  batchSize?: number;
  now?: Date;
}

/**
 * Finds open deliveries (pending or retrying) whose next attempt is more than a minute overdue,
 * meaning its job was lost (Redis was away when it was added, or an engine died mid-attempt),
 * and makes sure the job of that attempt exists. Idempotent: a job still waiting, delayed or
 * running is left alone (it was not lost), and the processor makes each attempt once. Returns how many jobs it
 * added or promoted.
 */
export async function requeueDueDeliveries(db: Database, queues: ProducerQueues, options: RequeueDueOptions = {}): Promise<number> {
  const batchSize = options.batchSize ?? 500;
  const cutoff = new Date((options.now ?? new Date()).getTime() - (options.overdueMs ?? 60_000));
  let afterId: string | undefined;
  let requeued = 0;
  for (;;) {
    const rows = await db
      .selectFrom("webhook_deliveries")
      .select(["id", "attempt"])
      .where("status", "in", ["pending", "retrying"])
      .where("next_attempt_at", "<", cutoff)
      .$if(afterId !== undefined, (query) => query.where("id", ">", afterId ?? ""))
      .orderBy("id")
      .limit(batchSize)
      .execute();
    const added = await Promise.all(rows.map((row) => ensureDeliveryAttempt(queues, row.id, row.attempt + 1, { promote: false })));
    requeued += added.filter(Boolean).length;
    if (rows.length < batchSize) return requeued;
    afterId = rows[rows.length - 1]?.id;
  }
}
