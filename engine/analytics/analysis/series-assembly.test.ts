import { describe, expect, it } from "vitest";
import type { Series } from "./load-series.js";
import { anomaliesOf, forecastOf, growthOf, trendOf, usablePeriod } from "./series-insights.js";
import { fillGaps, grainOf, seasonalityOf, stepBucket, timeframeStart } from "./time-grain.js";
import { seriesChart } from "./visualizations.js";

const day = (d: number) => new Date(Date.UTC(2026, 0, d));

function seriesOf(values: number[], overrides: Partial<Series> = {}): Series {
  return {
    timeColumn: "date",
    valueColumn: "v",
    aggregate: "sum",
    grain: "day",
    buckets: values.map((_, i) => day(1 + i)),
    values,
    filled: 0,
    seasonality: 7,
    rowCount: values.length,
    filter: { where: "true", params: [] },
    ...overrides,
  };
}

describe("the series calendar", () => {
  it("infers the grain from the median gap and the season from the grain", () => {
    expect(grainOf(3_600)).toBe("hour");
    expect(grainOf(86_400)).toBe("day");
    expect(grainOf(7 * 86_400)).toBe("week");
    expect(grainOf(30 * 86_400)).toBe("month");
    expect(grainOf(null)).toBe("day");
    expect([seasonalityOf("hour"), seasonalityOf("day"), seasonalityOf("month"), seasonalityOf("week")]).toEqual([24, 7, 12, null]);
  });

  it("steps months by the calendar and counts timeframes back from the last timestamp", () => {
    expect(stepBucket(new Date("2026-01-01T00:00:00Z"), "month", 13).toISOString()).toBe("2027-02-01T00:00:00.000Z");
    expect(timeframeStart("last_7_days", day(10))?.toISOString()).toBe("2026-01-03T00:00:00.000Z");
    expect(timeframeStart("all", day(10))).toBeNull();
  });

  it("fills missing buckets with 0 for sums and by interpolation for means, and refuses huge calendars", () => {
    const points = [{ bucket: day(1), value: 2 }, { bucket: day(4), value: 8 }];
    expect(fillGaps(points, "day", "zero", 100)).toEqual({ buckets: [day(1), day(2), day(3), day(4)], values: [2, 0, 0, 8], filled: 2 });
    expect(fillGaps(points, "day", "interpolate", 100).values).toEqual([2, 4, 6, 8]);
    expect(() => fillGaps(points, "day", "zero", 3)).toThrow(RangeError);
  });
});

describe("assembling series insights", () => {
  it("reports trend, growth and a forecast dated after the last bucket", () => {
    const series = seriesOf(Array.from({ length: 28 }, (_, i) => 10 + i));
    expect(trendOf(series)).toMatchObject({ direction: "increasing", slope: expect.closeTo(1, 9), theil_sen_slope: expect.closeTo(1, 9), r2: expect.closeTo(1, 9), per: "day" });
    expect(growthOf(series)).toMatchObject({ periods: 27, cagr: expect.closeTo((37 / 10) ** (1 / 27) - 1, 9), period_over_period: expect.closeTo(1 / 36, 9) });
    const forecast = forecastOf(series, { horizon: 3 });
    expect(forecast.next_30_days.map((p) => p.timestamp)).toEqual(["2026-01-29T00:00:00.000Z", "2026-01-30T00:00:00.000Z", "2026-01-31T00:00:00.000Z"]);
  });

  it("uses the season only when the series holds two full cycles", () => {
    expect(usablePeriod(seriesOf(Array(13).fill(1)))).toBeNull();
    expect(usablePeriod(seriesOf(Array(14).fill(1)))).toBe(7);
  });

  it("dates anomalies by their bucket and draws them, the trend and the forecast on one line chart", () => {
    const values = Array.from({ length: 28 }, (_, i) => 50 + 3 * (i % 7) + (((i * 7_919) % 11) - 5) * 0.4 + (i === 20 ? 80 : 0));
    const series = seriesOf(values);
    const { anomalies, anomaly_scoring: scoring } = anomaliesOf(series);
    expect(anomalies.map((a) => a.timestamp)).toEqual([day(21).toISOString()]);
    expect(scoring).toMatchObject({ method: "robust_stl", threshold: 4 });
    expect(scoring.scores).toHaveLength(28);
    expect(scoring.scores[20]).toBe(anomalies[0]?.score);
    const forecast = forecastOf(series, { horizon: 2 });
    const chart = seriesChart(series, { trend: trendOf(series), anomalies, forecast });
    expect(chart.x.values).toHaveLength(30);
    expect(chart.series.map((s) => s.name)).toEqual(["sum of v", "trend (OLS)", "anomalies", "forecast", "lower 95%", "upper 95%"]);
    expect(chart.series[2]?.data[20]).toBe(values[20]);
    expect(chart.series[3]?.data.slice(0, 28).every((v) => v === null)).toBe(true);
    expect(chart.series[0]?.data.slice(28)).toEqual([null, null]);
  });
});
