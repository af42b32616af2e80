import { TIME_GRAINS, type TimeGrain } from "../../../core/contracts/analytics.js";
import type { AnalyticsCallOptions, AnalyticsDb } from "../analytics-db.js";
import type { GrainCalendar } from "./choose-grain.js";
import type { DataSource } from "./data-source.js";

/** The rows of one period: the sum and count of the non-null values, and the count of rows. */
export interface BucketTotals {
  bucket: Date;
  total: number | null;
  values: number;
  rows: number;
}

export interface GrainBuckets {
  /** Every grain's calendar over the timestamps read (choose-grain.ts chooses from them). */
  calendars: GrainCalendar[];
  /** The periods with rows of a grain whose calendar has at most `maxPeriods` periods, in time order. */
  buckets: (grain: TimeGrain) => BucketTotals[];
}

/**
 * Each grain's periods totalled from the next finer grain's (the rows of each distinct timestamp
 * for minutes): an exact roll-up, so each level groups the few rows of the level below it.
 */
const ROLL_UP: ReadonlyArray<[TimeGrain, TimeGrain | "stamps"]> = [
  ["minute", "stamps"],
  ["hour", "minute"],
  ["day", "hour"],
  ["week", "day"],
  ["month", "day"],
  ["quarter", "month"],
  ["year", "quarter"],
];

/**
 * Every grain's calendar and per-period totals, in one statement that reads the source once:
 * the rows are totalled per distinct timestamp, and those rows rolled up grain by grain. So
 * choosing the grain costs no scans of its own, the aggregate of whichever grain is chosen is
 * already there, and only grains within `maxPeriods` periods send their buckets back. `time` and
 * `value` are SQL expressions over the source (value null to count rows only); `where` selects
 * the rows read, with its parameters after the source's.
 */
export async function grainBuckets(
  db: AnalyticsDb,
  source: DataSource,
  read: { time: string; value: string | null; where: string; params: unknown[]; maxPeriods: number },
  call: AnalyticsCallOptions,
): Promise<GrainBuckets> {
  // A level that a coarser one rolls up from is read twice: materialised, so it is computed once.
  const rolledFrom = new Set(ROLL_UP.map(([, from]) => from));
  const levels = ROLL_UP.map(
    ([grain, from]) =>
      `"${grain}" as ${rolledFrom.has(grain) ? "materialized " : ""}(select date_trunc('${grain}', ${from === "stamps" ? "ts" : "bucket"}) as bucket,
         sum(total) as total, sum(n_values) as n_values, sum(n_rows) as n_rows from "${from}" group by 1)`,
  );
  const rows = await db.all(
    `with stamps as (
       select ${read.time} as ts, sum(${read.value ?? "cast(null as double)"}) as total, count(${read.value ?? "null"}) as n_values, count(*) as n_rows
       from ${source.from} where ${read.where} group by 1),
     ${levels.join(",\n")},
     buckets as (${ROLL_UP.map(([grain]) => `select '${grain}' as grain, * from "${grain}"`).join(" union all ")}),
     calendars as (
       select grain, count(*) as filled, date_diff(grain, min(bucket), max(bucket)) + 1 as periods from buckets group by grain)
     select c.grain, c.filled, c.periods, b.bucket, b.total, b.n_values, b.n_rows
     from calendars c left join buckets b on b.grain = c.grain and c.periods <= ?
     order by c.grain, b.bucket`,
    [...source.params, ...read.params, read.maxPeriods],
    call,
  );
  const calendars = new Map<string, GrainCalendar>();
  const byGrain = new Map<string, BucketTotals[]>();
  for (const row of rows) {
    const grain = String(row.grain);
    const calendar = TIME_GRAINS.find((known) => known === grain);
    if (!calendar) continue;
    if (!calendars.has(grain)) calendars.set(grain, { grain: calendar, periods: Number(row.periods), filled: Number(row.filled) });
    if (row.bucket === null) continue;
    const buckets = byGrain.get(grain) ?? [];
    buckets.push({ bucket: new Date(String(row.bucket)), total: row.total === null ? null : Number(row.total), values: Number(row.n_values), rows: Number(row.n_rows) });
    byGrain.set(grain, buckets);
  }
  return {
    calendars: TIME_GRAINS.map((grain) => calendars.get(grain) ?? { grain, periods: 0, filled: 0 }),
    buckets: (grain) => byGrain.get(grain) ?? [],
  };
}
