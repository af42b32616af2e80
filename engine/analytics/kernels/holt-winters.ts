/**
 * Holt–Winters exponential smoothing as R's stats::HoltWinters fits it: R's start values and
 * filter (holt-winters-filter.ts), alpha, beta and gamma chosen in [0, 1] to minimise the SSE
 * of the one-step errors, and point forecasts (level + h·trend) combined with the season.
 * Holt's linear method (no season) is the same model with R's gamma = FALSE start values.
 * `damped: true` adds the damped-trend parameter phi (Gardner & McKenzie), chosen with the
 * others within [0.8, 0.98] as the forecast package's ets() bounds it; R has no damped variant.
 */
import { KernelInputError } from "./errors.js";
import {
  START_PERIODS,
  dampedSteps,
  filterHoltWinters,
  holtWintersSse,
  holtWintersStart,
  type HoltWintersStart,
  type SeasonalKind,
} from "./holt-winters-filter.js";
import { minimiseBounded } from "./optimise.js";
import { holtWintersDeviations, normalIntervals, type ForecastPoint } from "./prediction-intervals.js";

export type { ForecastPoint } from "./prediction-intervals.js";
export type { SeasonalKind } from "./holt-winters-filter.js";

export interface HoltWintersFit {
  alpha: number;
  beta: number;
  gamma: number;
  /** Trend damping; 1 for the undamped (R's) model. */
  phi: number;
  /** Level, trend and seasonal indices at the end of the series (R's coefficients a, b, s1..sm). */
  level: number;
  trend: number;
  /** Seasonal indices for the next `period` steps; empty for Holt's linear method. */
  seasonal: number[];
  /** Sum of squared one-step errors from the first smoothed point on. */
  sse: number;
  /** One-step-ahead forecasts from the first smoothed point (index `period`, or 2 for Holt) on. */
  fitted: number[];
  /** values − fitted, aligned with `fitted`. */
  residuals: number[];
  /** Season length; 0 for Holt's linear method. */
  period: number;
  kind: SeasonalKind | "none";
}

export interface SmoothingParameters {
  alpha: number;
  beta: number;
  gamma: number;
  phi?: number;
}

export interface FitOptions {
  /** Starting points of the optimiser: [alpha, beta, gamma] (seasonal) or [alpha, beta], then phi when damped. */
  starts?: number[][];
  damped?: boolean;
}

/**
 * Relative SSE change at which a fit stops: about what R's L-BFGS-B stops at (factr 1e7 times
 * machine epsilon, 2.2e-9); tighter only spends evaluations on digits the data cannot support.
 */
const SSE_TOLERANCE = 1e-9;

/** R's optim.start for HoltWinters, tried first, then two others (low and high gamma); more starts found no better optimum on the reference series and cost time. */
const OPTIMISER_STARTS: number[][] = [
  [0.3, 0.1, 0.1],
  [0.5, 0.05, 0.5],
  [0.1, 0.01, 0.9],
];

const WARM_START_STEP = 0.01;

/** Bounds and start of phi for damped fits (the forecast package's ets() bounds). */
const PHI_LOWER = 0.8;
const PHI_UPPER = 0.98;
const PHI_START = 0.95;

/**
 * Fits a seasonal Holt–Winters model, choosing alpha, beta, gamma (and phi when damped) by least
 * squares from `starts` (R's start and two others by default; a refit can start from a known
 * good point).
 */
export function holtWinters(values: number[], period: number, seasonal: SeasonalKind, options: FitOptions = {}): HoltWintersFit {
  checkSeasonalInput(values, period, seasonal);
  const damped = options.damped ?? false;
  const start = holtWintersStart(values, period, seasonal);
  const filter = { period, kind: seasonal, startIndex: period };
  const best = minimiseBounded(
    ([alpha = 0, beta = 0, gamma = 0, phi = 1]) => holtWintersSse(values, { alpha, beta, gamma, phi }, start, filter),
    options.starts ?? withPhi(OPTIMISER_STARTS, damped),
    bounds(3, damped, options.starts !== undefined),
  );
  const [alpha = 0, beta = 0, gamma = 0, phi = 1] = best.x;
  return seasonalFit(values, period, seasonal, { alpha, beta, gamma, phi }, start);
}

/** A seasonal Holt–Winters fit for given smoothing parameters (no optimisation). */
export function fitHoltWinters(
  values: number[],
  period: number,
  seasonal: SeasonalKind,
  params: SmoothingParameters,
): HoltWintersFit {
  checkSeasonalInput(values, period, seasonal);
  const { alpha, beta, gamma, phi = 1 } = params;
  checkParameters({ alpha, beta, gamma, phi });
  return seasonalFit(values, period, seasonal, { alpha, beta, gamma, phi }, holtWintersStart(values, period, seasonal));
}

