import { TIME_GRAINS, type AnalyzeRequest, type TimeGrain } from "../../../core/contracts/analytics.js";
import type { AnalyticsCallOptions, AnalyticsDb } from "../analytics-db.js";
import type { ColumnChoice } from "./choose-columns.js";
import { MAX_SERIES_PERIODS, chooseGrain, type GrainCalendar, type GrainChoice } from "./choose-grain.js";
import { AnalysisInputError, quoteIdentifier, type DataSource, type SourceColumn } from "./data-source.js";
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
 * value column the series counts rows per bucket.
 */
export async function loadSeries(
  db: AnalyticsDb,
  source: DataSource,
  choice: ColumnChoice & { time: SourceColumn },
  request: Pick<AnalyzeRequest, "timeframe" | "options" | "time_grain">,
  call: AnalyticsCallOptions,
): Promise<Series> {
  const time = timeExpression(choice.time);
  const [span] = await db.all(`select max(${time}) as last from ${source.from}`, source.params, call);
  if (!span?.last) throw new AnalysisInputError(`time_column "${choice.time.name}" has no readable dates or timestamps`, "time_column");
  const start = timeframeStart(request.timeframe, new Date(String(span.last)));
  const filter: RowFilter = start ? { where: `${time} > cast(? as timestamp)`, params: [start.toISOString()] } : { where: `${time} is not null`, params: [] };
  const grainChoice = chooseGrain(await grainCalendars(db, source, time, filter, call), request.time_grain);
  const grain = grainChoice.grain;

  const aggregate = choice.value ? request.options.aggregate : "count";
  const value = choice.value ? `cast(${quoteIdentifier(choice.value.name)} as double)` : null;
  const measure = aggregate === "count" ? "count(*)" : aggregate === "sum" ? `coalesce(sum(${value}), 0)` : `avg(${value})`;
  const rows = await db.all(
    `select date_trunc(?, ${time}) as bucket, ${measure} as value, count(*) as row_count
     from ${source.from} where ${filter.where} group by 1 order by 1`,
    [grain, ...source.params, ...filter.params],
    call,
  );
  const points = rows.map((row) => ({ bucket: new Date(String(row.bucket)), value: row.value === null ? null : Number(row.value) }));
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
    rowCount: rows.reduce((sum, row) => sum + Number(row.row_count), 0),
    filter,
  };
}

/** For every grain: the periods of its calendar from the first to the last timestamp, and how many have rows. */
async function grainCalendars(db: AnalyticsDb, source: DataSource, time: string, filter: RowFilter, call: AnalyticsCallOptions): Promise<GrainCalendar[]> {
  const measures = TIME_GRAINS.map(
    (grain) => `count(distinct date_trunc('${grain}', ts)) as ${grain}_filled,
                date_diff('${grain}', date_trunc('${grain}', min(ts)), date_trunc('${grain}', max(ts))) + 1 as ${grain}_periods`,
  );
  const [row] = await db.all(
    `with stamps as (select distinct ${time} as ts from ${source.from} where ${filter.where}) select ${measures.join(", ")} from stamps`,
    [...source.params, ...filter.params],
    call,
  );
  return TIME_GRAINS.map((grain) => ({ grain, periods: Number(row?.[`${grain}_periods`] ?? 0), filled: Number(row?.[`${grain}_filled`] ?? 0) }));
}
