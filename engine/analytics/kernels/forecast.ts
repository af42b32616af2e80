/**
 * Forecasting a series: every method that applies (forecast-candidates.ts) is scored by
 * rolling-origin cross-validation (rolling-origin.ts) and the one with the lowest mean absolute
 * error is refitted on all the data to forecast `horizon` steps with 80 % and 95 % prediction
 * intervals; `method` forces one. The model's intervals (prediction-intervals.ts) are widened
 * when the cross-validated errors, each divided by the model's standard deviation for its step,
 * have an 80 % (95 %) quantile above z₈₀ (z₉₅): the intervals then hold about 80 % (95 %) of the
 * backtested errors. A series too short for one fold gets the simplest method that applies and
 * the model's own intervals.
 */
import type { ForecastMethod } from "../../../core/contracts/analytics.js";
import { KernelInputError } from "./errors.js";
import { lagged } from "./forecast-baselines.js";
import { CANDIDATES, type Candidate } from "./forecast-candidates.js";
import { checkHorizon } from "./holt-winters.js";
import { mean } from "./numeric.js";
import { Z80, Z95, normalIntervals, type ForecastPoint } from "./prediction-intervals.js";
import { crossValidate, foldHorizon, foldOrigins, type CandidateScore } from "./rolling-origin.js";


export interface ForecastResult {
  method: ForecastMethod;
  /** The chosen method's rolling-origin error; null when the series is too short for a fold. */
  cv: { mae: number; mase: number | null; folds: number; horizon: number } | null;
  points: ForecastPoint[];
}

export interface ForecastOptions {
  /** Season length; null (or 1) for none. */
  period: number | null;
  horizon: number;
  /** Use this method instead of choosing one. */
  method?: ForecastMethod;
}

/** Chooses a method by rolling-origin cross-validation and forecasts `horizon` steps past the end of `values`. */
export function forecast(values: number[], options: ForecastOptions): ForecastResult {
  checkValues(values);
  checkHorizon(options.horizon);
  if (options.period !== null && !(Number.isInteger(options.period) && options.period >= 1)) {
    throw new KernelInputError("period must be a positive integer or null");
  }
  // A period of 1 is no season at all.
  const period = options.period !== null && options.period >= 2 ? options.period : null;
  const pool = candidatesFor(values, period, options.method);

  const horizon = foldHorizon(values.length, period, options.horizon);
  const newestTraining = (origin: number) => values.slice(0, origin);
  const allOrigins = foldOrigins(values.length, horizon);
  const scored = pool.filter((candidate) => allOrigins.length > 0 && candidate.applies(newestTraining(allOrigins[0] as number), period));
  // Every method is scored on the same folds: those long enough for all of them.
  const origins = allOrigins.filter((origin) => scored.every((candidate) => candidate.applies(newestTraining(origin), period)));

  let best: CandidateScore | null = null;
  for (const candidate of origins.length > 0 ? scored : []) {
    const score = crossValidate(candidate, values, period, origins, horizon);
    if (score !== null && (best === null || score.mae < best.mae)) best = score;
  }
  const chosen = best?.candidate ?? (pool[0] as Candidate);
  const refit = chosen.fit(values, period, options.horizon, best?.params ? [best.params] : undefined);
  const points = normalIntervals(refit.means, refit.deviations, best ? widening(best.standardised) : undefined);
  if (!best) return { method: chosen.method, cv: null, points };
  const scale = mean(lagged(values, period ?? 1).map(Math.abs));
  return {
    method: chosen.method,
    cv: { mae: best.mae, mase: scale > 0 ? best.mae / scale : null, folds: origins.length, horizon },
    points,
  };
}

/** The candidates that apply to the whole series (the forced one alone, if given); never empty. */
function candidatesFor(values: number[], period: number | null, method: ForecastMethod | undefined): Candidate[] {
  const applicable = CANDIDATES.filter((candidate) => candidate.applies(values, period) && (method === undefined || candidate.method === method));
  if (method !== undefined && applicable.length === 0) {
    throw new KernelInputError(`method ${method} does not apply to this series (too short, no season, or a value that is not positive)`);
  }
  // drift applies to any two values, so the pool is never empty.
  return applicable;
}

/** How much to widen the model's 80 % and 95 % intervals so they hold that share of the standardised CV errors (never narrowed). */
function widening(standardised: number[]): { p80: number; p95: number } {
  if (standardised.length === 0) return { p80: 1, p95: 1 };
  const sorted = [...standardised].sort((a, b) => a - b);
  return { p80: Math.max(1, quantile(sorted, 0.8) / Z80), p95: Math.max(1, quantile(sorted, 0.95) / Z95) };
}

/** Type-7 quantile of an ascending array. */
function quantile(sorted: number[], p: number): number {
  const position = (sorted.length - 1) * p;
  const below = Math.floor(position);
  const above = Math.min(below + 1, sorted.length - 1);
  const weight = position - below;
  return (sorted[below] as number) * (1 - weight) + (sorted[above] as number) * weight;
}

function checkValues(values: number[]): void {
  if (values.length < 2) throw new KernelInputError("forecasting needs at least 2 values");
  if (!values.every((value) => Number.isFinite(value))) throw new KernelInputError("values must be finite numbers");
}
