import type { AnomalyMethod } from "../../../core/contracts/analytics.js";
import { KernelInputError, assertFiniteSeries } from "./errors.js";
import { mean, median } from "./numeric.js";
import { theilSen } from "./trend.js";

/**
 * Anomalies of a series: every point, the first and the newest included, is scored against a
 * robust seasonal-trend decomposition by loess (after STL, Cleveland et al. 1990), on the log
 * scale when the season is multiplicative. A point is judged by its deleted residual (its value
 * minus the fit made without it), so the newest point is compared with what the others predict.
 */


/**
 * |score| above which a point is an anomaly. Above Iglewicz & Hoaglin's 3.5 because every point of
 * a series is tested: R's AirPassengers, nottem and co2 as they are score at most 3.9. A spike is
 * then found reliably from about 6.5 residual σ, at 4 σ about half the time (decision 0023).
 */
export const DEFAULT_ANOMALY_THRESHOLD = 4;

export interface Decomposition {
  trend: number[];
  seasonal: number[];
  remainder: number[];
  /** Deleted residuals: each value minus the trend and season fitted without it (at its own index). */
  deleted: number[];
  /** Bisquare robustness weight of each point in the last fit: 0 for a point far off, 1 for a good one. */
  weights: number[];
}

/** Trend span (points) without a season. */
const NON_SEASONAL_SPAN = 7;
/** Cycles each position's seasonal loess (a local weighted mean) spans: the season may drift slowly. */
const SEASONAL_SPAN = 13;
/** Robustness iterations (R's stl(robust = TRUE) runs 15; the weights settle well before). */
const OUTER_ITERATIONS = 10;
/** Passes of season-then-trend per robustness iteration. */
const INNER_ITERATIONS = 2;

/**
 * y = trend + seasonal + remainder, robustly. With a period p >= 2 (needs 2p points): the season
 * smooths the detrended values of each position i mod p over 13 cycles (smoothSeason), and the
 * trend is a local linear loess of the deseasonalised values over the nearest nextodd(1.5 p)
 * points (7 without a season), with tricube distance weights times the robustness weights. At
 * the ends the loess window stays whole and one-sided, so the first and last points get a fitted
 * trend like any other. After each robustness iteration every point's deleted residual is
 * computed (both fits again at its index without it) and its weight set to
 * bisquare(|deleted| / (6 · median |deleted|)), so a spike, even the newest, hardly moves the fit.
 */
export function decompose(values: number[], period: number | null): Decomposition {
  if (period !== null && (!Number.isInteger(period) || period < 1)) {
    throw new KernelInputError("period must be a positive integer");
  }
  const seasonalPeriod = period !== null && period >= 2 ? period : null;
  assertFiniteSeries(values, "values", seasonalPeriod === null ? NON_SEASONAL_SPAN : 2 * seasonalPeriod);
  const span = seasonalPeriod === null ? NON_SEASONAL_SPAN : nextOdd(1.5 * seasonalPeriod);
  const n = values.length;
  let weights = new Array<number>(n).fill(1);
  let trend = new Array<number>(n).fill(0);
  let seasonal = new Array<number>(n).fill(0);
  let deleted = [...values];
  const fitSeason = (fittedTrend: number[], leaveOut: boolean) =>
    seasonalPeriod === null ? seasonal : smoothSeason(values.map((y, i) => y - (fittedTrend[i] as number)), weights, seasonalPeriod, leaveOut);
  const fitTrend = (fittedSeason: number[], leaveOut: boolean) => localFit(values.map((y, i) => y - (fittedSeason[i] as number)), weights, span, 1, leaveOut);
  for (let outer = 0; outer < OUTER_ITERATIONS; outer++) {
    for (let inner = 0; inner < INNER_ITERATIONS; inner++) {
      seasonal = fitSeason(trend, false);
      trend = fitTrend(seasonal, false);
    }
    const seasonalWithout = fitSeason(trend, true);
    const trendWithout = fitTrend(seasonal, true);
    deleted = values.map((y, i) => y - (trendWithout[i] as number) - (seasonalWithout[i] as number));
    weights = robustnessWeights(deleted);
  }
  const remainder = values.map((y, i) => y - (trend[i] as number) - (seasonal[i] as number));
  return { trend, seasonal, remainder, deleted, weights };
}

