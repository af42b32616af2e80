import type { AnalyzeRequest, TimeGrain } from "../../../core/contracts/analytics.js";
import type { AnalyticsCallOptions, AnalyticsDb } from "../analytics-db.js";
import type { ColumnChoice } from "./choose-columns.js";
import { MAX_SERIES_PERIODS, chooseGrain, type GrainChoice } from "./choose-grain.js";
import { AnalysisInputError, quoteIdentifier, type DataSource, type SourceColumn } from "./data-source.js";
import { grainBuckets } from "./grain-buckets.js";
import { fillGaps, seasonalityOf, timeframeStart } from "./time-grain.js";

/** A time column as TIMESTAMP: text columns are read with TRY_CAST (unreadable cells are skipped). */
export function timeExpression(column: SourceColumn): string {
  return column.kind === "time" ? `cast(${quoteIdentifier(column.name)} as timestamp)` : `try_cast(${quoteIdentifier(column.name)} as timestamp)`;
}

/** The rows an analysis reads, after the timeframe: a WHERE clause and its bound parameters. */
export interface RowFilter {
  where: string;
  params: unknown[];
}

export interface Series {
  timeColumn: string;
  valueColumn: string | null;
  aggregate: "sum" | "mean" | "count";
  grain: TimeGrain;
  grainChoice: GrainChoice;
  buckets: Date[];
  values: number[];
  filled: number;
  seasonality: number | null;
  rowCount: number;
  filter: RowFilter;
}

/**
 * Aggregates the value per time bucket in DuckDB: the timeframe counts back from the last
 * timestamp, the grain is the requested one or chosen from the span and density of the
 * timestamps in it (choose-grain.ts), and the buckets are put on a regular calendar. Without a
 * value column the series counts rows per bucket. One statement gives the grains' calendars and
 * buckets (grain-buckets.ts); a timeframe other than "all" first reads the last timestamp.
 */
export async function loadSeries(
  db: AnalyticsDb,
  source: DataSource,
  choice: ColumnChoice & { time: SourceColumn },
  request: Pick<AnalyzeRequest, "timeframe" | "options" | "time_grain">,
  call: AnalyticsCallOptions,
): Promise<Series> {
  const time = timeExpression(choice.time);
  const start = request.timeframe === "all" ? null : timeframeStart(request.timeframe, await lastTimestamp(db, source, time, choice.time, call));
  const filter: RowFilter = start ? { where: `${time} > cast(? as timestamp)`, params: [start.toISOString()] } : { where: `${time} is not null`, params: [] };
  const value = choice.value ? `cast(${quoteIdentifier(choice.value.name)} as double)` : null;
  const read = await grainBuckets(db, source, { time, value, ...filter, maxPeriods: MAX_SERIES_PERIODS }, call);
  if (read.calendars.every((calendar) => calendar.periods === 0)) throw noDates(choice.time);
  const grainChoice = chooseGrain(read.calendars, request.time_grain);
  const grain = grainChoice.grain;

  const aggregate = choice.value ? request.options.aggregate : "count";
  const buckets = read.buckets(grain);
  const points = buckets.map(({ bucket, total, values, rows }) => ({
    bucket,
    value: aggregate === "count" ? rows : aggregate === "sum" ? (total ?? 0) : values > 0 && total !== null ? total / values : null,
  }));
  let filled;
  try {
    filled = fillGaps(points, grain, aggregate === "mean" ? "interpolate" : "zero", MAX_SERIES_PERIODS);
  } catch (error) {
    throw new AnalysisInputError(error instanceof Error ? error.message : String(error), "time_grain");
  }
  const seasonality = request.options.seasonality !== undefined ? request.options.seasonality : seasonalityOf(grain);
  return {
    timeColumn: choice.time.name,
    valueColumn: choice.value?.name ?? null,
    aggregate,
    grain,
    grainChoice,
    ...filled,
    seasonality,
    rowCount: buckets.reduce((sum, bucket) => sum + bucket.rows, 0),
    filter,
  };
}

const noDates = (column: SourceColumn) => new AnalysisInputError(`time_column "${column.name}" has no readable dates or timestamps`, "time_column");

async function lastTimestamp(db: AnalyticsDb, source: DataSource, time: string, column: SourceColumn, call: AnalyticsCallOptions): Promise<Date> {
  const [span] = await db.all(`select max(${time}) as last from ${source.from}`, source.params, call);
  if (!span?.last) throw noDates(column);
  return new Date(String(span.last));
}
