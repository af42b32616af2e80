import { describe, expect, it } from "vitest";
import { averageRanks, correlationMatrix, pearson, spearman } from "./correlation.js";
import { KernelInputError } from "./errors.js";
import { anscombe, anscombePublished } from "./fixtures/anscombe.js";
import { exactOls, relativeError, toNumber } from "./fixtures/exact.js";

describe("pearson", () => {
  it.each(anscombe)("gives Anscombe's r = 0.816 for set $name, exactly sqrt of the rational R²", ({ x, y }) => {
    const r = pearson(x, y);
    // Published as 0.816 for all four sets; set IV's is 0.81652, so allow the last printed digit.
    expect(Math.abs(r - anscombePublished.r)).toBeLessThan(0.001);
    expect(relativeError(r, Math.sqrt(toNumber(exactOls(x, y).r2)))).toBeLessThan(1e-6);
  });

  it("is exactly ±1 on lines, symmetric, and rejects constant series", () => {
    expect(pearson([1, 2, 3, 4], [10, 20, 30, 40])).toBe(1);
    expect(pearson([1, 2, 3, 4], [4, 3, 2, 1])).toBe(-1);
    expect(pearson([1, 5, 2, 8], [3, 1, 4, 1])).toBe(pearson([3, 1, 4, 1], [1, 5, 2, 8]));
    expect(() => pearson([1, 1, 1], [1, 2, 3])).toThrow(KernelInputError);
    expect(() => pearson([1, 2], [1, 2, 3])).toThrow(KernelInputError);
  });
});

describe("spearman", () => {
  it("gives average ranks to ties", () => {
    expect(averageRanks([10, 20, 20, 30, 20])).toEqual([1, 3, 3, 5, 3]);
  });

  it("equals Pearson's r of the average ranks when there are ties", () => {
    const x = [1, 2, 2, 3, 4, 4, 4];
    const y = [2, 1, 3, 3, 5, 6, 5];
    // Hand ranks: x -> 1, 2.5, 2.5, 4, 6, 6, 6; y -> 2, 1, 3.5, 3.5, 5.5, 7, 5.5.
    const expected = pearson([1, 2.5, 2.5, 4, 6, 6, 6], [2, 1, 3.5, 3.5, 5.5, 7, 5.5]);
    expect(spearman(x, y)).toBe(expected);
  });

  it("matches the classic 1 - 6Σd²/(n(n²-1)) on untied Anscombe set I", () => {
    const { x, y } = anscombe[0] as (typeof anscombe)[number];
    const rx = averageRanks(x);
    const ry = averageRanks(y);
    const d2 = rx.reduce((total, rank, i) => total + (rank - (ry[i] as number)) ** 2, 0);
    expect(d2).toBe(40);
    expect(spearman(x, y)).toBeCloseTo(1 - (6 * 40) / (11 * 120), 12);
  });

  it("is 1 for any increasing relation", () => {
    expect(spearman([1, 2, 3, 4, 5], [1, 8, 27, 64, 125])).toBeCloseTo(1, 14);
  });
});

describe("correlationMatrix", () => {
  const columns = { a: [1, 2, 3, 4, 5], b: [2, 4, 5, 4, 5], c: [5, 4, 3, 2, 1], flat: [7, 7, 7, 7, 7] };

  it("is symmetric with a unit diagonal and leaves out constant columns", () => {
    const matrix = correlationMatrix(columns, "pearson");
    expect(Object.keys(matrix)).toEqual(["a", "b", "c"]);
    expect(matrix.a?.a).toBe(1);
    expect(matrix.a?.c).toBe(-1);
    expect(matrix.a?.b).toBe(pearson(columns.a, columns.b));
    expect(matrix.b?.a).toBe(matrix.a?.b);
    expect(matrix.flat).toBeUndefined();
  });

  it("uses ranks for spearman", () => {
    const matrix = correlationMatrix({ x: [1, 2, 3, 4], y: [1, 10, 100, 1000] }, "spearman");
    expect(matrix.x?.y).toBeCloseTo(1, 14);
  });

  it("rejects columns of different lengths or non-finite values", () => {
    expect(() => correlationMatrix({ a: [1, 2, 3], b: [1, 2] }, "pearson")).toThrow(KernelInputError);
    expect(() => correlationMatrix({ a: [1, 2, 3], b: [1, NaN, 2] }, "pearson")).toThrow(KernelInputError);
  });
});
