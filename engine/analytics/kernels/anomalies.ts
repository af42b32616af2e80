import { KernelInputError, assertFiniteSeries } from "./errors.js";
import { mean, median } from "./numeric.js";

export interface Decomposition {
  /** Null where the centred window does not fit (the first and last half-window). */
  trend: Array<number | null>;
  seasonal: number[];
  residual: Array<number | null>;
}

/** Window of the centred moving average used as the trend when there is no period. */
const NON_SEASONAL_WINDOW = 7;

/**
 * Classical additive decomposition y = trend + seasonal + residual.
 * With a period p >= 2 (needs 2p points): trend is the centred moving average of length p
 * (the 2×p average when p is even), seasonal is the mean detrended value per position i mod p,
 * normalised to sum to 0. Without a period: trend is the 7-point centred moving average (a moving
 * median was tried: its residuals pile up at exactly 0 and shrink the MAD), seasonal is 0.
 */
export function decompose(values: number[], period: number | null): Decomposition {
  if (period !== null && (!Number.isInteger(period) || period < 1)) {
    throw new KernelInputError("period must be a positive integer");
  }
  const seasonalPeriod = period !== null && period >= 2 ? period : null;
  assertFiniteSeries(values, "values", seasonalPeriod === null ? NON_SEASONAL_WINDOW : 2 * seasonalPeriod);
  const trend = centredMovingAverage(values, seasonalPeriod ?? NON_SEASONAL_WINDOW);
  const seasonal = seasonalPeriod === null ? values.map(() => 0) : seasonalComponent(values, trend, seasonalPeriod);
  const residual = values.map((value, i) => {
    const level = trend[i];
    return level === null || level === undefined ? null : value - level - (seasonal[i] as number);
  });
  return { trend, seasonal, residual };
}

function centredMovingAverage(values: number[], period: number): Array<number | null> {
  const half = Math.floor(period / 2);
  const even = period % 2 === 0;
  return values.map((_, i) => {
    if (i < half || i + half >= values.length) return null;
    let total = 0;
    for (let k = -half; k <= half; k++) {
      const weight = even && Math.abs(k) === half ? 0.5 : 1;
      total += weight * (values[i + k] as number);
    }
    return total / period;
  });
}

function seasonalComponent(values: number[], trend: Array<number | null>, period: number): number[] {
  const byPosition: number[][] = Array.from({ length: period }, () => []);
  values.forEach((value, i) => {
    const level = trend[i];
    if (level !== null && level !== undefined) (byPosition[i % period] as number[]).push(value - level);
  });
  const indices = byPosition.map((detrended) => mean(detrended));
  const offset = mean(indices);
  return values.map((_, i) => (indices[i % period] as number) - offset);
}

export interface Anomaly {
  index: number;
  value: number;
  /** trend + seasonal at that index, from the decomposition of the series with anomalies replaced. */
  expected: number;
  /** Modified z-score of the residual: 0.6745 (r - median) / MAD. */
  score: number;
}

/** Most points replaced while cleaning the baseline (also capped at a tenth of the series). */
const MAX_REPLACEMENTS = 50;

/**
 * Points whose residual against a robust baseline has |modified z-score| > threshold
 * (Iglewicz & Hoaglin's 3.5). A moving average smears a spike into its neighbours' trend, so the
 * baseline is cleaned first, one point at a time (as in generalised ESD): the most extreme point
 * over the threshold is replaced by its expected value and the series decomposed again. The
 * original values are then scored against the cleaned decomposition.
 * When the MAD is 0 (most residuals identical, up to rounding) the mean absolute deviation stands
 * in (score = (r - median) / (1.253314 · meanAD)); when both are 0 nothing is anomalous.
 * Points without a trend value (the series' ends) are not scored.
 */
export function robustAnomalies(values: number[], period: number | null, threshold = 3.5): Anomaly[] {
  if (!Number.isFinite(threshold) || threshold <= 0) throw new KernelInputError("threshold must be positive");
  const cleaned = [...values];
  const limit = Math.min(MAX_REPLACEMENTS, Math.floor(values.length / 10));
  let model = decompose(cleaned, period);
  for (let replaced = 0; replaced < limit; replaced++) {
    const worst = score(cleaned, model).reduce<Anomaly | null>(
      (most, point) => (most === null || Math.abs(point.score) > Math.abs(most.score) ? point : most),
      null,
    );
    if (worst === null || Math.abs(worst.score) <= threshold) break;
    cleaned[worst.index] = worst.expected;
    model = decompose(cleaned, period);
  }
  return score(values, model).filter((anomaly) => Math.abs(anomaly.score) > threshold);
}

/** Modified z-scores of values against a decomposition's trend + seasonal. */
function score(values: number[], model: Decomposition): Anomaly[] {
  const points = values.flatMap((value, index) => {
    const level = model.trend[index];
    if (level === null || level === undefined) return [];
    const expected = level + (model.seasonal[index] as number);
    return [{ index, value, expected, r: value - expected }];
  });
  const center = median(points.map(({ r }) => r));
  const deviations = points.map(({ r }) => Math.abs(r - center));
  const mad = median(deviations);
  // Deviations at rounding-error level count as zero, so an exact fit flags nothing.
  const noise = 1e-9 * values.reduce((largest, value) => Math.max(largest, Math.abs(value)), 0);
  const scale = mad > noise ? mad / 0.6745 : 1.253314 * mean(deviations);
  return points.map(({ index, value, expected, r }) => ({
    index,
    value,
    expected,
    score: scale <= noise ? 0 : (r - center) / scale,
  }));
}
