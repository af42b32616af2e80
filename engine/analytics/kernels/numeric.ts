/**
 * Small numeric building blocks shared by the kernels: compensated sums, medians by
 * selection, a seeded PRNG and the normal distribution. Pure functions, no validation:
 * callers check their inputs first.
 */

/** Sum with Neumaier compensation, so long series of mixed magnitude stay accurate. */
export function sum(values: ArrayLike<number>): number {
  let total = 0;
  let compensation = 0;
  for (let i = 0; i < values.length; i++) {
    const value = values[i] as number;
    const next = total + value;
    compensation += Math.abs(total) >= Math.abs(value) ? total - next + value : value - next + total;
    total = next;
  }
  return total + compensation;
}

export function mean(values: ArrayLike<number>): number {
  return sum(values) / values.length;
}

/** Median of a non-empty list, by quickselect on a copy (O(n) on average). */
export function median(values: ArrayLike<number>): number {
  return medianInPlace(Float64Array.from(values as ArrayLike<number>));
}

/** Median that reorders `values`; use it on scratch arrays to avoid a copy. */
export function medianInPlace(values: Float64Array): number {
  const n = values.length;
  const upper = n >> 1;
  selectInPlace(values, upper);
  const upperValue = values[upper] as number;
  if (n % 2 === 1) return upperValue;
  let lowerValue = -Infinity;
  for (let i = 0; i < upper; i++) lowerValue = Math.max(lowerValue, values[i] as number);
  return (lowerValue + upperValue) / 2;
}

/** Rearranges `values` so that values[k] is the k-th smallest, smaller ones before it. */
function selectInPlace(values: Float64Array, k: number): void {
  let left = 0;
  let right = values.length - 1;
  while (right > left) {
    const middle = (left + right) >> 1;
    const pivot = medianOfThree(values[left] as number, values[middle] as number, values[right] as number);
    let i = left;
    let j = right;
    while (i <= j) {
      while ((values[i] as number) < pivot) i++;
      while ((values[j] as number) > pivot) j--;
      if (i <= j) {
        const swap = values[i] as number;
        values[i] = values[j] as number;
        values[j] = swap;
        i++;
        j--;
      }
    }
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else return;
  }
}

function medianOfThree(a: number, b: number, c: number): number {
  return Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
}

/** mulberry32: a tiny, fast, seeded PRNG returning floats in [0, 1); same seed, same stream. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TWO_OVER_SQRT_PI = 2 / Math.sqrt(Math.PI);

/**
 * Complementary error function, relative error below 1e-12 for all x: the Maclaurin series of
 * erf for |x| < 2, a continued fraction (modified Lentz) for the tail beyond.
 */
export function erfc(x: number): number {
  if (Number.isNaN(x)) return NaN;
  if (x < 0) return 2 - erfc(-x);
  if (x < 2) return 1 - erfSeries(x);
  return erfcContinuedFraction(x);
}

function erfSeries(x: number): number {
  const x2 = x * x;
  let power = x; // (-1)^n x^(2n+1) / n!
  let total = x;
  for (let n = 1; n < 200; n++) {
    power *= -x2 / n;
    const term = power / (2 * n + 1);
    total += term;
    if (Math.abs(term) < 1e-17 * Math.abs(total)) break;
  }
  return TWO_OVER_SQRT_PI * total;
}

// erfc(x) = exp(-x²)/√π · 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + ...)))), for x >= 2.
function erfcContinuedFraction(x: number): number {
  const tiny = 1e-300;
  let f = x;
  let c = x;
  let d = 0;
  for (let j = 1; j < 1000; j++) {
    const a = j / 2;
    d = x + a * d;
    d = Math.abs(d) < tiny ? 1 / tiny : 1 / d;
    c = x + a / c;
    if (Math.abs(c) < tiny) c = tiny;
    const delta = c * d;
    f *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return Math.exp(-x * x) / (Math.sqrt(Math.PI) * f);
}

/** Standard normal cumulative distribution function. */
export function normalCdf(z: number): number {
  return 0.5 * erfc(-z / Math.SQRT2);
}
