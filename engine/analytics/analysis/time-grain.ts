import type { Timeframe, TimeGrain } from "../../../core/contracts/analytics.js";

/**
 * The calendar of a series: the season length its grain implies (choose-grain.ts chooses the
 * grain), and stepping from one bucket to the next (UTC).
 */

const MINUTE = 60;
const HOUR = 3_600;
const DAY = 86_400;

/** Season length implied by the grain: a week of days, a day of hours, a year of months or quarters. */
export function seasonalityOf(grain: TimeGrain): number | null {
  switch (grain) {
    case "hour":
      return 24;
    case "day":
      return 7;
    case "month":
      return 12;
    case "quarter":
      return 4;
    default:
      return null;
  }
}

/** The bucket `steps` periods after `from` (buckets are period starts, UTC). */
export function stepBucket(from: Date, grain: TimeGrain, steps: number): Date {
  const at = new Date(from.getTime());
  switch (grain) {
    case "minute":
      return new Date(at.getTime() + steps * MINUTE * 1_000);
    case "hour":
      return new Date(at.getTime() + steps * HOUR * 1_000);
    case "day":
      return new Date(at.getTime() + steps * DAY * 1_000);
    case "week":
      return new Date(at.getTime() + steps * 7 * DAY * 1_000);
    case "month":
      at.setUTCMonth(at.getUTCMonth() + steps);
      return at;
    case "quarter":
      at.setUTCMonth(at.getUTCMonth() + 3 * steps);
      return at;
    case "year":
      at.setUTCFullYear(at.getUTCFullYear() + steps);
      return at;
  }
}

const TIMEFRAME_DAYS: Record<Exclude<Timeframe, "all">, number> = { last_7_days: 7, last_30_days: 30, last_90_days: 90, last_365_days: 365 };

/** The instant after which rows count, relative to the series' last timestamp; null for "all". */
export function timeframeStart(timeframe: Timeframe, last: Date): Date | null {
  if (timeframe === "all") return null;
  return new Date(last.getTime() - TIMEFRAME_DAYS[timeframe] * DAY * 1_000);
}

export interface FilledSeries {
  buckets: Date[];
  values: number[];
  /** Buckets that had no rows and were filled. */
  filled: number;
}

/**
 * Puts aggregated buckets on a regular calendar: a missing bucket is 0 for sums and counts (no
 * rows, nothing summed) and linearly interpolated for means. Refuses a calendar over `maxBuckets`.
 */
export function fillGaps(points: ReadonlyArray<{ bucket: Date; value: number | null }>, grain: TimeGrain, fill: "zero" | "interpolate", maxBuckets: number): FilledSeries {
  if (points.length === 0) return { buckets: [], values: [], filled: 0 };
  const byTime = new Map(points.map((point) => [point.bucket.getTime(), point.value]));
  const first = points[0] as { bucket: Date };
  const last = points[points.length - 1] as { bucket: Date };
  const buckets: Date[] = [];
  const raw: Array<number | null> = [];
  for (let at = first.bucket, i = 0; at.getTime() <= last.bucket.getTime(); i++, at = stepBucket(first.bucket, grain, i)) {
    if (buckets.length >= maxBuckets) throw new RangeError(`the series spans more than ${maxBuckets} ${grain}s`);
    buckets.push(at);
    const value = byTime.get(at.getTime());
    raw.push(value === undefined ? null : value);
  }
  let filled = 0;
  const values = raw.map((value, i) => {
    if (value !== null) return value;
    filled++;
    if (fill === "zero") return 0;
    return interpolate(raw, i);
  });
  return { buckets, values, filled };
}

function interpolate(raw: ReadonlyArray<number | null>, i: number): number {
  let before = i - 1;
  while (before >= 0 && raw[before] === null) before--;
  let after = i + 1;
  while (after < raw.length && raw[after] === null) after++;
  const left = before >= 0 ? raw[before] : null;
  const right = after < raw.length ? raw[after] : null;
  if (left === null || left === undefined) return right ?? 0;
  if (right === null || right === undefined) return left;
  return left + ((right - left) * (i - before)) / (after - before);
}
