import { rm } from "node:fs/promises";
import type { Database } from "../../core/db/client.js";
import { checkUploadShape } from "../../core/datasets/upload-shape.js";
import type { DatasetStore } from "../../core/datasets/dataset-store.js";
import { datasetStoragePath, scratchPath, uploadKey } from "../../core/datasets/storage.js";
import { DATASET_FORMATS, STREAM_DATASET_FORMAT, type DatasetFormat } from "../../core/contracts/datasets.js";
import { AppError } from "../../core/errors.js";
import { newId } from "../../core/ids.js";
import type { Logger } from "../../core/logger.js";
import { nextMonthStart } from "../../core/metering/calendar.js";
import { chargeDataBytes, dataLimitFor, dataQuotaExceeded, readDataUsed } from "../../core/metering/data-meter.js";
import { enqueueAndWait, type ProducerQueues } from "../../core/queues.js";
import { formatSize } from "../../core/size-units.js";
import type { Redis } from "../../core/redis.js";
import type { KeyContext } from "../metering/key-context.js";
import { findDataset, insertDataset, removeFailedDataset, softDeleteDataset, uploadCapOf } from "./dataset-queries.js";
import { UploadStalledError, UploadTooLargeError, streamUploadToFile } from "./upload-stream.js";

export interface DatasetDeps {
  db: Database;
  redis: Redis;
  queues: ProducerQueues;
  logger: Logger;
  /** Where uploads and Parquet files are stored (DATASET_STORAGE). */
  store: DatasetStore;
  /** Local scratch: an upload is streamed to DATA_DIR/tmp/uploads and checked before it is stored. */
  dataDir: string;
  /** How long an upload waits for its ingest before answering 202 (ms). */
  waitMs: number;
  /** An upload whose data stops arriving for this long is refused with 408 (ms). */
  stallMs: number;
}

export interface Upload {
  body: ReadableStream<Uint8Array> | null;
  /** The Content-Length header, when the client sent one. */
  declaredBytes: number | null;
  format: DatasetFormat;
  name: string | undefined;
}

/**
 * POST /v1/datasets (DESIGN.md section 8): checks the caps, streams the body to a scratch file
 * under DATA_DIR, checks its shape, stores it (uploads/<id>.<ext> in the dataset store), charges
 * its size to the data allowance, writes the datasets row (processing) and the ingest job (job
 * id = dataset id), and waits up to `waitMs` for it.
 * Caps: the package's max_upload_bytes and the account's remaining data allowance, whichever is
 * smaller (413, naming it, partial file deleted); an exhausted allowance is 429.
 * A JSON or NDJSON file nested deeper than MAX_UPLOAD_DEPTH, or a Parquet file whose footer does
 * not decode or whose schema is nested deeper, is 422 before it is charged or enqueued.
 * An upload that cannot be parsed within the wait is 422 and leaves nothing behind (its row
 * and files are removed); one still processing is answered as such and may fail later, when its
 * row stays, status failed with the error, and its files are removed.
 */
