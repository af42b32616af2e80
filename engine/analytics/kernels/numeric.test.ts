import { describe, expect, it } from "vitest";
import { relativeError } from "./fixtures/exact.js";
import { erfc, median, mulberry32, normalCdf, sum } from "./numeric.js";

describe("erfc", () => {
  // Reference values: Abramowitz & Stegun table 7.1, as printed by C's erfc() (Python math.erfc).
  const reference: Array<[number, number]> = [
    [0.1, 0.8875370839817152],
    [0.5, 0.4795001221869535],
    [1, 0.15729920705028513],
    [1.5, 0.033894853524689274],
    [2, 0.004677734981047265],
    [2.5, 0.0004069520174449589],
    [3, 2.2090496998585438e-5],
    [5, 1.5374597944280351e-12],
    [-1, 1.842700792949715],
  ];

  it.each(reference)("erfc(%d) is within 1e-9 relative of the reference", (x, expected) => {
    expect(relativeError(erfc(x), expected)).toBeLessThan(1e-9);
  });

  it("gives the familiar normal quantiles", () => {
    expect(normalCdf(0)).toBe(0.5);
    expect(normalCdf(1.959963984540054)).toBeCloseTo(0.975, 12);
    expect(normalCdf(-1.6448536269514722)).toBeCloseTo(0.05, 12);
  });
});

describe("median", () => {
  it("matches the median of a sorted copy for odd and even lengths", () => {
    const random = mulberry32(5);
    for (const length of [1, 2, 3, 10, 101, 1000]) {
      const values = Array.from({ length }, () => Math.floor(random() * 50));
      const sorted = [...values].sort((a, b) => a - b);
      const mid = length >> 1;
      const expected = length % 2 === 1 ? sorted[mid] : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
      expect(median(values)).toBe(expected);
    }
  });
});

describe("sum and mulberry32", () => {
  it("keeps small terms next to large ones", () => {
    expect(sum([1e16, 1, -1e16])).toBe(1);
  });

  it("repeats the stream for a seed and differs across seeds", () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const c = mulberry32(43);
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(first);
    expect([c(), c(), c()]).not.toEqual(first);
    expect(first.every((value) => value >= 0 && value < 1)).toBe(true);
  });
});
