import { mkdir, rm } from "node:fs/promises";
import { dirname } from "node:path";
import type { Database } from "../../core/db/client.js";
import { DatasetObjectMissingError, type LocalObject } from "../../core/datasets/dataset-store.js";
import { datasetStoragePath, scratchPath, uploadKey } from "../../core/datasets/storage.js";
import { DATASET_FORMATS } from "../../core/contracts/datasets.js";
import type { EngineContext } from "../worker-definition.js";
import { checkUploadShape } from "../../core/datasets/upload-shape.js";
import { AnalyticsCrashError, AnalyticsTimeoutError } from "./analytics-db.js";
import { UnreadableUploadError, chooseReader, describe, markEmptyColumns, readOrExplain } from "./ingest-source.js";

export type IngestOutcome =
  | { dataset_id: string; status: "ready"; row_count: number }
  | { dataset_id: string; status: "failed"; error: { code: string; message: string } }
  | { dataset_id: string; status: "skipped" };

/**
 * The "ingest" task of the analytics queue (DESIGN.md section 8): reads the raw upload (a local
 * copy of its object in the dataset store) with DuckDB, writes the dataset's Parquet file to
 * DATA_DIR/tmp/ingest and stores it (a rename under DATA_DIR, an upload to object storage), then
 * records the schema and row count (status ready) and deletes the upload. An upload that cannot be read marks the dataset failed with the reader's error,
 * and every file of it is removed: nothing is half-stored. So does an upload whose analytics
 * worker died reading it (INGEST_CRASHED): the job completes, it is never run again. The
 * upload's shape is checked (core/datasets/upload-shape.ts) before DuckDB reads it. Runs at most
 * ANALYSIS_TIMEOUT_MS.
 * A dataset that is no longer processing (done, failed, deleted) is skipped, so a repeated job
 * changes nothing.
 */
export async function ingestDataset(datasetId: string, context: Pick<EngineContext, "db" | "analytics" | "config" | "logger" | "datasets">): Promise<IngestOutcome> {
  const { db, analytics, config, datasets } = context;
  const dataset = await db
    .selectFrom("datasets")
    .select(["id", "user_id", "format", "status"])
    .where("id", "=", datasetId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!dataset || dataset.status !== "processing") return { dataset_id: datasetId, status: "skipped" };
  const format = DATASET_FORMATS.find((f) => f === dataset.format);
  if (!format) throw new Error(`dataset ${datasetId} has an unknown format`);

  const stored = uploadKey(dataset.id, format);
  const storagePath = datasetStoragePath(dataset.user_id, dataset.id);
  // One staging name per dataset: a retry after an engine died mid-copy overwrites what it left.
  const staging = scratchPath(config.DATA_DIR, "ingest", `${dataset.id}.parquet`);
  await mkdir(dirname(staging), { recursive: true });

  let upload: LocalObject | undefined;
  try {
    upload = await datasets.localCopy(stored).catch((error: unknown) => {
      throw error instanceof DatasetObjectMissingError ? new UnreadableUploadError("The uploaded file is no longer there.") : error;
    });
    const source = upload.path;
    // The gateway checked the upload already; this engine checks again before DuckDB touches it.
    const problem = await checkUploadShape(source, format);
    if (problem) throw new UnreadableUploadError(problem);
    const { columns, rowCount } = await analytics.session(
      async (session) => {
        const reader = await chooseReader(session, source, format);
        const columns = await readOrExplain(format, async () => markEmptyColumns(session, reader, source, await describe(session, reader, source, format)));
        const copied = await readOrExplain(format, () =>
          session.all(`copy (select ${columns.map((c) => c.select).join(", ")} from ${reader}) to $2 (format parquet, compression zstd)`, [source, staging]),
        );
        return { columns, rowCount: Number(copied[0]?.Count ?? 0) };
      },
      { timeoutMs: config.ANALYSIS_TIMEOUT_MS },
    );
    if (rowCount === 0) throw new UnreadableUploadError(`The file has no data rows (${format.toUpperCase()} with a header or an empty array only).`);
    await datasets.putFile(storagePath, staging);
    const updated = await db
      .updateTable("datasets")
      .set({
        status: "ready",
        storage_path: storagePath,
        row_count: rowCount,
        columns: JSON.stringify(columns.map((c) => ({ name: c.name, type: c.type }))),
        ready_at: new Date(),
        error: null,
      })
      .where("id", "=", dataset.id)
      .where("status", "=", "processing")
      .where("deleted_at", "is", null)
      .returning("id")
      .executeTakeFirst();
    // Deleted while it was being ingested: its file goes too.
    if (!updated) await datasets.delete(storagePath);
    await datasets.delete(stored);
    return updated ? { dataset_id: dataset.id, status: "ready", row_count: rowCount } : { dataset_id: dataset.id, status: "skipped" };
  } catch (error) {
    await rm(staging, { force: true });
    const failure = describeFailure(error, config.ANALYSIS_TIMEOUT_MS);
    if (!failure) throw error;
    // Files first: once the row says failed, nothing of the upload is left.
    await Promise.all([datasets.delete(stored), datasets.delete(storagePath)]);
    await markFailed(db, dataset.id, failure);
    if (error instanceof AnalyticsCrashError) context.logger.error({ datasetId: dataset.id, err: error }, "the analytics worker died ingesting a dataset");
    else context.logger.info({ datasetId: dataset.id, code: failure.code }, "dataset ingest failed");
    return { dataset_id: dataset.id, status: "failed", error: failure };
  } finally {
    await upload?.release();
  }
}

/** The client-facing failure of an upload that will never ingest; undefined for errors worth a retry. */
function describeFailure(error: unknown, timeoutMs: number): { code: string; message: string } | undefined {
  if (error instanceof UnreadableUploadError) return { code: "VALIDATION_FAILED", message: error.message };
  // DuckDB's process died reading this file: reading it again would end the same way.
  if (error instanceof AnalyticsCrashError) return { code: "INGEST_CRASHED", message: "The file could not be read: the reader stopped unexpectedly." };
  if (error instanceof AnalyticsTimeoutError) {
    return { code: "VALIDATION_FAILED", message: `The file took longer than ${Math.round(timeoutMs / 1_000)} s to ingest.` };
  }
  return undefined;
}

async function markFailed(db: Database, datasetId: string, error: { code: string; message: string }): Promise<void> {
  await db
    .updateTable("datasets")
    .set({ status: "failed", error: JSON.stringify(error) })
    .where("id", "=", datasetId)
    .where("status", "=", "processing")
    .execute();
}
