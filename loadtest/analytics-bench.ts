import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { AnalysisSchema } from "../core/contracts/analytics.js";
import { resolveStoragePath } from "../core/datasets/storage.js";
import { createDb } from "../core/db/client.js";
import { median, medianBy } from "./cpu-per-request.js";
import { startDuckDBAlone, type DuckDBAlone } from "./duckdb-alone-process.js";
import { BENCH_ANALYSES, baselineStatements, type BaselineSource, type BenchAnalysis } from "./duckdb-alone-sql.js";
import type { Statement } from "./duckdb-alone-messages.js";
import { descendantPids, measureCpu } from "./process-stats.js";

/**
 * The analytics part of `npm run bench` (DESIGN.md section 13: 1e6-row analyses within 2x what
 * DuckDB alone takes for the same aggregation). Ingest speed of an uploaded 1e6-row CSV; then
 * each analysis of that dataset (stored as Parquet by the engine) and a 16,000-row inline summary,
 * side by side with DuckDB alone (duckdb-alone.ts) reading the same Parquet or JSON file with the
 * engine's DuckDB settings and running the SQL a DuckDB user would write for the same answer
 * (duckdb-alone-sql.ts). Sluice's figure is the CPU time of the engine and its analytics worker
 * processes (DuckDB runs there, decision 0016) from request to answer; the baseline's is its own
 * process's CPU around its statements. Each run alternates the two; the first is a warm-up, the
 * median of the rest is reported. The engine's processing_time_ms and the end-to-end time stand
 * beside, with the gateway's CPU, which the ratio leaves out.
 */

/** Measured runs of each analysis after the warm-up (BENCH_ANALYTICS_RUNS). */
const RUNS = Math.max(1, Number(process.env.BENCH_ANALYTICS_RUNS ?? 10));
const DAYS = 1_000;
const CSV_ROWS = 1_000_000;
const INLINE_ROWS = 16_000;
/** How long the engine's CPU is read with no analysis running. */
const IDLE_MS = 5_000;

export const ANALYTICS_TARGETS = { sluiceToDuckdbAloneCpuAtMost: 2 } as const;

export interface Percentiles {
  p50: number;
  p95: number;
}

export interface AnalysisFigures {
  runs: number;
  /** Median CPU ms of the engine and its analytics workers, request to answer. */
  sluiceCpuMs: number;
  /** Of it, the analytics workers' (DuckDB and its answers' way back), in the median run. */
  workersCpuMs: number;
  /** Median CPU ms of DuckDB alone for the same aggregation. */
  duckdbAloneCpuMs: number;
  /** sluiceCpuMs / duckdbAloneCpuMs: the target's figure. */
  ratio: number;
  /** Median CPU ms of the gateway in Sluice's runs (outside the ratio). */
  gatewayCpuMs: number;
  processingMs: Percentiles;
  endToEndMs: Percentiles;
  duckdbAloneWallMs: Percentiles;
}

export interface AnalyticsFigures {
  ingest: { rows: number; megabytes: number; seconds: number; megabytesPerSecond: number };
  duckdbAlone: { threads: number; memoryLimit: string };
  csv1e6: Record<BenchAnalysis, AnalysisFigures>;
  inline16k: { summary: AnalysisFigures };
  /** CPU ms per second of the engine and its workers with nothing to do: what any window holds besides the analysis. */
  sluiceIdleCpuMsPerSecond: number;
  /** The processes counted as Sluice's: the engine and its analytics workers. */
  sluiceProcesses: number;
  /** Every ratio by name, e.g. csv_1e6_trend, for the JSON report. */
  ratios: Record<string, number>;
}

const DatasetSchema = z.object({ id: z.string(), status: z.string() });

/**
 * Rows over DAYS consecutive days (a daily series of DAYS points once aggregated): a date, a
 * value with trend, weekly season and noise, and a region.
 */
