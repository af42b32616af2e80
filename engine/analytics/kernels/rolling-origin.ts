/**
 * Rolling-origin cross-validation ("evaluation on a rolling forecasting origin", Hyndman &
 * Athanasopoulos, FPP §5.10): a method is refitted on the series up to each origin and forecasts
 * the next `horizon` values. Origins step back one horizon at a time from the end, so the folds
 * tile the last few seasons without overlap; each fold's fit starts from the parameters of the
 * fold after it, which sit next to its own optimum.
 */
import type { Candidate } from "./forecast-candidates.js";
import { mean } from "./numeric.js";

/** At most this many folds: enough errors to compare methods and calibrate intervals, few fits. */
const MAX_FOLDS = 4;

export interface CandidateScore {
  candidate: Candidate;
  /** Mean absolute error over every fold and step. */
  mae: number;
  /** |error| / the model's own standard deviation for that step, over every fold and step with a positive one. */
  standardised: number[];
  /** The parameters of the most recent fold's fit. */
  params?: number[];
}

/**
 * Steps forecast from each origin: one season (or the requested horizon if shorter); without a
 * season, a fifth of the series (at least 1).
 */
export function foldHorizon(length: number, period: number | null, horizon: number): number {
  return Math.min(horizon, period ?? Math.max(1, Math.floor(length / 5)));
}

/** Origins (lengths of the training prefixes), newest first: n − H, n − 2H, … while at least 2 values remain. */
export function foldOrigins(length: number, horizon: number): number[] {
  const origins: number[] = [];
  for (let origin = length - horizon; origin >= 2 && origins.length < MAX_FOLDS; origin -= horizon) origins.push(origin);
  return origins;
}

/** Scores a method over the folds; null when a fold's forecast is not finite. */
export function crossValidate(
  candidate: Candidate,
  values: number[],
  period: number | null,
  origins: number[],
  horizon: number,
): CandidateScore | null {
  const absolute: number[] = [];
  const standardised: number[] = [];
  let params: number[] | undefined;
  let newest: number[] | undefined;
  for (const origin of origins) {
    const fit = candidate.fit(values.slice(0, origin), period, horizon, params ? [params] : undefined);
    for (let step = 0; step < horizon; step += 1) {
      const error = Math.abs((values[origin + step] as number) - (fit.means[step] as number));
      if (!Number.isFinite(error)) return null;
      absolute.push(error);
      const sd = fit.deviations[step] as number;
      if (sd > 0) standardised.push(error / sd);
    }
    params = fit.params;
    newest ??= fit.params;
  }
  return { candidate, mae: mean(absolute), standardised, ...(newest ? { params: newest } : {}) };
}
