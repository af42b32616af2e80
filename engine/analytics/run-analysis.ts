import { z } from "zod";
import { AnalyzeRequestSchema, CleanRequestSchema, type AnalysisResult, type CleanResult } from "../../core/contracts/analytics.js";
import { DatasetObjectMissingError, type LocalObject } from "../../core/datasets/dataset-store.js";
import { STREAM_DATASET_FORMAT } from "../../core/contracts/datasets.js";
import type { EngineContext } from "../worker-definition.js";
import { analyzeSource } from "./analysis/analyze.js";
import { AnalysisInputError, datasetSource, inlineSource, type DataSource } from "./analysis/data-source.js";
import { claimAnalysis, completeAnalysis, failAnalysis, findAnalysisDataset, type ClaimedAnalysis } from "./analysis-rows.js";
import type { Row } from "./cleaning/clean-report.js";
import { CleanInputError, cleanRows } from "./cleaning/clean-rows.js";
import { AnalyticsCrashError, AnalyticsTimeoutError, type AnalyticsCallOptions } from "./analytics-db.js";
import { KernelInputError } from "./kernels/errors.js";
import { streamDatasetRows } from "./stream-dataset.js";

/** A dataset cleaned in one job is held in memory: at most this many rows. */
export const MAX_CLEAN_ROWS = 100_000;

class AnalysisTimeoutError extends Error {}

/**
 * The "analyze" task of the analytics queue: runs one analyses row (an analysis, or a cleaning
 * when its analysis is "clean") within ANALYSIS_TIMEOUT_MS, and records the result or a clear
 * error on the row with its processing.* event. Bad input, a timeout, the death of its analytics
 * worker (ANALYSIS_CRASHED) or an unexpected error (logged, answered generically) fails the
 * analysis, not the job: a retry would fail the same way. Only a failure to record the outcome
 * (the database away) fails the job, and BullMQ's retry picks the row up again (a running row can
 * be claimed again).
 */
export async function runAnalysisJob(analysisId: string, context: EngineContext): Promise<unknown> {
  const deps = { db: context.db, queues: context.queues };
  const analysis = await claimAnalysis(deps, analysisId, new Date());
  if (!analysis) return { analysis_id: analysisId, status: "skipped" };
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const counted = (outcome: string) => context.metrics.analysisFinished(analysis.analysis, outcome, (performance.now() - started) / 1_000);

  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      abort.abort();
      reject(new AnalysisTimeoutError());
    }, context.config.ANALYSIS_TIMEOUT_MS);
  });
  try {
    const result = await Promise.race([runWork(analysis, context, { signal: abort.signal }), deadline]);
    await completeAnalysis(deps, analysis, result, elapsed(), new Date());
    counted("completed");
    return { analysis_id: analysisId, status: "completed" };
  } catch (error) {
    const failure = describeFailure(error, context.config.ANALYSIS_TIMEOUT_MS);
    if (!failure) {
      context.logger.error({ err: error, analysisId }, "analysis failed unexpectedly");
      await failAnalysis(deps, analysis, { code: "INTERNAL_ERROR", message: "The analysis failed unexpectedly." }, elapsed(), new Date());
      counted("internal_error");
      return { analysis_id: analysisId, status: "failed" };
    }
    if (error instanceof AnalyticsCrashError) context.logger.error({ err: error, analysisId }, "the analytics worker died running an analysis");
    await failAnalysis(deps, analysis, failure, elapsed(), new Date());
    counted(failure.code.toLowerCase());
    return { analysis_id: analysisId, status: "failed" };
  } finally {
    clearTimeout(timer);
    abort.abort();
  }
}

function describeFailure(error: unknown, timeoutMs: number): { code: string; message: string; field?: string } | null {
  if (error instanceof AnalysisTimeoutError || error instanceof AnalyticsTimeoutError) {
    return { code: "TIMEOUT", message: `The analysis did not finish within ${timeoutMs} ms.` };
  }
  // DuckDB's process died running it: running it again would most likely end the same way.
  if (error instanceof AnalyticsCrashError) return { code: "ANALYSIS_CRASHED", message: "The analysis could not finish: the data reader stopped unexpectedly." };
  if (error instanceof AnalysisInputError) return { code: "INVALID_INPUT", message: error.message, ...(error.field ? { field: error.field } : {}) };
  if (error instanceof KernelInputError || error instanceof CleanInputError) return { code: "INVALID_INPUT", message: error.message };
  return null;
}

