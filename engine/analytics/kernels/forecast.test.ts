import { describe, expect, it } from "vitest";
import { KernelInputError } from "./errors.js";
import { forecast, naive, seasonalNaive } from "./forecast.js";
import { AIR_PASSENGERS } from "./fixtures/air-passengers.js";

const air = [...AIR_PASSENGERS];

describe("seasonalNaive", () => {
  it("repeats the last period, widening intervals by sqrt(k + 1) per completed period", () => {
    const values = [10, 20, 30, 12, 22, 32, 14, 24, 34];
    const points = seasonalNaive(values, 3, 7);
    expect(points.map((point) => point.mean)).toEqual([14, 24, 34, 14, 24, 34, 14]);
    // Seasonal differences are all 2, so sigma = 2.
    expect(points[0]?.upper95).toBeCloseTo(14 + 1.96 * 2, 12);
    expect(points[3]?.upper95).toBeCloseTo(14 + 1.96 * 2 * Math.SQRT2, 12);
    expect(points[6]?.lower80).toBeCloseTo(14 - 1.2816 * 2 * Math.sqrt(3), 12);
    expect(points.map((point) => point.step)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("rejects fewer values than one period and non-finite values", () => {
    expect(() => seasonalNaive([1, 2], 3, 1)).toThrow(KernelInputError);
    expect(() => seasonalNaive([1, 2, Number.POSITIVE_INFINITY], 3, 1)).toThrow(KernelInputError);
  });
});

describe("naive", () => {
  it("repeats the last value with a random-walk standard deviation of sigma * sqrt(h)", () => {
    const points = naive([1, 3, 5, 7], 4);
    expect(points.map((point) => point.mean)).toEqual([7, 7, 7, 7]);
    expect(points[3]?.upper95).toBeCloseTo(7 + 1.96 * 2 * 2, 12);
  });
});

describe("forecast", () => {
  it("chooses multiplicative Holt-Winters for AirPassengers on a 12-month holdout", () => {
    const result = forecast(air, { period: 12, horizon: 30 });
    expect(result.method).toBe("holt_winters_multiplicative");
    expect(result.holdout.points).toBe(12);
    expect(result.holdout.mape).toBeLessThan(5);
    expect(result.points).toHaveLength(30);
    // July 1961 above the July 1960 high of 622 thousand, November 1961 below it.
    expect(result.points[6]?.mean).toBeGreaterThan(622);
    expect(result.points[10]?.mean).toBeLessThan(result.points[6]?.mean ?? 0);
  });

  it("beats the seasonal-naive baseline it is compared with on the holdout", () => {
    const training = air.slice(0, 132);
    const chosen = forecast(training, { period: 12, horizon: 12 });
    const actual = air.slice(132);
    const maeOf = (means: number[]) =>
      actual.reduce((total, value, i) => total + Math.abs(value - (means[i] as number)), 0) / actual.length;
    const baseline = maeOf(seasonalNaive(training, 12, 12).map((point) => point.mean));
    expect(maeOf(chosen.points.map((point) => point.mean))).toBeLessThan(baseline);
  });

  it("uses Holt's linear method for a straight line without a period", () => {
    const line = Array.from({ length: 10 }, (_, i) => i + 1);
    const result = forecast(line, { period: null, horizon: 3 });
    expect(result.method).toBe("holt_linear");
    expect(result.holdout).toEqual({ mae: expect.closeTo(0, 9), mape: expect.closeTo(0, 9), points: 2 });
    expect(result.points.map((point) => point.mean)).toEqual([11, 12, 13].map((value) => expect.closeTo(value, 9)));
  });

  it("falls back to a method that applies when the series is shorter than two periods", () => {
    const result = forecast([3, 5, 4, 6, 5, 7, 6, 8], { period: 12, horizon: 2 });
    expect(["naive", "holt_linear"]).toContain(result.method);
    expect(result.points).toHaveLength(2);
  });

  it("forecasts two values naively, holding out the last one", () => {
    const result = forecast([5, 7], { period: null, horizon: 2 });
    expect(result.method).toBe("naive");
    expect(result.holdout).toEqual({ mae: 2, mape: expect.closeTo(100 * (2 / 7), 9), points: 1 });
    expect(result.points.map((point) => point.mean)).toEqual([7, 7]);
  });

  it("reports a null MAPE when a held-out value is zero", () => {
    const result = forecast([4, 3, 2, 1, 0], { period: null, horizon: 1 });
    expect(result.holdout.mape).toBeNull();
  });

  it("skips multiplicative Holt-Winters when a value is not positive", () => {
    const shifted = air.map((value) => value - 200);
    const result = forecast(shifted, { period: 12, horizon: 12 });
    expect(result.method).not.toBe("holt_winters_multiplicative");
  });

  it("rejects non-finite values, fewer than two values, bad periods and horizons", () => {
    expect(() => forecast([1], { period: null, horizon: 1 })).toThrow(KernelInputError);
    expect(() => forecast([1, Number.NaN, 3], { period: null, horizon: 1 })).toThrow(KernelInputError);
    expect(() => forecast(air, { period: 0, horizon: 1 })).toThrow(KernelInputError);
    expect(() => forecast(air, { period: 1.5, horizon: 1 })).toThrow(KernelInputError);
    expect(() => forecast(air, { period: 12, horizon: 0 })).toThrow(KernelInputError);
  });
});
