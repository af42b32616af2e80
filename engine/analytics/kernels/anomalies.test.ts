import { describe, expect, it } from "vitest";
import { decompose, robustAnomalies } from "./anomalies.js";
import { KernelInputError } from "./errors.js";
import { mulberry32 } from "./numeric.js";

/** level + slope·i + pattern[i mod period] (+ seeded uniform noise of the given amplitude). */
function seasonalSeries(length: number, pattern: number[], noise = 0, seed = 1): number[] {
  const random = mulberry32(seed);
  return Array.from(
    { length },
    (_, i) => 100 + 0.5 * i + (pattern[i % pattern.length] as number) + (random() - 0.5) * 2 * noise,
  );
}

describe("decompose", () => {
  it.each([
    { period: 4, pattern: [2, -1, 0, -1] },
    { period: 3, pattern: [1, -2, 1] },
  ])("recovers a linear trend and a zero-sum pattern of period $period exactly", ({ period, pattern }) => {
    const values = seasonalSeries(24, pattern);
    const { trend, seasonal, residual } = decompose(values, period);
    const half = Math.floor(period / 2);
    trend.forEach((level, i) => {
      if (i < half || i >= 24 - half) expect(level).toBeNull();
      else expect(level).toBeCloseTo(100 + 0.5 * i, 10);
    });
    seasonal.forEach((value, i) => expect(value).toBeCloseTo(pattern[i % period] as number, 10));
    residual.forEach((value) => (value === null ? undefined : expect(value).toBeCloseTo(0, 10)));
    expect(residual.filter((value) => value === null)).toHaveLength(2 * half);
  });

  it("normalises the seasonal indices to sum to zero", () => {
    const { seasonal } = decompose(seasonalSeries(28, [5, 5, 5, 5, 5, 5, 12], 1), 7);
    const oneCycle = seasonal.slice(0, 7).reduce((a, b) => a + b, 0);
    expect(oneCycle).toBeCloseTo(0, 10);
  });

  it("uses a 7-point centred moving average without a period", () => {
    const values = [1, 2, 3, 4, 5, 6, 7, 8, 16];
    const { trend, seasonal, residual } = decompose(values, null);
    expect(trend).toEqual([null, null, null, 4, 5, 7, null, null, null]); // 7 = (3+4+5+6+7+8+16)/7
    expect(seasonal).toEqual(new Array(9).fill(0));
    expect(residual[5]).toBe(-1);
  });

  it("rejects too short series and bad periods", () => {
    expect(() => decompose([1, 2, 3, 4, 5, 6, 7], 4)).toThrow(KernelInputError);
    expect(() => decompose([1, 2, 3, 4, 5, 6], null)).toThrow(KernelInputError);
    expect(() => decompose(seasonalSeries(20, [1, -1]), 2.5)).toThrow(KernelInputError);
    expect(() => decompose([1, 2, 3, 4, 5, 6, NaN], null)).toThrow(KernelInputError);
  });
});

describe("robustAnomalies", () => {
  const weekly = [10, 12, 14, 13, 11, -25, -35];

  it("finds an injected spike in a noisy weekly series and nothing else", () => {
    const values = seasonalSeries(84, weekly, 1.5, 9);
    values[40] = (values[40] as number) + 30;
    const anomalies = robustAnomalies(values, 7);
    expect(anomalies.map(({ index }) => index)).toEqual([40]);
    const [spike] = anomalies;
    expect(spike?.value).toBe(values[40]);
    expect(spike?.score).toBeGreaterThan(3.5);
    expect(spike?.expected).toBeCloseTo(100 + 0.5 * 40 + (weekly[40 % 7] as number), -1);
  });

  it("finds a dip as a negative score", () => {
    const values = seasonalSeries(84, weekly, 1.5, 9);
    values[50] = (values[50] as number) - 30;
    const anomalies = robustAnomalies(values, 7);
    expect(anomalies.map(({ index }) => index)).toEqual([50]);
    expect(anomalies[0]?.score).toBeLessThan(-3.5);
  });

  it("flags nothing in the same series without the spike", () => {
    expect(robustAnomalies(seasonalSeries(84, weekly, 1.5, 9), 7)).toEqual([]);
  });

  it("flags nothing in an exactly periodic series", () => {
    expect(robustAnomalies(seasonalSeries(56, weekly), 7)).toEqual([]);
  });

  it("finds a spike without a period, not its neighbours", () => {
    const values = seasonalSeries(60, [0], 1, 4);
    values[30] = (values[30] as number) + 20;
    expect(robustAnomalies(values, null).map(({ index }) => index)).toEqual([30]);
  });

  it("respects the threshold", () => {
    const values = seasonalSeries(84, weekly, 1.5, 9);
    values[40] = (values[40] as number) + 30;
    expect(robustAnomalies(values, 7, 1000)).toEqual([]);
    expect(() => robustAnomalies(values, 7, 0)).toThrow(KernelInputError);
  });
});