/** Holt's linear trend method (R's HoltWinters(x, gamma = FALSE)), alpha, beta (and phi when damped) by least squares. */
export function holtLinear(values: number[], options: FitOptions = {}): HoltWintersFit {
  checkFinite(values);
  if (values.length < 4) throw new KernelInputError("Holt's linear method needs at least 4 values");
  const damped = options.damped ?? false;
  const start = holtLinearStart(values);
  const filter = { period: 0, kind: "additive" as const, startIndex: 2 };
  const best = minimiseBounded(
    ([alpha = 0, beta = 0, phi = 1]) => holtWintersSse(values, { alpha, beta, gamma: 0, phi }, start, filter),
    options.starts ?? withPhi(OPTIMISER_STARTS.map(([alpha = 0, beta = 0]) => [alpha, beta]), damped),
    bounds(2, damped, options.starts !== undefined),
  );
  const [alpha = 0, beta = 0, phi = 1] = best.x;
  const result = filterHoltWinters(values, { alpha, beta, gamma: 0, phi }, start, filter);
  return { alpha, beta, gamma: 0, phi, ...result, period: 0, kind: "none" };
}

/**
 * Point forecasts 1..horizon steps past the end of the fitted series with 80 % and 95 %
 * prediction intervals (see prediction-intervals.ts for how each model's are computed).
 */
export function forecastHoltWinters(fit: HoltWintersFit, horizon: number): ForecastPoint[] {
  checkHorizon(horizon);
  const means: number[] = [];
  for (let h = 1; h <= horizon; h += 1) means.push(pointForecast(fit, h));
  return normalIntervals(means, holtWintersDeviations(fit, means));
}

/** The h-step point forecast: (a + (φ + … + φʰ)·b) combined with the season index for that step. */
export function pointForecast(fit: HoltWintersFit, h: number): number {
  const base = fit.level + dampedSteps(fit.phi, h) * fit.trend;
  if (fit.kind === "none" || fit.period === 0) return base;
  const index = fit.seasonal[(h - 1) % fit.period] as number;
  return fit.kind === "additive" ? base + index : base * index;
}

export function checkHorizon(horizon: number): void {
  if (!Number.isInteger(horizon) || horizon < 1 || horizon > 10_000) {
    throw new KernelInputError("horizon must be an integer between 1 and 10000");
  }
}

function withPhi(starts: number[][], damped: boolean): number[][] {
  return damped ? starts.map((start) => [...start, PHI_START]) : starts;
}

/**
 * The box of the parameters. Given starts are near the optimum (the fit of a similar series), so
 * the optimiser's first simplex is WARM_START_STEP of each range instead of a tenth: it then
 * spends fewer evaluations shrinking back to where it began.
 */
function bounds(smoothing: number, damped: boolean, warm: boolean) {
  const lower = new Array<number>(smoothing).fill(0);
  const upper = new Array<number>(smoothing).fill(1);
  const common = { tolerance: SSE_TOLERANCE, ...(warm ? { initialStep: WARM_START_STEP } : {}) };
  return damped ? { lower: [...lower, PHI_LOWER], upper: [...upper, PHI_UPPER], ...common } : { lower, upper, ...common };
}

function seasonalFit(
  values: number[],
  period: number,
  kind: SeasonalKind,
  params: Required<SmoothingParameters>,
  start: HoltWintersStart,
): HoltWintersFit {
  const result = filterHoltWinters(values, params, start, { period, kind, startIndex: period });
  return { ...params, ...result, period, kind };
}

/** R's start values for gamma = FALSE: level x[2], trend x[2] − x[1], smoothing from x[3]. */
function holtLinearStart(values: number[]): HoltWintersStart {
  const first = values[0] as number;
  const second = values[1] as number;
  return { level: second, trend: second - first, seasonal: [] };
}

function checkSeasonalInput(values: number[], period: number, kind: SeasonalKind): void {
  if (!Number.isInteger(period) || period < 2) {
    throw new KernelInputError("period must be an integer of at least 2");
  }
  checkFinite(values);
  // R needs START_PERIODS full periods for its start values; one more point gives an error to fit.
  if (values.length < START_PERIODS * period + 1) {
    throw new KernelInputError(
      `seasonal Holt-Winters needs more than ${START_PERIODS} full periods (${START_PERIODS * period + 1} values)`,
    );
  }
  if (kind === "multiplicative" && values.some((value) => value <= 0)) {
    throw new KernelInputError("multiplicative Holt-Winters needs strictly positive values");
  }
}

function checkFinite(values: number[]): void {
  if (!values.every((value) => Number.isFinite(value))) {
    throw new KernelInputError("values must be finite numbers");
  }
}

function checkParameters(params: Required<SmoothingParameters>): void {
  for (const [name, value] of Object.entries(params)) {
    if (!(value >= 0 && value <= 1)) throw new KernelInputError(`${name} must be within [0, 1]`);
  }
}
