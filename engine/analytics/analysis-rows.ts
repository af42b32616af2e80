import { sql } from "kysely";
import type { Database } from "../../core/db/client.js";
import type { ProducerQueues } from "../../core/queues.js";
import { enqueueDeliveries, recordWebhookEvent } from "../../core/webhooks/events.js";

/**
 * The life of an analyses row in the engine: claimed (running, processing.started), then
 * completed or failed (with processing.completed / processing.failed). Each step is one
 * transaction with its event; deliveries are enqueued after commit. Events go to the account's
 * endpoints of the analysis's mode.
 */

export interface ClaimedAnalysis {
  id: string;
  user_id: string;
  dataset_id: string | null;
  analysis: string;
  /** The stored request without its inline rows. */
  request: unknown;
  /**
   * The request's inline rows (`dataset`) as PostgreSQL prints them: a JSON array, validated by
   * the gateway when it accepted the request. Kept as text so an analysis hands it to DuckDB as it
   * is, never parsed into objects and serialised again. Null when the request names a dataset.
   */
  inlineRows: string | null;
  mode: "live" | "test";
}

export interface RowDeps {
  db: Database;
  queues: ProducerQueues;
}

const eventData = (row: Pick<ClaimedAnalysis, "id" | "dataset_id" | "analysis">) => ({ analysis_id: row.id, dataset_id: row.dataset_id, analysis: row.analysis });

/**
 * Marks a queued (or interrupted running) analysis running; null when it has already ended. The
 * started event is recorded on the first claim only, not when a retried job picks it up again.
 */
export async function claimAnalysis(deps: RowDeps, analysisId: string, now: Date): Promise<ClaimedAnalysis | null> {
  const claimed = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("analyses")
      .select(["id", "user_id", "mode", "dataset_id", "analysis", "status"])
      .select([sql<unknown>`request::jsonb - 'dataset'`.as("request"), sql<string | null>`(request -> 'dataset')::text`.as("inline_rows")])
      .where("id", "=", analysisId)
      .forUpdate()
      .executeTakeFirst();
    if (!row || (row.status !== "queued" && row.status !== "running")) return null;
    await trx.updateTable("analyses").set({ status: "running" }).where("id", "=", analysisId).execute();
    const analysis: ClaimedAnalysis = { id: row.id, user_id: row.user_id, dataset_id: row.dataset_id, analysis: row.analysis, request: row.request, inlineRows: row.inline_rows, mode: row.mode === "test" ? "test" : "live" };
    if (row.status === "running") return { analysis, deliveryIds: [] };
    const event = await recordWebhookEvent(trx, { userId: row.user_id, type: "processing.started", data: eventData(analysis), now, mode: analysis.mode });
    return { analysis, deliveryIds: event.deliveryIds };
  });
  if (!claimed) return null;
  await enqueueDeliveries(deps.queues, claimed.deliveryIds);
  return claimed.analysis;
}

export async function completeAnalysis(deps: RowDeps, analysis: ClaimedAnalysis, result: unknown, processingTimeMs: number, now: Date): Promise<void> {
  const deliveryIds = await deps.db.transaction().execute(async (trx) => {
    const ended = await trx
      .updateTable("analyses")
      .set({ status: "completed", result: JSON.stringify(result), processing_time_ms: processingTimeMs, completed_at: now, error: null })
      .where("id", "=", analysis.id)
      .where("status", "=", "running")
      .returning("id")
      .executeTakeFirst();
    if (!ended) return [];
    const event = await recordWebhookEvent(trx, {
      userId: analysis.user_id,
      type: "processing.completed",
      data: { ...eventData(analysis), status: "completed", processing_time_ms: processingTimeMs },
      now,
      mode: analysis.mode,
    });
    return event.deliveryIds;
  });
  await enqueueDeliveries(deps.queues, deliveryIds);
}

export async function failAnalysis(deps: RowDeps, analysis: ClaimedAnalysis, error: { code: string; message: string; field?: string }, processingTimeMs: number, now: Date): Promise<void> {
  const deliveryIds = await deps.db.transaction().execute(async (trx) => {
    const ended = await trx
      .updateTable("analyses")
      .set({ status: "failed", error: JSON.stringify(error), processing_time_ms: processingTimeMs, completed_at: now })
      .where("id", "=", analysis.id)
      .where("status", "=", "running")
      .returning("id")
      .executeTakeFirst();
    if (!ended) return [];
    const event = await recordWebhookEvent(trx, {
      userId: analysis.user_id,
      type: "processing.failed",
      data: { ...eventData(analysis), status: "failed", error },
      now,
      mode: analysis.mode,
    });
    return event.deliveryIds;
  });
  await enqueueDeliveries(deps.queues, deliveryIds);
}

/** The dataset an analysis reads: its owner's, of the analysis's mode, ready and not deleted. */
export async function findAnalysisDataset(db: Database, analysis: Pick<ClaimedAnalysis, "user_id" | "mode">, datasetId: string) {
  return db
    .selectFrom("datasets")
    .select(["id", "format", "storage_path", "size_bytes", "row_count"])
    .where("id", "=", datasetId)
    .where("user_id", "=", analysis.user_id)
    .where("mode", "=", analysis.mode)
    .where("deleted_at", "is", null)
    .where("status", "=", "ready")
    .executeTakeFirst();
}
