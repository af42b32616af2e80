import { describe, expect, it } from "vitest";
import { KernelInputError } from "./errors.js";
import { anscombe, anscombePublished } from "./fixtures/anscombe.js";
import { exactOls, relativeError, toNumber } from "./fixtures/exact.js";
import { erfc, mulberry32 } from "./numeric.js";
import { mannKendall, ols, theilSen } from "./trend.js";

describe("ols", () => {
  it.each(anscombe)("reproduces Anscombe's published regression for set $name", ({ x, y }) => {
    const fit = ols(x, y);
    expect(fit.n).toBe(11);
    expect(fit.intercept).toBeCloseTo(anscombePublished.intercept, 2);
    expect(fit.slope).toBeCloseTo(anscombePublished.slope, 3);
    expect(fit.r2).toBeCloseTo(anscombePublished.r2, 2);
    expect(fit.slopeStdError).toBeCloseTo(anscombePublished.slopeStdError, 3);
  });

  it.each(anscombe)("agrees with exact rational least squares to 1e-6 for set $name", ({ x, y }) => {
    const fit = ols(x, y);
    const exact = exactOls(x, y);
    expect(relativeError(fit.slope, toNumber(exact.slope))).toBeLessThan(1e-6);
    expect(relativeError(fit.intercept, toNumber(exact.intercept))).toBeLessThan(1e-6);
    expect(relativeError(fit.r2, toNumber(exact.r2))).toBeLessThan(1e-6);
    expect(relativeError(fit.slopeStdError, Math.sqrt(toNumber(exact.slopeVariance)))).toBeLessThan(1e-6);
  });

  it("stays accurate on a line far from the origin (centred sums)", () => {
    const x = Array.from({ length: 50 }, (_, i) => 1e9 + i);
    const y = x.map((value) => 2.5 * (value - 1e9) + 1e6);
    const fit = ols(x, y);
    expect(relativeError(fit.slope, 2.5)).toBeLessThan(1e-9);
    expect(fit.r2).toBeCloseTo(1, 9);
  });

  it("reports a perfect fit for a constant y", () => {
    expect(ols([1, 2, 3], [4, 4, 4])).toEqual({ slope: 0, intercept: 4, r2: 1, slopeStdError: 0, n: 3 });
  });

  it("rejects constant x, mismatched lengths, too few points and non-finite values", () => {
    expect(() => ols([1, 1, 1], [1, 2, 3])).toThrow(KernelInputError);
    expect(() => ols([1, 2, 3], [1, 2])).toThrow(KernelInputError);
    expect(() => ols([1, 2], [1, 2])).toThrow(KernelInputError);
    expect(() => ols([1, 2, NaN], [1, 2, 3])).toThrow(KernelInputError);
    expect(() => ols([1, 2, 3], [1, Infinity, 3])).toThrow(KernelInputError);
  });
});

function bruteForceMedianSlope(x: number[], y: number[]): number {
  const slopes: number[] = [];
  for (let i = 0; i < x.length; i++) {
    for (let j = i + 1; j < x.length; j++) {
      if (x[i] !== x[j]) slopes.push(((y[j] as number) - (y[i] as number)) / ((x[j] as number) - (x[i] as number)));
    }
  }
  slopes.sort((a, b) => a - b);
  const mid = slopes.length >> 1;
  return slopes.length % 2 === 1 ? (slopes[mid] as number) : ((slopes[mid - 1] as number) + (slopes[mid] as number)) / 2;
}