export async function createDatasetFromUpload(deps: DatasetDeps, key: KeyContext, upload: Upload, now: Date) {
  const owner = { userId: key.userId, mode: key.mode };
  const limit = dataLimitFor(key.mode, key.dataLimitBytes);
  const used = await readDataUsed(deps, { userId: key.userId, mode: key.mode, now });
  const remaining = limit < 0 ? Number.POSITIVE_INFINITY : limit - used;
  if (remaining <= 0) throw dataQuotaExceeded({ admitted: false, used, limit, resetAt: nextMonthStart(now) }, 1, now);
  const plan = await uploadCapOf(deps.db, key.packageName);
  const cap = Math.min(plan.bytes, remaining);
  const tooLarge = () =>
    new AppError(
      "PAYLOAD_TOO_LARGE",
      cap === plan.bytes
        ? `The file is larger than the ${plan.plan} plan's upload limit of ${formatSize(plan.bytes)} (${plan.bytes} bytes).`
        : `The file is larger than the data allowance left this month (policy data-month: ${Math.max(0, remaining)} bytes left).`,
      { details: [{ field: "body", message: `at most ${cap} bytes` }] },
    );
  if (upload.declaredBytes !== null && upload.declaredBytes > cap) throw tooLarge();

  const id = newId("ds");
  const source = scratchPath(deps.dataDir, "uploads", `${id}.${upload.format}`);
  let bytes: number;
  try {
    bytes = await streamUploadToFile(upload.body, source, { capBytes: cap, stallMs: deps.stallMs });
  } catch (error) {
    if (error instanceof UploadTooLargeError) throw tooLarge();
    if (error instanceof UploadStalledError) {
      // The rest of the body is left unread: the connection cannot carry another request.
      throw new AppError("REQUEST_TIMEOUT", `The upload stalled: no data arrived for ${error.stallMs / 1_000} seconds.`, { headers: { Connection: "close" } });
    }
    throw error;
  }
  if (bytes === 0) {
    await rm(source, { force: true });
    throw new AppError("VALIDATION_FAILED", "The file is empty.", { details: [{ field: "body", message: "empty file" }] });
  }
  // Nesting that would crash DuckDB's readers, or a Parquet footer that does not decode: refused before the engine sees it.
  const problem = await checkUploadShape(source, upload.format);
  if (problem) {
    await rm(source, { force: true });
    throw new AppError("VALIDATION_FAILED", problem, { details: [{ field: "body", message: problem }] });
  }
  const stored = uploadKey(id, upload.format);
  await deps.store.putFile(stored, source).catch((error: unknown) => {
    // Storage away (a bucket that does not answer, a full disk): the client may retry; nothing was charged.
    deps.logger.error({ err: error, dataset_id: id }, "could not store an upload");
    throw new AppError("SERVICE_UNAVAILABLE", "The dataset could not be stored right now. Please try again later.");
  });
  const charge = await chargeDataBytes(deps, { userId: key.userId, mode: key.mode, bytes, limitBytes: key.dataLimitBytes, now, endpoint: "/api/data-processing" });
  if (!charge.admitted) {
    await deps.store.delete(stored);
    throw dataQuotaExceeded(charge, bytes, now);
  }

  try {
    await insertDataset(deps.db, {
      id,
      user_id: key.userId,
      mode: key.mode,
      name: upload.name ?? `${id}.${upload.format}`,
      format: upload.format,
      status: "processing",
      storage_path: datasetStoragePath(key.userId, id),
      size_bytes: bytes,
    });
  } catch (error) {
    await deps.store.delete(stored);
    throw error;
  }
  await enqueueAndWait(deps.queues, "analytics", { task: "ingest", dataset_id: id }, { jobId: id, waitMs: deps.waitMs, logger: deps.logger });

  const row = await findDataset(deps.db, owner, id);
  if (!row) throw new AppError("NOT_FOUND", "The dataset was deleted while it was being processed.");
  if (row.status === "failed") {
    await removeFailedDataset(deps.db, id);
    const error = row.error as { message?: unknown } | null;
    throw new AppError("VALIDATION_FAILED", typeof error?.message === "string" ? error.message : "The file could not be read.", {
      details: [{ field: "body", message: typeof error?.message === "string" ? error.message : "unreadable file" }],
    });
  }
  return row;
}

/** Soft-deletes the dataset and removes its objects; a stream's dataset goes with its stream only. */
export async function deleteDataset(deps: Pick<DatasetDeps, "db" | "store" | "logger">, owner: { userId: string; mode: "live" | "test" }, id: string, now: Date) {
  const row = await softDeleteDataset(deps.db, owner, id, now);
  if (!row) {
    const stream = await findDataset(deps.db, owner, id);
    if (stream?.format === STREAM_DATASET_FORMAT) {
      const name = stream.name.replace(/^stream:/, "");
      throw new AppError("CONFLICT", `This dataset is the history of stream ${name}; delete the stream (DELETE /v1/streams/${name}) to delete it.`);
    }
    throw new AppError("NOT_FOUND", "No such dataset.");
  }
  const format = DATASET_FORMATS.find((f) => f === row.format);
  await Promise.all([
    deps.store.delete(row.storage_path),
    format ? deps.store.delete(uploadKey(row.id, format)) : undefined,
  ]).catch((error: unknown) => deps.logger.warn({ err: error, datasetId: row.id }, "dataset files not removed"));
  return row;
}
