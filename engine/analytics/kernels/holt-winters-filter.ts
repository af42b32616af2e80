/**
 * The deterministic part of Holt–Winters exponential smoothing, written to match R's
 * stats::HoltWinters exactly: its start values (decompose() of the first two periods, a
 * straight line through the centred moving average) and its filtering loop (C_HoltWinters),
 * so a fit for given alpha/beta/gamma reproduces R's level, trend, seasonal and SSE.
 *
 * The damped-trend variant (Gardner & McKenzie; Hyndman et al. 2008, ETS(·,Ad,·)) multiplies
 * the trend by phi at every step: forecast (l + φb)·s, level α·x/s + (1 − α)(l + φb), trend
 * β(l − l₋₁) + (1 − β)φb. With φ = 1 (the default) it is R's loop exactly.
 */
import { mean } from "./numeric.js";

export type SeasonalKind = "additive" | "multiplicative";

/** Number of full periods R's HoltWinters uses for its start values (start.periods). */
export const START_PERIODS = 2;

export interface HoltWintersStart {
  level: number;
  trend: number;
  seasonal: number[];
}

/** Smoothing parameters of the filter; phi, the trend damping, is 1 (no damping) unless given. */
export interface FilterParameters {
  alpha: number;
  beta: number;
  gamma: number;
  phi?: number;
}

export interface FilterResult {
  level: number;
  trend: number;
  /** The last `period` seasonal indices, for the season starting at the next point. */
  seasonal: number[];
  sse: number;
  /** One-step-ahead forecasts for values[startIndex], values[startIndex + 1], ... */
  fitted: number[];
  residuals: number[];
}

/** φ + φ² + … + φʰ: how many steps of trend an h-step forecast adds (h when undamped). */
export function dampedSteps(phi: number, h: number): number {
  return phi === 1 ? h : (phi * (1 - phi ** h)) / (1 - phi);
}

/**
 * R's seasonal start values: decompose() the first START_PERIODS * period values, fit a line
 * to the non-missing centred moving average (l.start = intercept, b.start = slope, x = 1, 2, ...)
 * and take the normalised seasonal figure as s.start.
 */
export function holtWintersStart(
  values: readonly number[],
  period: number,
  kind: SeasonalKind,
): HoltWintersStart {
  const window = values.slice(0, START_PERIODS * period);
  const trend = centredMovingAverage(window, period);
  const detrended = window.map((value, i) => {
    const smooth = trend[i];
    if (smooth === null || smooth === undefined) return null;
    return kind === "additive" ? value - smooth : value / smooth;
  });
  const figure: number[] = [];
  for (let position = 0; position < period; position += 1) {
    const present: number[] = [];
    for (let i = position; i < detrended.length; i += period) {
      const value = detrended[i];
      if (value !== null && value !== undefined) present.push(value);
    }
    figure.push(mean(present));
  }
  const average = mean(figure);
  const seasonal = figure.map((value) => (kind === "additive" ? value - average : value / average));

  const line = trend.filter((value): value is number => value !== null);
  const { intercept, slope } = fitLine(line);
  return { level: intercept, trend: slope, seasonal };
}

/**
 * stats::filter(x, filter, sides = 2) with decompose()'s weights: a centred moving average of
 * one period (a 2×m average when the period is even); null where the window leaves the data.
 */
function centredMovingAverage(values: readonly number[], period: number): Array<number | null> {
  const weights =
    period % 2 === 0
      ? [0.5, ...new Array<number>(period - 1).fill(1), 0.5].map((w) => w / period)
      : new Array<number>(period).fill(1 / period);
  const offset = Math.floor(weights.length / 2);
  return values.map((_, i) => {
    if (i - offset < 0 || i - offset + weights.length > values.length) return null;
    let total = 0;
    for (let j = 0; j < weights.length; j += 1) {
      total += (weights[j] as number) * (values[i - offset + j] as number);
    }
    return total;
  });
}

