import type { Analysis } from "../core/contracts/analytics.js";
import type { Statement } from "./duckdb-alone-messages.js";

/**
 * The SQL a DuckDB user would write to get the answer Sluice gave, for the analytics bench's
 * baseline (duckdb-alone.ts). Built from Sluice's own answer, so both compute the same thing:
 * its `statistics` name the numeric columns it described, its `series` the time and value
 * columns, the aggregate and the grain it chose.
 *   summary   per numeric column: count, nulls, mean, stddev_samp, min, quartiles (quantile_cont), max
 *   anomalies, forecast   the per-bucket aggregate (date_trunc to Sluice's grain, group by, order by)
 *   trend     the same with regr_slope and regr_r2 over the series
 *   auto      the summary and the trend's statement (the series once, as a user would)
 */

export const BENCH_ANALYSES = ["summary", "trend", "anomalies", "forecast", "auto"] as const;
export type BenchAnalysis = (typeof BENCH_ANALYSES)[number];

/** Where the baseline reads: the dataset's Parquet file, or the inline rows as a JSON file. */
export interface BaselineSource {
  format: "parquet" | "json";
  path: string;
}

type SluiceAnswer = Pick<Analysis, "statistics" | "series">;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const tableOf = (source: BaselineSource) => (source.format === "parquet" ? "read_parquet(?)" : "read_json_auto(?)");

export function summaryStatement(source: BaselineSource, columns: string[]): Statement {
  if (columns.length === 0) throw new Error("the summary has no numeric column");
  const selects = columns.map((name, i) => {
    const v = quote(name);
    return `count(${v}) as c${i}_count, count(*) - count(${v}) as c${i}_nulls, avg(${v}) as c${i}_mean, stddev_samp(${v}) as c${i}_std, min(${v}) as c${i}_min, quantile_cont(${v}, [0.25, 0.5, 0.75]) as c${i}_q, max(${v}) as c${i}_max`;
  });
  return { sql: `select ${selects.join(", ")} from ${tableOf(source)}`, params: [source.path] };
}

export function seriesStatement(source: BaselineSource, series: NonNullable<SluiceAnswer["series"]>, withTrend: boolean): Statement {
  const value = series.value_column === null || series.aggregate === "count" ? "count(*)" : `${series.aggregate === "sum" ? "sum" : "avg"}(${quote(series.value_column)})`;
  const buckets = `select date_trunc(?, ${quote(series.time_column)}) as bucket, ${value} as value from ${tableOf(source)} group by 1`;
  const sql = withTrend
    ? `with series as (${buckets}) select bucket, value, regr_slope(value, epoch(bucket)) over () as slope, regr_r2(value, epoch(bucket)) over () as r2 from series order by bucket`
    : `${buckets} order by 1`;
  return { sql, params: [series.grain, source.path] };
}

/** The baseline's statements for one analysis, after Sluice's answer to it. */
export function baselineStatements(analysis: BenchAnalysis, source: BaselineSource, answer: SluiceAnswer): Statement[] {
  const summary = () => summaryStatement(source, Object.keys(answer.statistics ?? {}));
  const series = (withTrend: boolean) => {
    if (!answer.series) throw new Error(`Sluice's ${analysis} has no series`);
    return seriesStatement(source, answer.series, withTrend);
  };
  switch (analysis) {
    case "summary":
      return [summary()];
    case "trend":
      return [series(true)];
    case "anomalies":
    case "forecast":
      return [series(false)];
    case "auto":
      return [summary(), series(true)];
  }
}