function nextOdd(x: number): number {
  const whole = Math.ceil(x);
  return whole % 2 === 1 ? whole : whole + 1;
}

/**
 * The season: each cycle-subseries (the detrended values at one position i mod p) smoothed by a
 * loess over SEASONAL_SPAN cycles, then the part of it that does not cancel over a cycle (a
 * centred moving average of length p) moved back to the trend, as STL's low-pass step does.
 */
function smoothSeason(detrended: number[], weights: number[], period: number, leaveOut: boolean): number[] {
  const raw = new Array<number>(detrended.length).fill(0);
  for (let position = 0; position < period; position++) {
    const indices: number[] = [];
    for (let i = position; i < detrended.length; i += period) indices.push(i);
    const smoothed = localFit(indices.map((i) => detrended[i] as number), indices.map((i) => weights[i] as number), SEASONAL_SPAN, 0, leaveOut);
    indices.forEach((i, k) => (raw[i] = smoothed[k] as number));
  }
  const level = centredMean(raw, period);
  return raw.map((s, i) => s - (level[i] as number));
}

/** Centred moving average of length p (2×p when p is even), over the nearest whole window at the ends. */
function centredMean(values: number[], period: number): number[] {
  const half = Math.floor(period / 2);
  const n = values.length;
  return values.map((_, i) => {
    const centre = Math.min(Math.max(i, half), n - 1 - half);
    let total = 0;
    for (let k = -half; k <= half; k++) total += (period % 2 === 0 && Math.abs(k) === half ? 0.5 : 1) * (values[centre + k] as number);
    return total / period;
  });
}


/** Loess of degree 0 or 1 at every index over the `span` nearest indices (fewer when the series is shorter). */
function localFit(y: number[], robustness: number[], span: number, degree: 0 | 1, leaveOut: boolean): number[] {
  const n = y.length;
  const width = Math.min(span, n);
  const fit = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    const start = Math.min(Math.max(0, i - (width >> 1)), n - width);
    const end = start + width - 1;
    const bandwidth = Math.max(i - start, end - i) + 1;
    let sw = 0;
    let sx = 0;
    let sy = 0;
    let sxx = 0;
    let sxy = 0;
    for (let j = start; j <= end; j++) {
      if (leaveOut && j === i) continue;
      const distance = Math.abs(j - i) / bandwidth;
      const tricube = 1 - distance * distance * distance;
      const w = tricube * tricube * tricube * (robustness[j] as number);
      const x = j - i;
      const yj = y[j] as number;
      sw += w;
      sx += w * x;
      sy += w * yj;
      sxx += w * x * x;
      sxy += w * x * yj;
    }
    const meanX = sx / sw;
    const spread = sxx - sx * meanX;
    const meanY = sy / sw;
    // The fitted line at x = 0 (index i); a flat fit when the weighted points all sit at one x;
    // the value itself when every neighbour has weight 0.
    if (!(sw > 0)) fit[i] = y[i] as number;
    else fit[i] = degree === 1 && spread > 1e-12 * sw ? meanY - ((sxy - sx * meanY) / spread) * meanX : meanY;
  }
  return fit;
}

function robustnessWeights(remainder: number[]): number[] {
  const limit = 6 * median(remainder.map(Math.abs));
  return remainder.map((r) => {
    if (limit <= 0) return r === 0 ? 1 : 0;
    const u = Math.abs(r) / limit;
    return u < 1 ? (1 - u * u) ** 2 : 0;
  });
}

export interface Anomaly {
  index: number;
  value: number;
  /** trend + seasonal at that index (back from the log scale for robust_stl_log). */
  expected: number;
  /** Modified z-score of the remainder. */
  score: number;
}

export interface AnomalyDetection {
  method: AnomalyMethod;
  threshold: number;
  /** The modified z-score of every point, in order: 0.6745 (d − median d) / MAD d over the deleted residuals d. */
  scores: number[];
  /** The points with |score| > threshold. */
  anomalies: Anomaly[];
}

