import { KernelInputError, assertFiniteSeries, assertSameLength } from "./errors.js";
import { mean } from "./numeric.js";

/** Pearson's r from centred values (no raw sums of squares); needs 2 points and neither series constant. */
export function pearson(x: number[], y: number[]): number {
  assertSameLength(x, y);
  assertFiniteSeries(x, "x", 2);
  assertFiniteSeries(y, "y", 2);
  const r = pearsonOrNull(x, y);
  if (r === null) throw new KernelInputError("correlation is undefined for a constant series");
  return r;
}

/** Spearman's rho: Pearson's r of the ranks, ties given their average rank. */
export function spearman(x: number[], y: number[]): number {
  assertSameLength(x, y);
  assertFiniteSeries(x, "x", 2);
  assertFiniteSeries(y, "y", 2);
  return pearson(averageRanks(x), averageRanks(y));
}

/**
 * Pairwise correlations of equally long numeric columns, keyed both ways, 1 on the diagonal.
 * Constant columns (correlation undefined) are left out of the matrix rather than failing it.
 * Each column is centred and normalised once, so a pair costs one dot product.
 */
export function correlationMatrix(
  columns: Record<string, number[]>,
  method: "pearson" | "spearman",
): Record<string, Record<string, number>> {
  const names = Object.keys(columns);
  const length = names.length === 0 ? 0 : (columns[names[0] as string] as number[]).length;
  const prepared = new Map<string, Float64Array>();
  for (const name of names) {
    const values = columns[name] as number[];
    if (values.length !== length) throw new KernelInputError("all columns must have the same length");
    assertFiniteSeries(values, name, 2);
    const unit = centredUnit(method === "spearman" ? averageRanks(values) : values);
    if (unit !== null) prepared.set(name, unit);
  }
  const matrix: Record<string, Record<string, number>> = {};
  const kept = [...prepared.keys()];
  for (const name of kept) matrix[name] = { [name]: 1 };
  kept.forEach((a, i) => {
    for (const b of kept.slice(i + 1)) {
      const r = clampedDot(prepared.get(a) as Float64Array, prepared.get(b) as Float64Array);
      (matrix[a] as Record<string, number>)[b] = r;
      (matrix[b] as Record<string, number>)[a] = r;
    }
  });
  return matrix;
}

/** 1-based ranks; tied values share the average of the ranks they span. */
export function averageRanks(values: number[]): number[] {
  const sorted = Float64Array.from(values).sort();
  return values.map((value) => {
    const first = lowerBound(sorted, value, false);
    const last = lowerBound(sorted, value, true) - 1;
    return (first + last) / 2 + 1;
  });
}

/** First index whose value is >= target (or > target when `strict`). */
function lowerBound(sorted: Float64Array, target: number, strict: boolean): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    const value = sorted[middle] as number;
    if (value < target || (strict && value === target)) low = middle + 1;
    else high = middle;
  }
  return low;
}

function pearsonOrNull(x: number[], y: number[]): number | null {
  const unitX = centredUnit(x);
  const unitY = centredUnit(y);
  return unitX === null || unitY === null ? null : clampedDot(unitX, unitY);
}

/** (v - mean) / ||v - mean||, or null for a constant series; r is then a dot product. */
function centredUnit(values: number[]): Float64Array | null {
  const average = mean(values);
  const centred = Float64Array.from(values, (value) => value - average);
  let squares = 0;
  for (const value of centred) squares += value * value;
  if (squares === 0) return null;
  const norm = Math.sqrt(squares);
  for (let i = 0; i < centred.length; i++) centred[i] = (centred[i] as number) / norm;
  return centred;
}

function clampedDot(a: Float64Array, b: Float64Array): number {
  let total = 0;
  for (let i = 0; i < a.length; i++) total += (a[i] as number) * (b[i] as number);
  return Math.min(1, Math.max(-1, total));
}