/** Rows written before analyses.mode existed also carry the mode in their request; the column is what counts. */
const StoredRequest = z.object({ mode: z.enum(["live", "test"]).optional() });

async function runWork(analysis: ClaimedAnalysis, context: EngineContext, call: AnalyticsCallOptions): Promise<AnalysisResult | CleanResult> {
  const stored = StoredRequest.passthrough().parse(analysis.request);
  if (analysis.analysis === "clean") {
    const inline: { dataset?: unknown } = analysis.inlineRows === null ? {} : { dataset: JSON.parse(analysis.inlineRows) };
    const request = CleanRequestSchema.parse({ ...withoutMode(stored), ...inline });
    const rows = request.dataset ?? (await readDatasetRows(analysis, context, call));
    return cleanRows(rows, request.options);
  }
  const request = AnalyzeRequestSchema.parse(withoutMode(stored));
  const source = await openSource(analysis, context, call);
  try {
    return await analyzeSource(context.analytics, source, request, call);
  } finally {
    await source.dispose();
  }
}

function withoutMode(stored: Record<string, unknown>): Record<string, unknown> {
  const { mode: _mode, ...request } = stored;
  return request;
}

async function openSource(analysis: ClaimedAnalysis, context: EngineContext, call: AnalyticsCallOptions): Promise<DataSource> {
  const inline = (rowsJson: string) => inlineSource(context.analytics, context.config.DATA_DIR, analysis.id, rowsJson, call);
  if (analysis.inlineRows !== null) return inline(analysis.inlineRows);
  const dataset = await readableDataset(analysis, context);
  return "rows" in dataset ? inline(JSON.stringify(dataset.rows)) : datasetSource(dataset.file);
}

/**
 * An uploaded dataset's Parquet file (a local file the caller releases), or a stream dataset's rows
 * (its per-minute rollups). A dataset whose file is gone from storage is bad input, not a crash.
 */
async function readableDataset(analysis: ClaimedAnalysis, context: EngineContext): Promise<{ file: LocalObject } | { rows: Row[] }> {
  const dataset = analysis.dataset_id ? await findAnalysisDataset(context.db, analysis, analysis.dataset_id) : undefined;
  if (!dataset) throw new AnalysisInputError("The dataset no longer exists or is not ready.");
  if (dataset.format !== STREAM_DATASET_FORMAT) {
    const file = await context.datasets.localCopy(dataset.storage_path).catch((error: unknown) => {
      throw error instanceof DatasetObjectMissingError ? new AnalysisInputError("The dataset's file is no longer in storage; upload it again.") : error;
    });
    return { file };
  }
  const rows = await streamDatasetRows(context.db, analysis, dataset.id);
  if (!rows) throw new AnalysisInputError("The stream of this dataset no longer exists.");
  if (rows.length === 0) throw new AnalysisInputError("The stream has no history yet: its per-minute rollups are recorded within a few seconds of its events.");
  return { rows };
}

async function readDatasetRows(analysis: ClaimedAnalysis, context: EngineContext, call: AnalyticsCallOptions): Promise<Row[]> {
  const dataset = await readableDataset(analysis, context);
  if ("rows" in dataset) return capCleanRows(dataset.rows);
  try {
    return capCleanRows(await context.analytics.all("select * from read_parquet(?) limit ?", [dataset.file.path, MAX_CLEAN_ROWS + 1], call));
  } finally {
    await dataset.file.release();
  }
}

function capCleanRows(rows: Row[]): Row[] {
  if (rows.length > MAX_CLEAN_ROWS) throw new AnalysisInputError(`The dataset has more than ${MAX_CLEAN_ROWS} rows, more than one cleaning handles.`);
  return rows;
}