/** Complete cycles needed before the season's growth with the level can be judged. */
const MIN_CYCLES_FOR_SCALE = 3;
/** Cycle levels all within this ratio: the scale is immaterial, stay additive. */
const MIN_LEVEL_RATIO = 1.25;
/** Elasticity of the seasonal amplitude to the level above which the season is multiplicative. */
const MULTIPLICATIVE_ELASTICITY = 0.5;

/**
 * Whether to decompose log(y): the series is positive, has at least three complete cycles whose
 * levels (cycle medians) span a ratio of 1.25 or more, and the Theil–Sen slope of log amplitude
 * on log level over the cycles exceeds 0.5 (amplitude: the median absolute deviation of y minus
 * its centred moving average within a cycle, so one spike does not make a season look
 * multiplicative). An additive season has a slope near 0, a multiplicative one near 1.
 */
export function isMultiplicative(values: number[], period: number | null): boolean {
  if (period === null || period < 2 || values.some((y) => y <= 0)) return false;
  const cycles = Math.floor(values.length / period);
  if (cycles < MIN_CYCLES_FOR_SCALE) return false;
  const half = Math.floor(period / 2);
  const smooth = (i: number) => {
    let total = 0;
    for (let k = -half; k <= half; k++) total += (period % 2 === 0 && Math.abs(k) === half ? 0.5 : 1) * (values[i + k] as number);
    return total / period;
  };
  const points: Array<{ level: number; amplitude: number }> = [];
  for (let c = 0; c < cycles; c++) {
    const indices = Array.from({ length: period }, (_, k) => c * period + k).filter((i) => i >= half && i + half < values.length);
    if (indices.length < period) continue; // a cycle cut by the series' ends has no whole amplitude
    const detrended = indices.map((i) => (values[i] as number) - smooth(i));
    const centre = median(detrended);
    const amplitude = median(detrended.map((d) => Math.abs(d - centre)));
    if (amplitude > 0) points.push({ level: median(indices.map((i) => values[i] as number)), amplitude });
  }
  if (points.length < MIN_CYCLES_FOR_SCALE) return false;
  const levels = points.map(({ level }) => level);
  if (Math.max(...levels) / Math.min(...levels) < MIN_LEVEL_RATIO) return false;
  return theilSen(levels.map(Math.log), points.map(({ amplitude }) => Math.log(amplitude))).slope > MULTIPLICATIVE_ELASTICITY;
}

/**
 * Scores every point against a robust decomposition (decompose, on log(y) when isMultiplicative)
 * and flags those with |modified z-score| > threshold. The deleted residuals' median and MAD give
 * the z-score; when the MAD is 0 (most residuals identical, up to rounding) the mean absolute
 * deviation stands in (z = (d − median) / (1.253314 · meanAD)); when both are 0 every score is 0.
 */
export function detectAnomalies(values: number[], period: number | null, threshold = DEFAULT_ANOMALY_THRESHOLD): AnomalyDetection {
  if (!Number.isFinite(threshold) || threshold <= 0) throw new KernelInputError("threshold must be positive");
  const logScale = isMultiplicative(values, period);
  const model = decompose(logScale ? values.map(Math.log) : values, period);
  const scores = modifiedZScores(model.deleted, logScale ? 1 : Math.max(...values.map(Math.abs)));
  const method: AnomalyMethod = logScale ? "robust_stl_log" : period !== null && period >= 2 ? "robust_stl" : "robust_loess";
  const anomalies = scores.flatMap((score, index) => {
    if (!(Math.abs(score) > threshold)) return [];
    const fitted = (model.trend[index] as number) + (model.seasonal[index] as number);
    return [{ index, value: values[index] as number, expected: logScale ? Math.exp(fitted) : fitted, score }];
  });
  return { method, threshold, scores, anomalies };
}

/** Modified z-scores; deviations below 1e-9 of the series' magnitude count as zero, so an exact fit scores 0. */
function modifiedZScores(residuals: number[], magnitude: number): number[] {
  const centre = median(residuals);
  const deviations = residuals.map((r) => Math.abs(r - centre));
  const mad = median(deviations);
  const noise = 1e-9 * magnitude;
  const scale = mad > noise ? mad / 0.6745 : 1.253314 * mean(deviations);
  return residuals.map((r) => (scale <= noise ? 0 : (r - centre) / scale));
}
