import { CronExpressionParser } from "cron-parser";

/**
 * The minimum time between two fires of a workflow's schedule (decision 0034): each plan has
 * one (`min_schedule_interval_seconds`). A cron is checked when it is saved (the shortest gap
 * between consecutive fire times, in its time zone, clock changes included), and a schedule
 * saved under a plan that allowed more (before a downgrade, or before the minimum existed) is
 * throttled when it fires: it runs at most once in each window of the plan's minimum.
 */

/** The fires read at most per scan: a scan that reads them all without a gap under the minimum covers at least this many minimums. */
const MAX_FIRES = 1_000;
const DAY_MS = 86_400_000;
const YEAR_MS = 366 * DAY_MS;
/** Two months: every pattern of weekdays, month ends and adjacent days across a month. */
const FIRST_SCAN_MS = 62 * DAY_MS;
/** A gap across a clock change longer than this is longer than any minimum. */
const AROUND_CLOCK_CHANGE_MS = 2 * 3_600_000;

export interface ShortestGap {
  ms: number;
  /** The later fire of the two. */
  at: Date;
}

/**
 * The shortest gap between two consecutive fire times of `cron` in `timezone` from `from`: over
 * the next two months (at most MAX_FIRES fires), and within two hours of each of the zone's clock
 * changes in the next year (where a gap can shrink, as "10,55 1,3 * * *" in New York on the night
 * clocks go forward: 1:55 to 3:10 is 15 minutes). It stops at the first gap under `belowMs`.
 * Undefined for a cron that fires less than twice in the scans. (A rarer pattern it does not
 * see, such as a gap only on February 29th, is still held to the minimum when it fires.)
 */
export function shortestGap(cron: string, timezone: string, from: Date, belowMs: number): ShortestGap | undefined {
  let shortest = scanGaps(cron, timezone, from.getTime(), from.getTime() + FIRST_SCAN_MS, belowMs);
  for (const change of clockChanges(timezone, from.getTime(), from.getTime() + YEAR_MS)) {
    if (shortest && shortest.ms < belowMs) break;
    const around = scanGaps(cron, timezone, change - AROUND_CLOCK_CHANGE_MS, change + AROUND_CLOCK_CHANGE_MS, belowMs);
    if (around && (!shortest || around.ms < shortest.ms)) shortest = around;
  }
  return shortest;
}

function scanGaps(cron: string, timezone: string, startMs: number, endMs: number, belowMs: number): ShortestGap | undefined {
  const fires = CronExpressionParser.parse(cron, { tz: timezone, currentDate: new Date(startMs) });
  let previous: number | undefined;
  let shortest: ShortestGap | undefined;
  for (let count = 0; count < MAX_FIRES; count++) {
    const at = nextFire(fires);
    if (at === undefined || at > endMs) break;
    if (previous !== undefined && (!shortest || at - previous < shortest.ms)) shortest = { ms: at - previous, at: new Date(at) };
    if (shortest && shortest.ms < belowMs) break;
    previous = at;
  }
  return shortest;
}

/** The next fire time, or undefined when the parser finds none (it gives up on a date it cannot reach). */
function nextFire(fires: ReturnType<typeof CronExpressionParser.parse>): number | undefined {
  try {
    return fires.next().getTime();
  } catch {
    return undefined;
  }
}

/** The instants at which the zone's offset from UTC changes between `fromMs` and `toMs`. */
export function clockChanges(timezone: string, fromMs: number, toMs: number): number[] {
  const format = new Intl.DateTimeFormat("en-US", { timeZone: timezone, timeZoneName: "longOffset" });
  const offsetAt = (ms: number) => format.formatToParts(ms).find((part) => part.type === "timeZoneName")?.value;
  const changes: number[] = [];
  for (let day = fromMs; day < toMs; day += DAY_MS) {
    let [low, high] = [day, Math.min(day + DAY_MS, toMs)];
    const before = offsetAt(low);
    if (before === offsetAt(high)) continue;
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (offsetAt(middle) === before) low = middle;
      else high = middle;
    }
    changes.push(high);
  }
  return changes;
}

/**
 * Whether the schedule's fire at `firedAt` is skipped because an earlier fire time of the cron
 * falls in the same window of `minimumSeconds` (windows aligned to the Unix epoch: with 15
 * minutes, :00, :15, :30 and :45). A cron whose fires are at least the minimum apart never has
 * two in one window, so it is never throttled.
 */
export function isThrottledFire(cron: string, timezone: string, firedAt: number, minimumSeconds: number): boolean {
  const window = minimumSeconds * 1_000;
  const windowStart = Math.floor(firedAt / window) * window;
  const first = CronExpressionParser.parse(cron, { tz: timezone, currentDate: new Date(windowStart - 1) }).next().getTime();
  return first < firedAt;
}
