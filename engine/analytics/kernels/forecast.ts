/**
 * Forecasting a series: candidate methods (Holt–Winters additive and multiplicative, Holt's
 * linear trend, seasonal naive, naive) are fitted on all but a holdout of the last
 * min(period, 20 % of n) points, scored by their mean absolute error on it, and the best is
 * refitted on all the data to forecast `horizon` steps with 80 % and 95 % prediction intervals.
 * Methods that do not apply (too short, no period, non-positive values for multiplicative)
 * are skipped; naive always applies, so any series of two or more values gets a forecast.
 */
import { KernelInputError } from "./errors.js";
import { START_PERIODS } from "./holt-winters-filter.js";
import { checkHorizon, forecastHoltWinters, holtLinear, holtWinters, pointForecast, type HoltWintersFit } from "./holt-winters.js";
import { mean } from "./numeric.js";
import { normalIntervals, type ForecastPoint } from "./prediction-intervals.js";

export { fitHoltWinters, forecastHoltWinters, holtLinear, holtWinters } from "./holt-winters.js";
export type { HoltWintersFit, SmoothingParameters } from "./holt-winters.js";
export type { ForecastPoint } from "./prediction-intervals.js";

export type ForecastMethod =
  | "holt_winters_additive"
  | "holt_winters_multiplicative"
  | "holt_linear"
  | "seasonal_naive"
  | "naive";

export interface ForecastResult {
  method: ForecastMethod;
  /** Accuracy of the chosen method on the held-out tail; mape in percent, null if a held-out value is 0. */
  holdout: { mae: number; mape: number | null; points: number };
  points: ForecastPoint[];
}

/**
 * A method: `fit` returns the model's point forecasts for `horizon` steps, the smoothing
 * parameters it chose (if any) and, on request, the forecast with its intervals. Scoring on the
 * holdout needs only the means; the refit on all data starts from the parameters the holdout
 * fit found, which sit next to the full-data optimum.
 */
interface Candidate {
  method: ForecastMethod;
  applies: (values: number[], period: number | null) => boolean;
  fit: (values: number[], period: number | null, horizon: number, starts?: number[][]) => { means: number[]; params?: number[]; intervals: () => ForecastPoint[] };
}

/** Holt's linear method needs a few one-step errors to fit two parameters. */
const HOLT_MIN_VALUES = 4;

function smoothed(fit: HoltWintersFit, horizon: number, params: number[]) {
  const means = Array.from({ length: horizon }, (_, i) => pointForecast(fit, i + 1));
  return { means, params, intervals: () => forecastHoltWinters(fit, horizon) };
}

function direct(points: ForecastPoint[]) {
  return { means: points.map((point) => point.mean), intervals: () => points };
}

// Simplest first: on a tie the simpler method wins.
const CANDIDATES: Candidate[] = [
  {
    method: "naive",
    applies: (values) => values.length >= 1,
    fit: (values, _period, horizon) => direct(naive(values, horizon)),
  },
  {
    method: "seasonal_naive",
    applies: (values, period) => period !== null && period >= 2 && values.length >= period,
    fit: (values, period, horizon) => direct(seasonalNaive(values, period as number, horizon)),
  },
  {
    method: "holt_linear",
    applies: (values) => values.length >= HOLT_MIN_VALUES,
    fit: (values, _period, horizon, starts) => {
      const model = holtLinear(values, starts);
      return smoothed(model, horizon, [model.alpha, model.beta]);
    },
  },
  {
    method: "holt_winters_additive",
    applies: (values, period) => seasonalApplies(values, period),
    fit: (values, period, horizon, starts) => {
      const model = holtWinters(values, period as number, "additive", starts);
      return smoothed(model, horizon, [model.alpha, model.beta, model.gamma]);
    },
  },
  {
    method: "holt_winters_multiplicative",
    applies: (values, period) => seasonalApplies(values, period) && values.every((value) => value > 0),
    fit: (values, period, horizon, starts) => {
      const model = holtWinters(values, period as number, "multiplicative", starts);
      return smoothed(model, horizon, [model.alpha, model.beta, model.gamma]);
    },
  },
];

