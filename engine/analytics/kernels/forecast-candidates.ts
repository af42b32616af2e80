/**
 * The forecasting methods the cross-validation chooses among, each with when it applies and how
 * it fits: the benchmarks (drift, seasonal naive) and the exponential-smoothing family (Holt's
 * linear trend and seasonal Holt–Winters, each plain and with a damped trend).
 */
import type { ForecastMethod } from "../../../core/contracts/analytics.js";
import { drift, seasonalNaive, type PointForecasts } from "./forecast-baselines.js";
import { START_PERIODS, type SeasonalKind } from "./holt-winters-filter.js";
import { holtLinear, holtWinters, pointForecast, type HoltWintersFit } from "./holt-winters.js";
import { holtWintersDeviations } from "./prediction-intervals.js";

export interface CandidateFit extends PointForecasts {
  /** Optimised parameters, a good start for the next fit of the same method on similar data. */
  params?: number[];
}

export interface Candidate {
  method: ForecastMethod;
  applies: (values: number[], period: number | null) => boolean;
  /** Fits on `values` and forecasts `horizon` steps; `starts` seeds the optimiser. */
  fit: (values: number[], period: number | null, horizon: number, starts?: number[][]) => CandidateFit;
}

/** Holt's linear method needs a few one-step errors to fit its parameters. */
const HOLT_MIN_VALUES = 4;

function smoothed(fit: HoltWintersFit, horizon: number): CandidateFit {
  const means = Array.from({ length: horizon }, (_, i) => pointForecast(fit, i + 1));
  const params = fit.kind === "none" ? [fit.alpha, fit.beta] : [fit.alpha, fit.beta, fit.gamma];
  return { means, deviations: holtWintersDeviations(fit, means), params: fit.phi === 1 ? params : [...params, fit.phi] };
}

function seasonalApplies(values: number[], period: number | null, kind: SeasonalKind): boolean {
  if (period === null || values.length < START_PERIODS * period + 1) return false;
  return kind === "additive" || values.every((value) => value > 0);
}

function holtLinearCandidate(method: ForecastMethod, damped: boolean): Candidate {
  return {
    method,
    applies: (values) => values.length >= HOLT_MIN_VALUES,
    fit: (values, _period, horizon, starts) => smoothed(holtLinear(values, { damped, ...(starts ? { starts } : {}) }), horizon),
  };
}

function holtWintersCandidate(method: ForecastMethod, kind: SeasonalKind, damped: boolean): Candidate {
  return {
    method,
    applies: (values, period) => seasonalApplies(values, period, kind),
    fit: (values, period, horizon, starts) =>
      smoothed(holtWinters(values, period as number, kind, { damped, ...(starts ? { starts } : {}) }), horizon),
  };
}

/** Simplest first: on a tie the simpler method wins. */
export const CANDIDATES: readonly Candidate[] = [
  { method: "drift", applies: (values) => values.length >= 2, fit: (values, _period, horizon) => drift(values, horizon) },
  {
    method: "seasonal_naive",
    applies: (values, period) => period !== null && values.length >= period,
    fit: (values, period, horizon) => seasonalNaive(values, period as number, horizon),
  },
  holtLinearCandidate("holt_linear", false),
  holtLinearCandidate("holt_linear_damped", true),
  holtWintersCandidate("holt_winters_additive", "additive", false),
  holtWintersCandidate("holt_winters_multiplicative", "multiplicative", false),
  holtWintersCandidate("holt_winters_damped_additive", "additive", true),
  holtWintersCandidate("holt_winters_damped_multiplicative", "multiplicative", true),
];
