import { describe, expect, it } from "vitest";
import { KernelInputError } from "./errors.js";
import { cagr, periodOverPeriod } from "./growth.js";

describe("cagr", () => {
  it("is the constant per-period rate linking first and last", () => {
    expect(cagr(100, 121, 2)).toBeCloseTo(0.1, 14);
    expect(cagr(200, 100, 1)).toBe(-0.5);
    expect(cagr(50, 0, 3)).toBe(-1);
    expect(cagr(80, 80, 12)).toBe(0);
  });

  it("is null when the rate is undefined", () => {
    expect(cagr(0, 10, 2)).toBeNull();
    expect(cagr(-5, 10, 2)).toBeNull();
    expect(cagr(5, -1, 2)).toBeNull();
  });

  it("rejects non-positive periods and non-finite endpoints", () => {
    expect(() => cagr(1, 2, 0)).toThrow(KernelInputError);
    expect(() => cagr(1, 2, -1)).toThrow(KernelInputError);
    expect(() => cagr(NaN, 2, 1)).toThrow(KernelInputError);
    expect(() => cagr(1, Infinity, 1)).toThrow(KernelInputError);
  });
});

describe("periodOverPeriod", () => {
  it("returns each change as a fraction of the previous magnitude, null after a zero", () => {
    expect(periodOverPeriod([100, 110, 0, 50, -10, -5])).toEqual([null, 0.1, -1, null, -1.2, 0.5]);
  });

  it("handles empty and single-value series, rejects non-finite values", () => {
    expect(periodOverPeriod([])).toEqual([]);
    expect(periodOverPeriod([3])).toEqual([null]);
    expect(() => periodOverPeriod([1, NaN])).toThrow(KernelInputError);
  });
});
