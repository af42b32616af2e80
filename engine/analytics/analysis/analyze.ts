import type { AnalysisResult, AnalyzeRequest } from "../../../core/contracts/analytics.js";
import type { AnalyticsCallOptions, AnalyticsDb } from "../analytics-db.js";
import { KernelInputError } from "../kernels/errors.js";
import type { AnalysisRunner, AttemptPart, PartContext } from "./analysis-runner.js";
import { runnersFor } from "./analysis-runners.js";
import { AnalysisInputError, describeSource, type DataSource, type SourceColumn } from "./data-source.js";
import { chooseColumns } from "./choose-columns.js";
import { loadSeries, type RowFilter, type Series } from "./load-series.js";
import { describeColumns, loadMatrix } from "./numeric-columns.js";
import { seriesChart } from "./visualizations.js";

type ReadingRunner<R extends AnalysisRunner["reads"]> = Extract<AnalysisRunner, { reads: R }>;

/**
 * Runs one analysis over a data source and assembles its result. Each analysis type is a runner
 * (analysis-runners.ts); this loads what they read once for all of them and runs them in turn. A
 * requested analysis that cannot apply (no time column for a trend, one numeric column for
 * correlations) is an input error; "auto" runs everything that applies and says in `notes` what
 * it left out and why.
 */
export async function analyzeSource(db: AnalyticsDb, source: DataSource, request: AnalyzeRequest, call: AnalyticsCallOptions): Promise<AnalysisResult> {
  const columns = await describeSource(db, source, call);
  const choice = await chooseColumns(db, source, columns, request, call);
  const runners = runnersFor(request.analysis);
  const seriesRunners = runners.filter((runner): runner is ReadingRunner<"series"> => runner.reads === "series");
  const matrixRunners = runners.filter((runner): runner is ReadingRunner<"matrix"> => runner.reads === "matrix");
  const readsColumns = runners.some((runner) => runner.reads === "columns");
  const auto = request.analysis === "auto";
  const notes: string[] = [];
  const result: AnalysisResult = { insights: {}, visualizations: [], notes, row_count: 0 };
  // Inline rows read as JSON: a column whose every value is null has no type of its own.
  const valueless = columns.filter((column) => column.sqlType === "JSON" || column.sqlType === '"NULL"').map((column) => column.name);
  if (valueless.length) notes.push(`${listOf(valueless)} ${valueless.length === 1 ? "has" : "have"} no values and ${valueless.length === 1 ? "was" : "were"} skipped`);

  /** Runs one part; in auto mode a part that does not apply becomes a note instead of a failure. */
  const attempt: AttemptPart = async (part, work) => {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof KernelInputError || error instanceof AnalysisInputError)) throw error;
      if (!auto) throw new AnalysisInputError(`${part}: ${error.message}`, error instanceof AnalysisInputError ? error.field : undefined);
      notes.push(`${part} omitted: ${error.message}`);
      return undefined;
    }
  };

  const context: PartContext = { request, result, attempt };

  let series: Series | undefined;
  if (seriesRunners.length || (readsColumns && choice.time)) {
    if (!choice.time) {
      const message = "no date or timestamp column (name one with time_column)";
      if (!auto) throw new AnalysisInputError(`${request.analysis} needs a time series: ${message}`);
      notes.push(`${listOf(seriesRunners.flatMap((runner) => runner.parts))} omitted: ${message}`);
    } else {
      series = await attempt("series", () => loadSeries(db, source, { ...choice, time: choice.time as SourceColumn }, request, call));
    }
  }

  const filter: RowFilter = series?.filter ?? { where: "true", params: [] };
  // DuckDB computes the column statistics on its own threads while the series kernels run here.
  const statistics = readsColumns || matrixRunners.some((runner) => runner.statistics) ? describeColumns(db, source, choice.numeric, filter, call) : undefined;
  // Awaited below; a failure must not go unhandled while the kernels run.
  statistics?.catch(() => undefined);
  if (series) {
    result.series = {
      time_column: series.timeColumn,
      value_column: series.valueColumn,
      aggregate: series.aggregate,
      grain: series.grain,
      points: series.values.length,
      start: (series.buckets[0] as Date).toISOString(),
      end: (series.buckets[series.buckets.length - 1] as Date).toISOString(),
      seasonality: series.seasonality,
      chosen: {
        time_column: choice.timeChosen,
        value_column: choice.valueChosen,
        value_column_reason: choice.valueReason,
        grain: series.grainChoice.chosen,
        grain_reason: series.grainChoice.reason,
      },
    };
    result.row_count = series.rowCount;
    if (!series.valueColumn) notes.push("no numeric column: the series counts rows per period");
    if (choice.ambiguity) notes.push(choice.ambiguity);
    if (series.grainChoice.ambiguity) notes.push(series.grainChoice.ambiguity);
    if (series.filled) notes.push(`${series.filled} of ${series.values.length} periods had no rows and were ${series.aggregate === "mean" ? "interpolated" : "counted as 0"}`);
    for (const runner of seriesRunners) await runner.run(series, context);
    result.visualizations.push(seriesChart(series, result.insights));
  }

  if (statistics) {
    result.statistics = await statistics;
    if (!series) result.row_count = await countRows(db, source, filter, call);
  }

  if (matrixRunners.length) {
    const varying = choice.numeric.filter((column) => {
      const stats = result.statistics?.[column.name];
      return !stats || (stats.std ?? 0) > 0;
    });
    if (varying.length < 2) {
      const message = `needs at least two numeric columns that vary (found ${varying.map((c) => c.name).join(", ") || "none"})`;
      if (!auto) throw new AnalysisInputError(`${request.analysis} ${message}`);
      notes.push(`${listOf(matrixRunners.flatMap((runner) => runner.parts))} omitted: ${message}`);
    } else {
      const matrix = await loadMatrix(db, source, varying, filter, call);
      if (matrix.rows < matrix.total) notes.push(`correlations and clusters use a seeded sample of ${matrix.rows} of ${matrix.total} complete rows`);
      for (const runner of matrixRunners) await runner.run(matrix, context);
      if (!result.row_count) result.row_count = matrix.total;
    }
  }
  for (const key of Object.keys(result.insights) as Array<keyof AnalysisResult["insights"]>) if (result.insights[key] === undefined) delete result.insights[key];
  return result;
}

async function countRows(db: AnalyticsDb, source: DataSource, filter: RowFilter, call: AnalyticsCallOptions): Promise<number> {
  const [row] = await db.all(`select count(*) as n from ${source.from} where ${filter.where}`, [...source.params, ...filter.params], call);
  return Number(row?.n ?? 0);
}

/** "a", "a and b", "a, b and c". */
function listOf(names: string[]): string {
  return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1] ?? ""}`;
}
