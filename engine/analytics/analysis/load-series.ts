import type { AnalyzeRequest, TimeGrain } from "../../../core/contracts/analytics.js";
import type { AnalyticsCallOptions, AnalyticsDb } from "../analytics-db.js";
import { AnalysisInputError, quoteIdentifier, type DataSource, type SourceColumn } from "./data-source.js";
import { fillGaps, grainOf, seasonalityOf, timeframeStart } from "./time-grain.js";

/** The longest regular calendar a series may have (a few years of hours). */
const MAX_BUCKETS = 50_000;

/** Which columns an analysis reads: the time column (if any) and the value column (if any). */
export interface ColumnChoice {
  time: SourceColumn | null;
  value: SourceColumn | null;
  numeric: SourceColumn[];
}

/**
 * The columns named in the request, or inferred: the first date/timestamp column and the first
 * numeric column other than it. A named column that does not exist, or a value column that is
 * not numeric, is an input error.
 */
export function chooseColumns(columns: SourceColumn[], request: Pick<AnalyzeRequest, "time_column" | "value_column">): ColumnChoice {
  const named = (name: string, role: string) => {
    const column = columns.find((candidate) => candidate.name === name);
    if (!column) throw new AnalysisInputError(`${role} "${name}" is not a column of the dataset (columns: ${columns.map((c) => c.name).join(", ")})`);
    return column;
  };
  const time = request.time_column ? named(request.time_column, "time_column") : (columns.find((column) => column.kind === "time") ?? null);
  if (time && time.kind !== "time" && time.kind !== "string") throw new AnalysisInputError(`time_column "${time.name}" holds ${time.sqlType}, not dates or timestamps`);
  const value = request.value_column ? named(request.value_column, "value_column") : (columns.find((column) => column.kind === "number" && column.name !== time?.name) ?? null);
  if (value && value.kind !== "number") throw new AnalysisInputError(`value_column "${value.name}" holds ${value.sqlType}, not numbers`);
  return { time, value, numeric: columns.filter((column) => column.kind === "number" && column.name !== time?.name) };
}

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
  buckets: Date[];
  values: number[];
  filled: number;
  seasonality: number | null;
  rowCount: number;
  filter: RowFilter;
}

/**
 * Aggregates the value per time bucket in DuckDB: the grain comes from the median gap between
 * distinct timestamps, the timeframe counts back from the last timestamp, and the buckets are put
 * on a regular calendar. Without a value column the series counts rows per bucket.
 */
export async function loadSeries(
  db: AnalyticsDb,
  source: DataSource,
  choice: ColumnChoice & { time: SourceColumn },
  request: Pick<AnalyzeRequest, "timeframe" | "options">,
  call: AnalyticsCallOptions,
): Promise<Series> {
  const time = timeExpression(choice.time);
  const [span] = await db.all(
    `with stamps as (select distinct ${time} as ts from ${source.from} where ${time} is not null),
          gaps as (select ts, epoch(ts) - epoch(lag(ts) over (order by ts)) as gap from stamps)
     select max(ts) as last, median(gap) as gap, count(*) as stamps from gaps`,
    source.params,
    call,
  );
  if (!span || !span.last || Number(span.stamps) === 0) throw new AnalysisInputError(`time_column "${choice.time.name}" has no readable dates or timestamps`);
  const grain = grainOf(span.gap === null ? null : Number(span.gap));
  const start = timeframeStart(request.timeframe, new Date(String(span.last)));
  const filter: RowFilter = start ? { where: `${time} > cast(? as timestamp)`, params: [start.toISOString()] } : { where: `${time} is not null`, params: [] };

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
    filled = fillGaps(points, grain, aggregate === "mean" ? "interpolate" : "zero", MAX_BUCKETS);
  } catch (error) {
    throw new AnalysisInputError(error instanceof Error ? error.message : String(error));
  }
  const seasonality = request.options.seasonality !== undefined ? request.options.seasonality : seasonalityOf(grain);
  return {
    timeColumn: choice.time.name,
    valueColumn: choice.value?.name ?? null,
    aggregate,
    grain,
    ...filled,
    seasonality,
    rowCount: rows.reduce((sum, row) => sum + Number(row.row_count), 0),
    filter,
  };
}
