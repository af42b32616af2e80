/**
 * The TypeScript reference of the incremental statistics the ingest script (ingest-script.ts)
 * keeps in Redis. The Lua mirrors these operations one for one, in the same order, so both give
 * the same doubles; the tests hold the script to this reference and to batch computations.
 */

/** EWMA smoothing factor: each value moves the average a tenth of the way towards it. */
export const EWMA_ALPHA = 0.1;
/** Values kept per field for the robust anomaly score. */
export const ANOMALY_WINDOW = 100;
/** Values the window must hold before any value is scored. */
export const ANOMALY_MIN_VALUES = 20;
/** |z| above this flags a value (Iglewicz and Hoaglin's modified z-score threshold). */
export const ANOMALY_THRESHOLD = 3.5;

export interface Moments {
  count: number;
  mean: number;
  m2: number;
}

/** Welford's update: one value into count, mean and M2 (sum of squared deviations). */
export function welford(state: Moments, x: number): Moments {
  const count = state.count + 1;
  const delta = x - state.mean;
  const mean = state.mean + delta / count;
  const m2 = state.m2 + delta * (x - mean);
  return { count, mean, m2 };
}

/** Sample variance (0 below two values). */
export function sampleVariance(state: Moments): number {
  return state.count < 2 ? 0 : state.m2 / (state.count - 1);
}

export function ewma(previous: number | null, x: number): number {
  return previous === null ? x : previous + EWMA_ALPHA * (x - previous);
}

function median(sorted: number[]): number {
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export type RobustScore = { flagged: boolean; score: number | null };

/**
 * The modified z-score of x against the window (the values before it): 0.6745·(x − median)/MAD.
 * Below ANOMALY_MIN_VALUES nothing is scored. When the MAD is 0 (more than half the window
 * equal), the mean absolute deviation stands in (z = (x − median)/(1.253314·meanAD)); when that
 * is 0 too, every window value is equal and any other value is flagged with a null score.
 */
export function robustScore(window: readonly number[], x: number): RobustScore {
  if (window.length < ANOMALY_MIN_VALUES) return { flagged: false, score: 0 };
  const centre = median([...window].sort((a, b) => a - b));
  const deviations = window.map((v) => Math.abs(v - centre));
  const mad = median([...deviations].sort((a, b) => a - b));
  let score: number;
  if (mad > 0) {
    score = (0.6745 * (x - centre)) / mad;
  } else {
    const meanDeviation = deviations.reduce((sum, d) => sum + d, 0) / deviations.length;
    if (meanDeviation === 0) return x === centre ? { flagged: false, score: 0 } : { flagged: true, score: null };
    score = (x - centre) / (1.253314 * meanDeviation);
  }
  return { flagged: Math.abs(score) > ANOMALY_THRESHOLD, score };
}
