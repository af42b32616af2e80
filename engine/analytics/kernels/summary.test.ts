import { describe as describeSuite, expect, it } from "vitest";
import { KernelInputError } from "./errors.js";
import { anscombe, anscombePublished } from "./fixtures/anscombe.js";
import { describe } from "./summary.js";

describeSuite("describe", () => {
  it("computes R type-7 quantiles and the sample standard deviation", () => {
    // Sorted: 1 1 2 3 4 5 6 9; h = 7p: p25 -> 1 + 0.75·(2 - 1), median -> (3 + 4)/2, p75 -> 5 + 0.25·(6 - 5).
    // Sum of squared deviations from 3.875 is 52.875, so var = 52.875 / 7.
    expect(describe([3, 1, 4, 1, 5, 9, 2, 6])).toEqual({
      count: 8,
      mean: 3.875,
      std: Math.sqrt(52.875 / 7),
      min: 1,
      p25: 1.75,
      median: 3.5,
      p75: 5.25,
      max: 9,
    });
  });

  it("interpolates quantiles on an odd-length vector", () => {
    // Sorted: 1 2 3 4 10; h = 4p lands on whole ranks: 2, 3, 4.
    expect(describe([10, 1, 2, 3, 4])).toMatchObject({ p25: 2, median: 3, p75: 4, mean: 4 });
  });

  it.each(anscombe)("gives Anscombe's published means for set $name", ({ x, y }) => {
    expect(describe(x).mean).toBe(anscombePublished.meanX);
    expect(describe(y).mean).toBeCloseTo(anscombePublished.meanY, 2);
    expect(describe(x).std).toBeCloseTo(Math.sqrt(anscombePublished.sxx / 10), 12);
  });

  it("has no standard deviation for a single value", () => {
    expect(describe([7])).toEqual({ count: 1, mean: 7, std: null, min: 7, p25: 7, median: 7, p75: 7, max: 7 });
  });

  it("rejects an empty or non-finite series", () => {
    expect(() => describe([])).toThrow(KernelInputError);
    expect(() => describe([1, NaN])).toThrow(KernelInputError);
  });
});
