import type { Database } from "../../core/db/client.js";
import { enqueue, type ProducerQueues } from "../../core/queues.js";

/** A dataset or analysis waiting this long without a job may have lost it. */
const STALE_AFTER_MS = 60_000;
const BATCH = 500;

/**
 * Re-adds the analytics job of uploads still processing and analyses still queued after a minute
 * whose job is gone (the add failed while Redis was away, or Redis lost it). The job id is the
 * row id, so a row whose job exists (waiting behind others, running, finished or failed) is left
 * alone. Goes through every stale row, page by page; returns how many jobs it added.
 */
export async function requeueQueuedAnalytics(db: Database, queues: ProducerQueues, now: Date = new Date()): Promise<{ datasets: number; analyses: number }> {
  const cutoff = new Date(now.getTime() - STALE_AFTER_MS);
  const staleDatasets = (afterId: string) =>
    db.selectFrom("datasets").select("id").where("status", "=", "processing").where("deleted_at", "is", null).where("created_at", "<", cutoff).where("id", ">", afterId).orderBy("id").limit(BATCH).execute();
  const staleAnalyses = (afterId: string) =>
    db.selectFrom("analyses").select("id").where("status", "=", "queued").where("created_at", "<", cutoff).where("id", ">", afterId).orderBy("id").limit(BATCH).execute();
  return {
    datasets: await requeueEach(queues, staleDatasets, (id) => ({ task: "ingest", dataset_id: id })),
    analyses: await requeueEach(queues, staleAnalyses, (id) => ({ task: "analyze", analysis_id: id })),
  };
}

async function requeueEach(
  queues: ProducerQueues,
  page: (afterId: string) => Promise<Array<{ id: string }>>,
  payload: (id: string) => { task: "ingest"; dataset_id: string } | { task: "analyze"; analysis_id: string },
): Promise<number> {
  const queue = queues.get("analytics");
  let requeued = 0;
  let afterId = "";
  for (;;) {
    const rows = await page(afterId);
    for (const { id } of rows) {
      if (await queue.getJob(id)) continue;
      await enqueue(queues, "analytics", payload(id), { jobId: id });
      requeued += 1;
    }
    if (rows.length < BATCH) return requeued;
    afterId = rows[rows.length - 1]?.id ?? afterId;
  }
}
