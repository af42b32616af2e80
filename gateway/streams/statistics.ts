/**
 * The TypeScript reference of the incremental statistics the ingest script (ingest-script.ts)
 * keeps in Redis. The Lua mirrors these operations one for one, in the same order, so both give
 * the same doubles; the tests hold the script to this reference and to batch computations.
 */

/** EWMA smoothing factor: each value moves the average a tenth of the way towards it. */
export const EWMA_ALPHA = 0.1;
/** Values kept per field for `recent` (the chart's window). */
export const RECENT_VALUES = 100;
/** Holt's smoothing factors of a field's local level and slope. */
export const LEVEL_ALPHA = 0.3;
export const SLOPE_BETA = 0.05;
/** One-step residuals kept per field for the robust scale. */
export const RESIDUAL_WINDOW = 100;
/** Residuals the window must hold before any value is scored. */
export const ANOMALY_MIN_VALUES = 20;
/** |z| above this flags a value. */
export const ANOMALY_THRESHOLD = 6;
/** The residual scale is at least this share of the mean |x_i − x_{i−1}| over `recent`: a smooth, noiseless signal's tiny residuals are not its noise. */
export const SCALE_FLOOR = 1;

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

/**
 * A field's local level and slope (Holt), its last one-step residuals and its last values (both
 * oldest first), and the sum of |x_i − x_{i−1}| over those values (kept as a running sum).
 */
export interface LocalLevel {
  level: number | null;
  slope: number;
  residuals: number[];
  recent: number[];
  steps: number;
}

export const EMPTY_LEVEL: LocalLevel = { level: null, slope: 0, residuals: [], recent: [], steps: 0 };

export type RobustScore = { flagged: boolean; score: number | null };

/**
 * Scores x against the field's local level and moves the state on. The forecast is level + slope;
 * the residual e = x − forecast gets the modified z-score (e − median)/(MAD/0.6745) over the last
 * RESIDUAL_WINDOW residuals, so drift and slow cycles (which the level follows) neither hide a
 * spike nor raise an alarm. Below ANOMALY_MIN_VALUES residuals nothing is scored. When the MAD is
 * at most 1e-9·|forecast| (more than half the residuals equal), 1.253314·meanAD stands in for the
 * scale; the scale is never below SCALE_FLOOR times the mean step of the recent values (a smooth
 * noiseless signal's tiny residuals are not noise); when it is still at most 1e-9·|forecast|, any
 * residual further than that from the median is flagged with a null score. A flagged residual is
 * clipped to the threshold before it moves the level and enters the window, so a spike neither
 * drags the level nor widens the scale.
 */
export function scoreValue(state: LocalLevel, x: number): RobustScore & { next: LocalLevel } {
  const { recent, steps } = withRecent(state, x);
  if (state.level === null) return { flagged: false, score: 0, next: { level: x, slope: 0, residuals: [], recent, steps } };
  const forecast = state.level + state.slope;
  const e = x - forecast;
  const floor = state.recent.length < 2 ? 0 : SCALE_FLOOR * (state.steps / (state.recent.length - 1));
  const { flagged, score } = scoreResidual(state.residuals, e, 1e-9 * Math.abs(forecast), floor);
  let kept = e;
  if (flagged && score !== null) {
    const centre = median([...state.residuals].sort((a, b) => a - b));
    kept = centre + (e - centre) * (ANOMALY_THRESHOLD / Math.abs(score));
  }
  const level = forecast + LEVEL_ALPHA * kept;
  const slope = state.slope + SLOPE_BETA * (level - forecast);
  const residuals = [...state.residuals, kept];
  if (residuals.length > RESIDUAL_WINDOW) residuals.shift();
  return { flagged, score, next: { level, slope, residuals, recent, steps } };
}

/** The last RECENT_VALUES values with x, and the running sum of their steps. */
function withRecent(state: LocalLevel, x: number): Pick<LocalLevel, "recent" | "steps"> {
  let steps = state.steps;
  if (state.recent.length > 0) steps = steps + Math.abs(x - state.recent[state.recent.length - 1]!);
  const recent = [...state.recent, x];
  if (recent.length > RECENT_VALUES) {
    steps = steps - Math.abs(recent[1]! - recent[0]!);
    recent.shift();
  }
  return { recent, steps };
}

function scoreResidual(window: readonly number[], e: number, noise: number, floor: number): RobustScore {
  if (window.length < ANOMALY_MIN_VALUES) return { flagged: false, score: 0 };
  const centre = median([...window].sort((a, b) => a - b));
  const deviations = window.map((v) => Math.abs(v - centre));
  const mad = median([...deviations].sort((a, b) => a - b));
  let scale = mad / 0.6745;
  if (!(mad > noise)) {
    let total = 0;
    for (const deviation of deviations) total += deviation;
    scale = 1.253314 * (total / deviations.length);
  }
  if (floor > scale) scale = floor;
  if (!(scale > noise)) return Math.abs(e - centre) > noise ? { flagged: true, score: null } : { flagged: false, score: 0 };
  const score = (e - centre) / scale;
  return { flagged: Math.abs(score) > ANOMALY_THRESHOLD, score };
}

/** Scores a whole sequence from an empty state: what the ingest script reports for these values. */
export function scoreSequence(values: readonly number[]): RobustScore[] {
  let state = EMPTY_LEVEL;
  return values.map((x) => {
    const { next, ...result } = scoreValue(state, x);
    state = next;
    return result;
  });
}
