import { beforeAll, describe, expect, it } from "vitest";
import { numbers, rTimeSeries, runR, type RTimeSeries } from "../../../testing/r-reference.js";
import { KernelInputError } from "./errors.js";
import { drift, seasonalNaive } from "./forecast-baselines.js";
import { forecast } from "./forecast.js";

const meanAbsoluteError = (actual: number[], means: number[]) =>
  actual.reduce((total, value, i) => total + Math.abs(value - (means[i] as number)), 0) / actual.length;

let air: number[];
beforeAll(async () => {
  air = (await rTimeSeries("AirPassengers")).values;
}, 60_000);

describe("seasonalNaive", () => {
  it("repeats the last period, its deviation growing by sqrt(k + 1) per completed period", () => {
    const { means, deviations } = seasonalNaive([10, 20, 30, 12, 22, 32, 14, 24, 34], 3, 7);
    expect(means).toEqual([14, 24, 34, 14, 24, 34, 14]);
    // Seasonal differences are all 2, so sigma = 2.
    expect(deviations).toEqual([1, 1, 1, 2, 2, 2, 3].map((k) => expect.closeTo(2 * Math.sqrt(k), 12)));
  });

  it("rejects fewer values than one period and non-finite values", () => {
    expect(() => seasonalNaive([1, 2], 3, 1)).toThrow(KernelInputError);
    expect(() => seasonalNaive([1, 2, Number.POSITIVE_INFINITY], 3, 1)).toThrow(KernelInputError);
  });
});

describe("drift", () => {
  it("carries on the line through the first and last values, sd = sigma * sqrt(h (1 + h / (n - 1)))", () => {
    const values = [1, 4, 5, 7, 11];
    const { means, deviations } = drift(values, 3);
    expect(means).toEqual([13.5, 16, 18.5].map((value) => expect.closeTo(value, 12)));
    // Differences 3, 1, 2, 4: sample variance 5/3.
    const sigma = Math.sqrt(5 / 3);
    expect(deviations[2]).toBeCloseTo(sigma * Math.sqrt(3 * (1 + 3 / 4)), 12);
  });
});

describe("forecast", () => {
  it("forecasts AirPassengers 1959-60 from 1949-58 within 1.2 x the MAE of the better of R's HoltWinters", async () => {
    const reference = await runR(`
      x <- window(AirPassengers, end = c(1958, 12)); actual <- window(AirPassengers, start = c(1959, 1))
      for (kind in c("additive", "multiplicative")) emit(kind, mean(abs(actual - predict(HoltWinters(x, seasonal = kind), 24))))`);
    const best = Math.min(...numbers(reference, "additive"), ...numbers(reference, "multiplicative"));
    const result = forecast(air.slice(0, 120), { period: 12, horizon: 24 });
    expect(result.cv).toEqual({ mae: expect.any(Number), mase: expect.any(Number), folds: 4, horizon: 12 });
    expect(meanAbsoluteError(air.slice(120), result.points.map((point) => point.mean))).toBeLessThanOrEqual(1.2 * best);
  }, 60_000);

  it("holds about 80 % of the actuals in its 80 % intervals over backtests of AirPassengers, nottem and co2", async () => {
    const series: RTimeSeries[] = await Promise.all(["AirPassengers", "nottem", "co2"].map(rTimeSeries));
    let inside80 = 0;
    let inside95 = 0;
    let total = 0;
    for (const { values } of series) {
      // Origins one year apart, each forecasting the next 24 months.
      for (let origin = values.length - 24; origin >= values.length - 24 - 12 * 4; origin -= 12) {
        const { points } = forecast(values.slice(0, origin), { period: 12, horizon: 24 });
        values.slice(origin, origin + 24).forEach((actual, i) => {
          const point = points[i];
          if (!point) throw new Error("missing forecast step");
          if (actual >= point.lower80 && actual <= point.upper80) inside80 += 1;
          if (actual >= point.lower95 && actual <= point.upper95) inside95 += 1;
          total += 1;
        });
      }
    }
    expect(total).toBe(3 * 5 * 24);
    expect(inside80 / total).toBeGreaterThanOrEqual(0.7);
    expect(inside80 / total).toBeLessThanOrEqual(0.9);
    expect(inside95 / total).toBeGreaterThanOrEqual(0.88);
  }, 120_000);

  it("reports the cross-validated MAE of the method it chose, the lowest of all methods on the same folds", () => {
    const training = air.slice(0, 120);
    const chosen = forecast(training, { period: 12, horizon: 24 });
    for (const method of ["seasonal_naive", "holt_winters_additive", "holt_winters_damped_multiplicative"] as const) {
      const forced = forecast(training, { period: 12, horizon: 24, method });
      expect(forced.method).toBe(method);
      expect(forced.cv?.folds).toBe(4);
      expect(forced.cv?.mae).toBeGreaterThanOrEqual(chosen.cv?.mae ?? Infinity);
    }
  });

  it("scores a forced seasonal naive forecast by hand: the mean absolute seasonal difference over the last 4 years", () => {
    const values = air.slice(0, 120);
    const forced = forecast(values, { period: 12, horizon: 12, method: "seasonal_naive" });
    const lastFourYears = values.slice(72).map((value, i) => Math.abs(value - (values[60 + i] as number)));
    expect(forced.cv?.mae).toBeCloseTo(lastFourYears.reduce((a, b) => a + b, 0) / 48, 9);
    const scale = values.slice(12).reduce((total, value, i) => total + Math.abs(value - (values[i] as number)), 0) / 108;
    expect(forced.cv?.mase).toBeCloseTo((forced.cv?.mae ?? 0) / scale, 9);
  });

  it("refuses a forced method that does not apply", () => {
    expect(() => forecast(air.map((value) => value - 200), { period: 12, horizon: 3, method: "holt_winters_multiplicative" })).toThrow(KernelInputError);
    expect(() => forecast(air, { period: null, horizon: 3, method: "seasonal_naive" })).toThrow(KernelInputError);
  });

  it("extends a straight line without a period exactly", () => {
    const line = Array.from({ length: 20 }, (_, i) => i + 1);
    const result = forecast(line, { period: null, horizon: 3 });
    expect(result.method).toBe("drift");
    expect(result.cv).toEqual({ mae: expect.closeTo(0, 9), mase: expect.closeTo(0, 9), folds: 4, horizon: 3 });
    expect(result.points.map((point) => point.mean)).toEqual([21, 22, 23].map((value) => expect.closeTo(value, 9)));
  });

  it("forecasts two values by drift without cross-validation", () => {
    const result = forecast([5, 7], { period: null, horizon: 2 });
    expect(result).toMatchObject({ method: "drift", cv: null });
    expect(result.points.map((point) => point.mean)).toEqual([9, 11]);
  });

  it("skips multiplicative Holt-Winters when a value is not positive", () => {
    const result = forecast(air.map((value) => value - 200), { period: 12, horizon: 12 });
    expect(result.method).not.toMatch(/multiplicative/);
  });

  it("rejects non-finite values, fewer than two values, bad periods and horizons", () => {
    expect(() => forecast([1], { period: null, horizon: 1 })).toThrow(KernelInputError);
    expect(() => forecast([1, Number.NaN, 3], { period: null, horizon: 1 })).toThrow(KernelInputError);
    expect(() => forecast(air, { period: 0, horizon: 1 })).toThrow(KernelInputError);
    expect(() => forecast(air, { period: 1.5, horizon: 1 })).toThrow(KernelInputError);
    expect(() => forecast(air, { period: 12, horizon: 0 })).toThrow(KernelInputError);
  });
});