function* rows(count: number): Generator<{ date: string; value: number; region: string }> {
  const perDay = Math.max(1, Math.floor(count / DAYS));
  const start = Date.UTC(2023, 0, 1);
  let seed = 42;
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
  for (let i = 0; i < count; i++) {
    const day = Math.floor(i / perDay);
    const date = new Date(start + day * 86_400_000).toISOString().slice(0, 10);
    const value = 100 + day * 0.05 + 10 * Math.sin((2 * Math.PI * (day % 7)) / 7) + random() * 5;
    yield { date, value: Math.round(value * 100) / 100, region: ["north", "south", "east", "west"][i % 4] ?? "north" };
  }
}

function csvOf(count: number): string {
  const lines = ["date,value,region"];
  for (const row of rows(count)) lines.push(`${row.date},${row.value},${row.region}`);
  return `${lines.join("\n")}\n`;
}

function percentiles(values: number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (fraction: number) => sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
  return { p50: Math.round(at(0.5)), p95: Math.round(at(0.95)) };
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

export interface AnalyticsBenchOptions {
  gatewayUrl: string;
  secret: string;
  databaseUrl: string;
  dataDir: string;
  pids: { gateway: number; engine: number };
  /** Nice steps below the bench's priority for DuckDB alone: the servers' priority. */
  lowerPriorityBy: number;
}

export async function measureAnalytics(options: AnalyticsBenchOptions): Promise<AnalyticsFigures> {
  const auth = { Authorization: `Bearer ${options.secret}` };

  const upload = async (body: string, contentType: string) => {
    const started = performance.now();
    const response = await fetch(`${options.gatewayUrl}/v1/datasets`, { method: "POST", headers: { ...auth, "Content-Type": contentType }, body });
    if (response.status !== 201 && response.status !== 202) throw new Error(`upload: ${response.status} ${await response.text()}`);
    let dataset = DatasetSchema.parse(await response.json());
    while (dataset.status === "processing") {
      await new Promise((resolve) => setTimeout(resolve, 50));
      dataset = DatasetSchema.parse(await (await fetch(`${options.gatewayUrl}/v1/datasets/${dataset.id}`, { headers: auth })).json());
    }
    if (dataset.status !== "ready") throw new Error(`dataset ${dataset.id} ended ${dataset.status}`);
    return { id: dataset.id, seconds: (performance.now() - started) / 1_000 };
  };

  const sluicePids = () => [options.pids.engine, ...descendantPids(options.pids.engine)];

  /** Sluice's analysis and DuckDB alone's statements for it, alternately, the first run a warm-up. */
  const sideBySide = async (duckdb: DuckDBAlone, analysis: BenchAnalysis, request: Record<string, unknown>, source: BaselineSource): Promise<AnalysisFigures> => {
    const sluice: Array<{ total: number; workers: number }> = [];
    const gateway: number[] = [];
    const alone: number[] = [];
    const processing: number[] = [];
    const endToEnd: number[] = [];
    const aloneWall: number[] = [];
    let statements: Statement[] | undefined;
    for (let run = 0; run <= RUNS; run++) {
      const cpu = measureCpu({ engine: () => [options.pids.engine], workers: () => descendantPids(options.pids.engine), gateway: () => [options.pids.gateway] });
      const started = performance.now();
      const response = await fetch(`${options.gatewayUrl}/v1/data/analyze`, { method: "POST", headers: { ...auth, "Content-Type": "application/json" }, body: JSON.stringify({ ...request, analysis }) });
      const answer = AnalysisSchema.parse(await response.json());
      const wall = performance.now() - started;
      const used = cpu.stop();
      if (response.status !== 200 || answer.status !== "completed") throw new Error(`analysis ${analysis}: ${response.status} ${JSON.stringify(answer.error)}`);
      statements ??= baselineStatements(analysis, source, answer);
      const baseline = await duckdb.run(statements);
      if (run === 0) continue;
      const [engine = Number.NaN, workers = Number.NaN] = [used.engine, used.workers];
      sluice.push({ total: engine + workers, workers });
      gateway.push(used.gateway ?? Number.NaN);
      processing.push(answer.processing_time_ms ?? Number.NaN);
      endToEnd.push(wall);
      alone.push(baseline.cpuMs);
      aloneWall.push(baseline.wallMs);
    }
    const middle = medianBy(sluice, (run) => run.total);
    const sluiceCpuMs = middle?.total ?? Number.NaN;
    const duckdbAloneCpuMs = oneDecimal(median(alone));
    return {
      runs: RUNS,
      sluiceCpuMs,
      workersCpuMs: middle?.workers ?? Number.NaN,
      duckdbAloneCpuMs,
      ratio: Math.round((sluiceCpuMs / duckdbAloneCpuMs) * 100) / 100,
      gatewayCpuMs: median(gateway),
      processingMs: percentiles(processing),
      endToEndMs: percentiles(endToEnd),
      duckdbAloneWallMs: percentiles(aloneWall),
    };
  };

  const csv = csvOf(CSV_ROWS);
  const megabytes = Buffer.byteLength(csv) / 1_000_000;
  const csvDataset = await upload(csv, "text/csv");
  const parquet: BaselineSource = { format: "parquet", path: await storedPath(options, csvDataset.id) };

  const inlineRows = [...rows(INLINE_ROWS)];
  const directory = mkdtempSync(join(tmpdir(), "sluice-duckdb-alone-"));
  const json: BaselineSource = { format: "json", path: join(directory, "inline.json") };
  writeFileSync(json.path, JSON.stringify(inlineRows));

  const duckdb = await startDuckDBAlone(options.lowerPriorityBy);
  try {
    const idle = measureCpu({ sluice: sluicePids });
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const sluiceIdleCpuMsPerSecond = oneDecimal(((idle.stop().sluice ?? Number.NaN) * 1_000) / IDLE_MS);
    const columns = { time_column: "date", value_column: "value" };
    const csv1e6 = {} as Record<BenchAnalysis, AnalysisFigures>;
    for (const analysis of BENCH_ANALYSES) csv1e6[analysis] = await sideBySide(duckdb, analysis, { dataset_id: csvDataset.id, ...columns }, parquet);
    const inline16k = { summary: await sideBySide(duckdb, "summary", { dataset: inlineRows, ...columns }, json) };
    return {
      ingest: { rows: CSV_ROWS, megabytes: Number(megabytes.toFixed(1)), seconds: Number(csvDataset.seconds.toFixed(2)), megabytesPerSecond: Number((megabytes / csvDataset.seconds).toFixed(1)) },
      duckdbAlone: { threads: duckdb.threads, memoryLimit: duckdb.memoryLimit },
      csv1e6,
      inline16k,
      sluiceIdleCpuMsPerSecond,
      sluiceProcesses: sluicePids().length,
      ratios: {
        ...Object.fromEntries(BENCH_ANALYSES.map((analysis) => [`csv_1e6_${analysis}`, csv1e6[analysis].ratio])),
        inline_16k_summary: inline16k.summary.ratio,
      },
    };
  } finally {
    await duckdb.stop();
    rmSync(directory, { recursive: true, force: true });
  }
}

/** The absolute path of a dataset's Parquet file: its datasets.storage_path under DATA_DIR. */
async function storedPath(options: AnalyticsBenchOptions, datasetId: string): Promise<string> {
  const db = createDb({ url: options.databaseUrl, poolSize: 1, applicationName: "sluice-bench" });
  try {
    const dataset = await db.selectFrom("datasets").select("storage_path").where("id", "=", datasetId).executeTakeFirstOrThrow();
    return resolveStoragePath(options.dataDir, dataset.storage_path);
  } finally {
    await db.destroy();
  }
}