/** Least-squares line through (1, y1), (2, y2), ... as R's .lm.fit(cbind(1, seq_along(y)), y). */
function fitLine(y: readonly number[]): { intercept: number; slope: number } {
  const n = y.length;
  const xMean = (n + 1) / 2;
  const yMean = mean(y);
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i += 1) {
    const dx = i + 1 - xMean;
    sxy += dx * ((y[i] as number) - yMean);
    sxx += dx * dx;
  }
  const slope = sxx === 0 ? 0 : sxy / sxx;
  return { intercept: yMean - slope * xMean, slope };
}

/**
 * R's C_HoltWinters loop. From `startIndex` (0-based) on, each value is first forecast from
 * the previous level, trend and the seasonal index one period back (the one-step error adds to
 * the SSE), then level, trend and season are updated. `period` 0 means no seasonal component
 * (Holt's linear method).
 */
export function filterHoltWinters(
  values: readonly number[],
  params: FilterParameters,
  start: HoltWintersStart,
  options: { period: number; kind: SeasonalKind; startIndex: number },
): FilterResult {
  const { alpha, beta, gamma, phi = 1 } = params;
  const { period, kind, startIndex } = options;
  const seasonal = period > 0;
  const additive = kind === "additive";
  const season = new Float64Array(Math.max(period, 0) + values.length);
  if (seasonal) season.set(start.seasonal.slice(0, period));
  let level = start.level;
  let trend = start.trend;
  let sse = 0;
  const fitted: number[] = [];
  const residuals: number[] = [];

  for (let i = startIndex; i < values.length; i += 1) {
    const step = i - startIndex;
    const x = values[i] as number;
    const index = seasonal ? (season[step] as number) : additive ? 0 : 1;
    const damped = phi * trend;
    const forecast = additive ? level + damped + index : (level + damped) * index;
    const error = x - forecast;
    sse += error * error;
    fitted.push(forecast);
    residuals.push(error);

    const previousLevel = level;
    level = alpha * (additive ? x - index : x / index) + (1 - alpha) * (level + damped);
    trend = beta * (level - previousLevel) + (1 - beta) * damped;
    if (seasonal) {
      season[step + period] = gamma * (additive ? x - level : x / level) + (1 - gamma) * index;
    }
  }
  const steps = values.length - startIndex;
  return {
    level,
    trend,
    seasonal: seasonal ? Array.from(season.subarray(steps, steps + period)) : [],
    sse,
    fitted,
    residuals,
  };
}

/**
 * The SSE of filterHoltWinters, without keeping fitted values or residuals: what the optimiser
 * evaluates hundreds of times per fit. The seasonal indices live in a ring of one period (the
 * value written at step + period is read at step + period, when the slot comes round again).
 */
export function holtWintersSse(
  values: readonly number[],
  params: FilterParameters,
  start: HoltWintersStart,
  options: { period: number; kind: SeasonalKind; startIndex: number },
): number {
  const { alpha, beta, gamma, phi = 1 } = params;
  const { period, kind, startIndex } = options;
  const seasonal = period > 0;
  const additive = kind === "additive";
  const ring = Float64Array.from(seasonal ? start.seasonal.slice(0, period) : []);
  let level = start.level;
  let trend = start.trend;
  let sse = 0;
  for (let i = startIndex; i < values.length; i += 1) {
    const slot = seasonal ? (i - startIndex) % period : 0;
    const x = values[i] as number;
    const index = seasonal ? (ring[slot] as number) : additive ? 0 : 1;
    const damped = phi * trend;
    const error = x - (additive ? level + damped + index : (level + damped) * index);
    sse += error * error;
    const previousLevel = level;
    level = alpha * (additive ? x - index : x / index) + (1 - alpha) * (level + damped);
    trend = beta * (level - previousLevel) + (1 - beta) * damped;
    if (seasonal) ring[slot] = gamma * (additive ? x - level : x / level) + (1 - gamma) * index;
  }
  return sse;
}