/** Chooses a method on a holdout and forecasts `horizon` steps past the end of `values`. */
export function forecast(
  values: number[],
  options: { period: number | null; horizon: number },
): ForecastResult {
  checkValues(values, 2);
  checkHorizon(options.horizon);
  if (options.period !== null && !(Number.isInteger(options.period) && options.period >= 1)) {
    throw new KernelInputError("period must be a positive integer or null");
  }
  // A period of 1 is no season at all.
  const period = options.period !== null && options.period >= 2 ? options.period : null;

  const holdoutSize = Math.max(1, Math.min(period ?? Infinity, Math.floor(0.2 * values.length)));
  const training = values.slice(0, values.length - holdoutSize);
  const actual = values.slice(values.length - holdoutSize);

  let best: { candidate: Candidate; mae: number; mape: number | null; params?: number[] } | null = null;
  for (const candidate of CANDIDATES) {
    if (!candidate.applies(training, period)) continue;
    const { means: predicted, params } = candidate.fit(training, period, holdoutSize);
    const errors = actual.map((value, i) => value - (predicted[i] as number));
    const mae = mean(errors.map(Math.abs));
    if (!Number.isFinite(mae)) continue;
    if (best === null || mae < best.mae) {
      best = { candidate, mae, mape: mapeOf(actual, errors), ...(params ? { params } : {}) };
    }
  }
  // naive applies to any training set of one value or more, so best is always set.
  const chosen = best ?? { candidate: CANDIDATES[0] as Candidate, mae: NaN, mape: null };
  const refit = chosen.candidate.fit(values, period, options.horizon, chosen.params ? [chosen.params] : undefined);
  return {
    method: chosen.candidate.method,
    holdout: { mae: chosen.mae, mape: chosen.mape, points: holdoutSize },
    points: refit.intervals(),
  };
}

/**
 * Seasonal naive: each step repeats the value one period earlier, y(n+h) = y(n+h−m(k+1)) with
 * k = ⌊(h−1)/m⌋; sd_h = σ·√(k+1), σ² the mean square of the seasonal differences (Hyndman &
 * Athanasopoulos, "Forecasting: Principles and Practice", §5.5).
 */
export function seasonalNaive(values: number[], period: number, horizon: number): ForecastPoint[] {
  if (!Number.isInteger(period) || period < 1) {
    throw new KernelInputError("period must be a positive integer");
  }
  checkValues(values, period);
  checkHorizon(horizon);
  const n = values.length;
  const differences: number[] = [];
  for (let i = period; i < n; i += 1) differences.push((values[i] as number) - (values[i - period] as number));
  const sigma = differences.length > 0 ? Math.sqrt(mean(differences.map((d) => d * d))) : 0;
  const means: number[] = [];
  const deviations: number[] = [];
  for (let h = 1; h <= horizon; h += 1) {
    const k = Math.floor((h - 1) / period);
    means.push(values[n - period + ((h - 1) % period)] as number);
    deviations.push(sigma * Math.sqrt(k + 1));
  }
  return normalIntervals(means, deviations);
}

/** Naive (random walk): every step repeats the last value; sd_h = σ·√h. */
export function naive(values: number[], horizon: number): ForecastPoint[] {
  return seasonalNaive(values, 1, horizon);
}

function seasonalApplies(values: number[], period: number | null): boolean {
  return period !== null && values.length >= START_PERIODS * period + 1;
}

function checkValues(values: number[], minimum: number): void {
  if (values.length < minimum) {
    throw new KernelInputError(`forecasting needs at least ${minimum} values`);
  }
  if (!values.every((value) => Number.isFinite(value))) {
    throw new KernelInputError("values must be finite numbers");
  }
}

function mapeOf(actual: number[], errors: number[]): number | null {
  if (actual.some((value) => value === 0)) return null;
  return 100 * mean(errors.map((error, i) => Math.abs(error / (actual[i] as number))));
}
