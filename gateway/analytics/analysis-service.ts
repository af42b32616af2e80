import { AppError, type ErrorDetail } from "../../core/errors.js";
import { AnalysisErrorSchema, type AnalyzeRequest, type CleanRequest } from "../../core/contracts/analytics.js";
import type { Database } from "../../core/db/client.js";
import { newId } from "../../core/ids.js";
import { chargeDataBytes, dataQuotaExceeded } from "../../core/metering/data-meter.js";
import type { Logger } from "../../core/logger.js";
import { enqueueAndWait, type ProducerQueues } from "../../core/queues.js";
import type { Redis } from "../../core/redis.js";
import type { KeyContext } from "../metering/key-context.js";
import type { Owner } from "../workflows/workflow-queries.js";
import { findAnalysis, findReadableDataset, insertAnalysis, type AnalysisRow } from "./analysis-queries.js";

export interface AnalysisDeps {
  db: Database;
  redis: Redis;
  queues: ProducerQueues;
  logger: Logger;
  /** How long a request waits for its result before answering 202 (ANALYSIS_WAIT_MS). */
  waitMs: number;
  now: () => Date;
}

export type Submission = { kind: "analyze"; request: AnalyzeRequest } | { kind: "clean"; request: CleanRequest };

/**
 * Accepts an analysis or a cleaning (DESIGN.md section 8): checks the input, charges the bytes it
 * reads against the month's data allowance (429 data-month when exhausted), writes the analyses
 * row, adds its job (job id = analysis id), then waits up to `waitMs` for it. Returns the row as
 * it is then: completed or failed when the engine was quick enough, queued or running otherwise;
 * a failure on the input within the wait is a 422 instead.
 */
export async function submitAnalysis(deps: AnalysisDeps, key: KeyContext, submission: Submission): Promise<AnalysisRow> {
  const { request } = submission;
  const now = deps.now();
  const owner = { userId: key.userId, mode: key.mode };
  const { bytes, datasetId } = await measureInput(deps.db, owner, request);
  checkInlineColumns(submission);

  const charge = await chargeDataBytes(deps, {
    userId: key.userId,
    mode: key.mode,
    bytes,
    limitBytes: key.dataLimitBytes,
    now,
    endpoint: submission.kind === "clean" ? "/api/data-processing" : "/api/analytics",
  });
  if (!charge.admitted) throw dataQuotaExceeded(charge, bytes, now);

  const id = newId("an");
  const analysis = submission.kind === "clean" ? "clean" : submission.request.analysis;
  await insertAnalysis(deps.db, { id, user_id: key.userId, mode: key.mode, dataset_id: datasetId, analysis, request, bytes_processed: bytes, created_at: now });
  await enqueueAndWait(deps.queues, "analytics", { task: "analyze", analysis_id: id }, { jobId: id, waitMs: deps.waitMs, logger: deps.logger });

  const row = await findAnalysis(deps.db, owner, id);
  if (!row) throw new AppError("NOT_FOUND", "No such analysis.");
  refuseInputFailure(row);
  return row;
}

/**
 * Work that failed on its input within the wait is answered as the input error it is: 422 naming
 * the field at fault (`dataset` when the data itself is unusable), not 200 with a failed status.
 * The analysis stays readable by id, failed with the same error.
 */
function refuseInputFailure(row: AnalysisRow): void {
  if (row.status !== "failed") return;
  const error = AnalysisErrorSchema.safeParse(row.error);
  if (!error.success || error.data.code !== "INVALID_INPUT") return;
  throw new AppError("VALIDATION_FAILED", `The analysis ${row.id} cannot run on this input: ${error.data.message}`, {
    details: [{ field: error.data.field ?? "dataset", message: error.data.message }],
  });
}

/** Exactly one of dataset and dataset_id; the bytes the work reads (inline JSON, or the uploaded file). */
async function measureInput(db: Database, owner: Owner, request: AnalyzeRequest | CleanRequest): Promise<{ bytes: number; datasetId: string | null }> {
  if ((request.dataset === undefined) === (request.dataset_id === undefined)) {
    const message = "Give exactly one of dataset (inline rows) or dataset_id (an uploaded dataset).";
    throw new AppError("VALIDATION_FAILED", undefined, { details: [{ field: "dataset", message }, { field: "dataset_id", message }] });
  }
  if (request.dataset) return { bytes: Buffer.byteLength(JSON.stringify(request.dataset)), datasetId: null };
  const dataset = await findReadableDataset(db, owner, request.dataset_id ?? "");
  if (!dataset) throw new AppError("NOT_FOUND", "No such dataset.");
  if (dataset.status !== "ready") {
    throw new AppError("CONFLICT", dataset.status === "processing" ? "The dataset is still being ingested; try again shortly." : "The dataset failed to ingest and cannot be analysed.");
  }
  return { bytes: Number(dataset.size_bytes), datasetId: dataset.id };
}

/** Columns named in the request must exist in inline rows (a dataset's are checked by the engine). */
function checkInlineColumns(submission: Submission): void {
  const rows = submission.request.dataset;
  if (!rows) return;
  const columns = new Set<string>();
  for (const row of rows) for (const name of Object.keys(row)) columns.add(name);
  const named: Array<[string, string | undefined]> =
    submission.kind === "analyze"
      ? [
          ["time_column", submission.request.time_column],
          ["value_column", submission.request.value_column],
        ]
      : submission.request.options.cluster_keys.map((name, i) => [`options.cluster_keys.${i}`, name]);
  const details: ErrorDetail[] = named
    .filter((entry): entry is [string, string] => entry[1] !== undefined && !columns.has(entry[1]))
    .map(([field, name]) => ({ field, message: `"${name}" is not a column of the dataset` }));
  if (details.length) throw new AppError("VALIDATION_FAILED", undefined, { details });
}
