import type { AnalysisResult, AnalysisType, AnalyzeRequest } from "../../../core/contracts/analytics.js";
import type { AnalyticsCallOptions, AnalyticsDb } from "../analytics-db.js";
import { KernelInputError } from "../kernels/errors.js";
import { AnalysisInputError, describeSource, type DataSource, type SourceColumn } from "./data-source.js";
import { chooseColumns, loadSeries, type RowFilter, type Series } from "./load-series.js";
import { clustersOf, correlationsOf, describeColumns, loadMatrix } from "./numeric-columns.js";
import { anomaliesOf, forecastOf, growthOf, trendOf } from "./series-insights.js";
import { clusterChart, correlationChart, seriesChart } from "./visualizations.js";

/**
 * Runs one analysis over a data source and assembles its result. A requested analysis that
 * cannot apply (no time column for a trend, one numeric column for correlations) is an input
 * error; "auto" runs everything that applies and says in `notes` what it left out and why.
 */
export async function analyzeSource(db: AnalyticsDb, source: DataSource, request: AnalyzeRequest, call: AnalyticsCallOptions): Promise<AnalysisResult> {
  const columns = await describeSource(db, source, call);
  const choice = chooseColumns(columns, request);
  const wants = (part: Exclude<AnalysisType, "auto">) => request.analysis === part || request.analysis === "auto";
  const auto = request.analysis === "auto";
  const notes: string[] = [];
  const result: AnalysisResult = { insights: {}, visualizations: [], notes, row_count: 0 };

  /** Runs one part; in auto mode a part that does not apply becomes a note instead of a failure. */
  const attempt = async <T>(part: string, work: () => T | Promise<T>): Promise<T | undefined> => {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof KernelInputError || error instanceof AnalysisInputError)) throw error;
      if (!auto) throw new AnalysisInputError(`${part}: ${error.message}`);
      notes.push(`${part} omitted: ${error.message}`);
      return undefined;
    }
  };

  const seriesParts = (["trend", "anomalies", "forecast"] as const).filter(wants);
  let series: Series | undefined;
  if (seriesParts.length || (request.analysis === "summary" && choice.time)) {
    if (!choice.time) {
      const message = "no date or timestamp column (name one with time_column)";
      if (!auto) throw new AnalysisInputError(`${request.analysis} needs a time series: ${message}`);
      notes.push(`trend, growth_rate, anomalies and forecast omitted: ${message}`);
    } else {
      series = await attempt("series", () => loadSeries(db, source, { ...choice, time: choice.time as SourceColumn }, request, call));
    }
  }

  const filter: RowFilter = series?.filter ?? { where: "true", params: [] };
  // DuckDB computes the column statistics on its own threads while the series kernels run here.
  const statistics = wants("summary") || wants("correlation") ? describeColumns(db, source, choice.numeric, filter, call) : undefined;
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
    };
    result.row_count = series.rowCount;
    if (!series.valueColumn) notes.push("no numeric column: the series counts rows per period");
    if (series.filled) notes.push(`${series.filled} of ${series.values.length} periods had no rows and were ${series.aggregate === "mean" ? "interpolated" : "counted as 0"}`);
    const current = series;
    if (wants("trend")) {
      result.insights.trend = await attempt("trend", () => trendOf(current));
      result.insights.growth_rate = await attempt("growth_rate", () => growthOf(current));
    }
    if (wants("anomalies")) Object.assign(result.insights, await attempt("anomalies", () => anomaliesOf(current)));
    if (wants("forecast")) result.insights.forecast = await attempt("forecast", () => forecastOf(current, request.options.horizon));
    result.visualizations.push(seriesChart(series, result.insights));
  }

  if (statistics) {
    result.statistics = await statistics;
    if (!series) result.row_count = await countRows(db, source, filter, call);
  }

  const needsMatrix = wants("correlation") || wants("clustering");
  if (needsMatrix) {
    const varying = choice.numeric.filter((column) => {
      const stats = result.statistics?.[column.name];
      return !stats || (stats.std ?? 0) > 0;
    });
    if (varying.length < 2) {
      const message = `needs at least two numeric columns that vary (found ${varying.map((c) => c.name).join(", ") || "none"})`;
      if (!auto) throw new AnalysisInputError(`${request.analysis} ${message}`);
      notes.push(`correlations and clusters omitted: ${message}`);
    } else {
      const matrix = await loadMatrix(db, source, varying, filter, call);
      if (matrix.rows < matrix.total) notes.push(`correlations and clusters use a seeded sample of ${matrix.rows} of ${matrix.total} complete rows`);
      if (wants("correlation")) {
        result.correlations = await attempt("correlations", () => correlationsOf(matrix));
        if (result.correlations) result.visualizations.push(correlationChart(result.correlations));
      }
      if (wants("clustering")) {
        const clustered = await attempt("clusters", () => clustersOf(matrix, request.options.k));
        if (clustered) {
          result.clusters = clustered.clusters;
          result.visualizations.push(clusterChart(matrix, clustered.assignments, request.options.k));
        }
      }
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
