import { SERIES_LIMITS, TIME_GRAINS, type TimeGrain } from "../../../core/contracts/analytics.js";
import { AnalysisInputError } from "./data-source.js";

/**
 * The time grain of a series, from its span and density (DESIGN.md section 8, "Real data"):
 * the finest grain whose regular calendar has at most MAX_SERIES_PERIODS periods and at which
 * most periods (MIN_FILLED_SHARE) have rows. So per-minute events over two years are read by day
 * (hours would be 17,520 periods), daily sales by day, monthly figures by month. A requested
 * grain is used as asked unless its calendar is longer than the limit or it is finer than the
 * data (fewer than MIN_REQUESTED_SHARE of its periods have rows): both are input errors naming
 * the finest acceptable grain.
 */

export const MAX_SERIES_PERIODS = SERIES_LIMITS.maxPeriods;
const MIN_FILLED_SHARE = 0.5;
/** Below this share of periods with rows the chosen grain is said to be a close call. */
const CLEAR_FILLED_SHARE = 0.8;
const MIN_REQUESTED_SHARE = 0.1;

/** A grain's regular calendar over the data: its periods, and how many of them have rows. */
export interface GrainCalendar {
  grain: TimeGrain;
  periods: number;
  filled: number;
}

export interface GrainChoice {
  grain: TimeGrain;
  chosen: "requested" | "inferred";
  reason: string;
  /** A warning for the answer's notes when the choice was a close call; null when it was clear. */
  ambiguity: string | null;
}

const count = (n: number) => n.toLocaleString("en-US");
const share = (calendar: GrainCalendar) => calendar.filled / calendar.periods;
const withinCap = (calendar: GrainCalendar) => calendar.periods <= MAX_SERIES_PERIODS;

export function chooseGrain(calendars: readonly GrainCalendar[], requested: TimeGrain | undefined): GrainChoice {
  const ordered = TIME_GRAINS.map((grain) => calendars.find((calendar) => calendar.grain === grain)).filter((c): c is GrainCalendar => c !== undefined && c.periods > 0);
  const inferred = inferGrain(ordered);
  if (requested) return checkRequested(ordered, requested, inferred.grain);
  return inferred;
}

function inferGrain(calendars: readonly GrainCalendar[]): GrainChoice {
  const acceptable = calendars.filter(withinCap);
  if (acceptable.length === 0) throw new AnalysisInputError(`the series spans more than ${count(MAX_SERIES_PERIODS)} years`, "time_grain");
  const dense = acceptable.find((calendar) => share(calendar) >= MIN_FILLED_SHARE);
  const chosen = dense ?? acceptable.reduce((best, calendar) => (share(calendar) > share(best) ? calendar : best));
  const finer = calendars.slice(0, calendars.indexOf(chosen));
  const cappedDense = finer.filter((calendar) => !withinCap(calendar) && share(calendar) >= MIN_FILLED_SHARE).pop();
  const reason = dense
    ? `the finest grain with at most ${count(MAX_SERIES_PERIODS)} periods of which most have rows (${count(chosen.filled)} of ${count(chosen.periods)})`
    : `no grain within ${count(MAX_SERIES_PERIODS)} periods has rows in most of them; ${chosen.grain} has the largest share (${count(chosen.filled)} of ${count(chosen.periods)})`;
  let ambiguity: string | null = null;
  if (cappedDense) {
    ambiguity = `values are aggregated by ${chosen.grain}: by ${cappedDense.grain} the series would have ${count(cappedDense.periods)} periods, more than the limit of ${count(MAX_SERIES_PERIODS)}; set time_grain to choose`;
  } else if (share(chosen) < CLEAR_FILLED_SHARE) {
    ambiguity = `the time grain ${chosen.grain} was a close call: only ${count(chosen.filled)} of its ${count(chosen.periods)} periods have rows; set time_grain to choose`;
  }
  return { grain: chosen.grain, chosen: "inferred", reason, ambiguity };
}

function checkRequested(calendars: readonly GrainCalendar[], requested: TimeGrain, finestAcceptable: TimeGrain): GrainChoice {
  const calendar = calendars.find((candidate) => candidate.grain === requested);
  if (!calendar) return { grain: requested, chosen: "requested", reason: "named in time_grain", ambiguity: null };
  if (!withinCap(calendar)) {
    throw new AnalysisInputError(
      `time_grain "${requested}" gives ${count(calendar.periods)} periods, more than the limit of ${count(MAX_SERIES_PERIODS)}; the finest grain this data allows is "${finestAcceptable}"`,
      "time_grain",
    );
  }
  if (share(calendar) < MIN_REQUESTED_SHARE) {
    throw new AnalysisInputError(
      `time_grain "${requested}" is finer than the data: only ${count(calendar.filled)} of its ${count(calendar.periods)} periods have rows (at least ${MIN_REQUESTED_SHARE * 100} % must); the finest grain this data allows is "${finestAcceptable}"`,
      "time_grain",
    );
  }
  return { grain: requested, chosen: "requested", reason: "named in time_grain", ambiguity: null };
}