describe("theilSen", () => {
  it("ignores a gross outlier that OLS follows", () => {
    const x = Array.from({ length: 10 }, (_, i) => i);
    const y = x.map((value) => 2 * value + 1);
    y[9] = 100; // 36 of the 45 pairwise slopes are exactly 2
    expect(theilSen(x, y)).toEqual({ slope: 2, intercept: 1 });
    expect(ols(x, y).slope).toBeGreaterThan(4);
  });

  it("takes the median of all pairwise slopes, skipping pairs with equal x", () => {
    const random = mulberry32(7);
    const x = Array.from({ length: 41 }, () => Math.floor(random() * 20));
    const y = x.map((value) => 0.3 * value + random() * 5);
    expect(theilSen(x, y).slope).toBe(bruteForceMedianSlope(x, y));
  });

  it("uses the Anscombe set I slope from the pairwise median", () => {
    const [set] = anscombe;
    const { x, y } = set as (typeof anscombe)[number];
    const { slope, intercept } = theilSen(x, y);
    expect(slope).toBe(bruteForceMedianSlope(x, y));
    const offsets = y.map((value, i) => value - slope * (x[i] as number)).sort((a, b) => a - b);
    expect(intercept).toBe(offsets[5]);
  });

  it("samples pairs deterministically on long series and still recovers the slope", () => {
    const random = mulberry32(11);
    const x = Array.from({ length: 3000 }, (_, i) => i);
    const y = x.map((value) => 3 * value + 2 + (random() - 0.5) * 10);
    const first = theilSen(x, y);
    expect(first.slope).toBeCloseTo(3, 2);
    expect(first.intercept).toBeCloseTo(2, 0);
    expect(theilSen(x, y)).toEqual(first);
  });

  it("rejects a constant x and bad input", () => {
    expect(() => theilSen([2, 2, 2], [1, 2, 3])).toThrow(KernelInputError);
    expect(() => theilSen([1], [1])).toThrow(KernelInputError);
    expect(() => theilSen([1, 2], [1, NaN])).toThrow(KernelInputError);
  });
});

function bruteForceS(y: number[]): number {
  let s = 0;
  for (let i = 0; i < y.length; i++) for (let j = i + 1; j < y.length; j++) s += Math.sign((y[j] as number) - (y[i] as number));
  return s;
}

describe("mannKendall", () => {
  it("gives S = n(n-1)/2 and tau = 1 for a strictly increasing series", () => {
    const result = mannKendall([1, 2, 3, 5, 8, 13, 21, 34, 55, 89]);
    const variance = (10 * 9 * 25) / 18; // no ties: n(n-1)(2n+5)/18 = 125
    const z = 44 / Math.sqrt(variance); // continuity correction: (S - 1) / sqrt(var)
    expect(result.s).toBe(45);
    expect(result.tau).toBe(1);
    expect(result.z).toBeCloseTo(z, 12);
    expect(result.pValue).toBeCloseTo(erfc(z / Math.SQRT2), 15);
    expect(result.pValue).toBeLessThan(1e-4);
    expect(result.trend).toBe("increasing");
  });

  it("mirrors for a strictly decreasing series", () => {
    const result = mannKendall([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(result.s).toBe(-45);
    expect(result.tau).toBe(-1);
    expect(result.z).toBeCloseTo(-44 / Math.sqrt(125), 12);
    expect(result.trend).toBe("decreasing");
  });

  it("uses the tie-corrected variance and tau-b with ties", () => {
    // Pairs of [1, 2, 2, 3]: five rises and one tie, so S = 5; one tie group of size 2.
    const result = mannKendall([1, 2, 2, 3]);
    const variance = (4 * 3 * 13 - 2 * 1 * 9) / 18;
    expect(result.s).toBe(5);
    expect(result.z).toBeCloseTo(4 / Math.sqrt(variance), 12);
    expect(result.tau).toBeCloseTo(5 / Math.sqrt(5 * 6), 12);
    expect(result.pValue).toBeCloseTo(erfc(result.z / Math.SQRT2), 15);
    expect(result.trend).toBe("no trend");
  });

  it("counts S exactly like the pairwise definition on a long series with many ties", () => {
    const random = mulberry32(3);
    const y = Array.from({ length: 500 }, (_, i) => Math.floor(random() * 10 + i / 100));
    const result = mannKendall(y);
    expect(result.s).toBe(bruteForceS(y));
    const counts = new Map<number, number>();
    for (const value of y) counts.set(value, (counts.get(value) ?? 0) + 1);
    let tieTerm = 0;
    for (const t of counts.values()) tieTerm += t * (t - 1) * (2 * t + 5);
    const variance = (500 * 499 * 1005 - tieTerm) / 18;
    expect(result.z).toBeCloseTo((result.s - Math.sign(result.s)) / Math.sqrt(variance), 10);
  });

  it("finds no trend in a constant series", () => {
    expect(mannKendall([4, 4, 4, 4])).toEqual({ s: 0, z: 0, pValue: 1, tau: 0, trend: "no trend" });
  });

  it("rejects fewer than 3 points and non-finite values", () => {
    expect(() => mannKendall([1, 2])).toThrow(KernelInputError);
    expect(() => mannKendall([1, 2, NaN])).toThrow(KernelInputError);
  });
});
