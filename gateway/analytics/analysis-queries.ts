import type { Database } from "../../core/db/client.js";
import type { Owner } from "../workflows/workflow-queries.js";

export type AnalysisRow = NonNullable<Awaited<ReturnType<typeof findAnalysis>>>;

/** An analysis of the account and mode, or undefined (another account's or mode's id is not found). */
export async function findAnalysis(db: Database, owner: Owner, analysisId: string) {
  return db
    .selectFrom("analyses")
    .select(["id", "dataset_id", "analysis", "status", "result", "error", "processing_time_ms", "created_at", "completed_at"])
    .where("id", "=", analysisId)
    .where("user_id", "=", owner.userId)
    .where("mode", "=", owner.mode)
    .executeTakeFirst();
}

export async function insertAnalysis(
  db: Database,
  row: { id: string; user_id: string; mode: Owner["mode"]; dataset_id: string | null; analysis: string; request: Record<string, unknown>; bytes_processed: number; created_at: Date },
): Promise<void> {
  await db
    .insertInto("analyses")
    .values({ ...row, status: "queued", request: JSON.stringify(row.request) })
    .execute();
}

/** The dataset of the account and mode an analysis may read (not deleted), with its ingest status and size. */
export async function findReadableDataset(db: Database, owner: Owner, datasetId: string) {
  return db
    .selectFrom("datasets")
    .select(["id", "status", "size_bytes", "columns"])
    .where("id", "=", datasetId)
    .where("user_id", "=", owner.userId)
    .where("mode", "=", owner.mode)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}
