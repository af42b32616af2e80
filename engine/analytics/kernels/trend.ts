import { KernelInputError, assertFiniteSeries, assertSameLength } from "./errors.js";
import { mean, median, medianInPlace, mulberry32, normalCdf, sum } from "./numeric.js";

export interface OlsFit {
  slope: number;
  intercept: number;
  /** Coefficient of determination; 1 for a perfect fit, including a constant y. */
  r2: number;
  slopeStdError: number;
  n: number;
}

/** Ordinary least squares y = intercept + slope·x, from centred sums. Needs 3 points and a non-constant x. */
export function ols(x: number[], y: number[]): OlsFit {
  assertSameLength(x, y);
  assertFiniteSeries(x, "x", 3);
  assertFiniteSeries(y, "y", 3);
  const n = x.length;
  const meanX = mean(x);
  const meanY = mean(y);
  const sxx = sum(x.map((value) => (value - meanX) ** 2));
  if (sxx === 0) throw new KernelInputError("x must not be constant");
  const sxy = sum(x.map((value, i) => (value - meanX) * ((y[i] as number) - meanY)));
  const syy = sum(y.map((value) => (value - meanY) ** 2));
  const slope = sxy / sxx;
  const intercept = meanY - slope * meanX;
  const sse = sum(y.map((value, i) => (value - intercept - slope * (x[i] as number)) ** 2));
  const r2 = syy === 0 ? 1 : Math.min(1, Math.max(0, 1 - sse / syy));
  return { slope, intercept, r2, slopeStdError: Math.sqrt(sse / (n - 2) / sxx), n };
}

/** Beyond this many pairs Theil–Sen uses a seeded random sample of pairs (same input, same answer). */
const MAX_EXACT_PAIRS = 1_000_000;

/**
 * Theil–Sen estimator: slope = median of pairwise slopes over pairs with distinct x,
 * intercept = median(y - slope·x). Robust to up to ~29 % outliers.
 */
export function theilSen(x: number[], y: number[]): { slope: number; intercept: number } {
  assertSameLength(x, y);
  assertFiniteSeries(x, "x", 2);
  assertFiniteSeries(y, "y", 2);
  const n = x.length;
  const totalPairs = (n * (n - 1)) / 2;
  const slopes = totalPairs <= MAX_EXACT_PAIRS ? allPairSlopes(x, y) : sampledPairSlopes(x, y, MAX_EXACT_PAIRS);
  if (slopes.length === 0) throw new KernelInputError("x must not be constant");
  const slope = medianInPlace(slopes);
  return { slope, intercept: median(y.map((value, i) => value - slope * (x[i] as number))) };
}

function allPairSlopes(x: number[], y: number[]): Float64Array {
  const n = x.length;
  const slopes = new Float64Array((n * (n - 1)) / 2);
  let count = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const dx = (x[j] as number) - (x[i] as number);
      if (dx !== 0) slopes[count++] = ((y[j] as number) - (y[i] as number)) / dx;
    }
  }
  return slopes.subarray(0, count);
}

function sampledPairSlopes(x: number[], y: number[], samples: number): Float64Array {
  const random = mulberry32(0x5eed);
  const n = x.length;
  const slopes = new Float64Array(samples);
  let count = 0;
  for (let attempt = 0; attempt < samples * 4 && count < samples; attempt++) {
    const i = Math.floor(random() * n);
    const j = Math.floor(random() * n);
    const dx = (x[j] as number) - (x[i] as number);
    if (dx !== 0) slopes[count++] = ((y[j] as number) - (y[i] as number)) / dx;
  }
  return slopes.subarray(0, count);
}

export interface MannKendallResult {
  s: number;
  z: number;
  /** Two-sided p-value from the normal approximation. */
  pValue: number;
  /** Kendall's tau-b between y and time (equals S / (n(n-1)/2) when y has no ties). */
  tau: number;
  trend: "increasing" | "decreasing" | "no trend";
}

/** Significance level for calling a Mann–Kendall trend. */
const MANN_KENDALL_ALPHA = 0.05;

/**
 * Mann–Kendall trend test on a series in time order: S by inversion counting (O(n log n)),
 * tie-corrected variance, continuity-corrected z, two-sided p-value.
 */
export function mannKendall(y: number[]): MannKendallResult {
  assertFiniteSeries(y, "y", 3);
  const n = y.length;
  const pairs = (n * (n - 1)) / 2;
  const tieGroups = tieGroupSizes(y);
  const tiedPairs = sum(tieGroups.map((t) => (t * (t - 1)) / 2));
  const decreasingPairs = countInversions(Float64Array.from(y));
  const s = pairs - tiedPairs - 2 * decreasingPairs;
  const variance =
    (n * (n - 1) * (2 * n + 5) - sum(tieGroups.map((t) => t * (t - 1) * (2 * t + 5)))) / 18;
  const z = variance === 0 || s === 0 ? 0 : (s - Math.sign(s)) / Math.sqrt(variance);
  const pValue = Math.min(1, 2 * normalCdf(-Math.abs(z)));
  const tauDenominator = Math.sqrt((pairs - tiedPairs) * pairs);
  const tau = tauDenominator === 0 ? 0 : s / tauDenominator;
  const trend = pValue < MANN_KENDALL_ALPHA ? (z > 0 ? "increasing" : "decreasing") : "no trend";
  return { s, z, pValue, tau, trend };
}

/** Sizes (>= 2) of the groups of equal values. */
function tieGroupSizes(values: number[]): number[] {
  const sorted = Float64Array.from(values).sort();
  const groups: number[] = [];
  let run = 1;
  for (let i = 1; i <= sorted.length; i++) {
    if (i < sorted.length && sorted[i] === sorted[i - 1]) run++;
    else {
      if (run > 1) groups.push(run);
      run = 1;
    }
  }
  return groups;
}

/** Number of pairs i < j with values[i] > values[j] (strictly), by bottom-up merge sort. */
function countInversions(values: Float64Array): number {
  const n = values.length;
  let source: Float64Array = values;
  let target: Float64Array = new Float64Array(n);
  let inversions = 0;
  for (let width = 1; width < n; width *= 2) {
    for (let start = 0; start < n; start += 2 * width) {
      const middle = Math.min(start + width, n);
      const end = Math.min(start + 2 * width, n);
      let left = start;
      let right = middle;
      let out = start;
      while (left < middle && right < end) {
        if ((source[left] as number) <= (source[right] as number)) target[out++] = source[left++] as number;
        else {
          inversions += middle - left;
          target[out++] = source[right++] as number;
        }
      }
      while (left < middle) target[out++] = source[left++] as number;
      while (right < end) target[out++] = source[right++] as number;
    }
    [source, target] = [target, source];
  }
  return inversions;
}
