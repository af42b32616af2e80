import { describe, expect, it } from "vitest";
import type { UsageDay } from "../../../../../core/contracts/usage";
import { describeUsage, niceStep, scaleUsageChart, totalUsage } from "./usage-chart";

function day(date: string, dataProcessing: number, analytics: number, webhooks: number, general: number): UsageDay {
  return {
    date,
    requests: { "/api/data-processing": dataProcessing, "/api/analytics": analytics, "/api/webhooks": webhooks, "/api/general": general },
    total: dataProcessing + analytics + webhooks + general,
  };
}

describe("the chart's axis", () => {
  it("steps by 1, 2 or 5 times a power of ten", () => {
    expect([0, 0.5, 1, 1.5, 2, 3, 7, 12, 25, 240, 2_600].map(niceStep)).toEqual([1, 1, 1, 2, 2, 5, 10, 20, 50, 500, 5_000]);
  });

  it("ends at the first whole step at or above the busiest day", () => {
    const scale = scaleUsageChart([day("2025-06-01", 3, 0, 0, 0), day("2025-06-02", 10, 7, 1, 5)]);
    expect(scale.step).toBe(10);
    expect(scale.axisMax).toBe(30);
    expect(scale.ticks).toEqual([0, 10, 20, 30]);
  });

  it("keeps an axis of one request when every day is empty", () => {
    const scale = scaleUsageChart([day("2025-06-01", 0, 0, 0, 0)]);
    expect(scale.axisMax).toBe(1);
    expect(scale.ticks).toEqual([0, 1]);
    expect(scale.bars[0]?.segments).toEqual([]);
  });

  it("reaches exactly the busiest day when it is a whole step", () => {
    expect(scaleUsageChart([day("2025-06-01", 0, 0, 0, 40)]).axisMax).toBe(40);
  });
});

describe("the stacked bars", () => {
  it("stack the non-empty categories in order, as shares of the axis", () => {
    const { bars } = scaleUsageChart([day("2025-06-01", 10, 0, 5, 5)]);
    expect(bars[0]).toEqual({
      date: "2025-06-01",
      total: 20,
      segments: [
        { category: "/api/data-processing", requests: 10, from: 0, to: 0.5 },
        { category: "/api/webhooks", requests: 5, from: 0.5, to: 0.75 },
        { category: "/api/general", requests: 5, from: 0.75, to: 1 },
      ],
    });
  });

  it("never draw a bar above the axis", () => {
    const { bars } = scaleUsageChart([day("2025-06-01", 1, 2, 3, 4), day("2025-06-02", 97, 0, 0, 0), day("2025-06-03", 0, 0, 0, 1)]);
    for (const bar of bars) for (const segment of bar.segments) expect(segment.to).toBeLessThanOrEqual(1);
  });
});

describe("the chart's text", () => {
  it("adds up the days per category and names the busiest", () => {
    const days = [day("2025-06-01", 2, 1, 0, 0), day("2025-06-02", 0, 0, 0, 3), day("2025-06-03", 1, 0, 0, 0)];
    expect(totalUsage(days)).toEqual({
      total: 7,
      byCategory: { "/api/data-processing": 3, "/api/analytics": 1, "/api/webhooks": 0, "/api/general": 3 },
      busiestDay: { date: "2025-06-02", total: 3 },
    });
    expect(describeUsage(days)).toBe("7 requests in the last 3 days, most on Jun 2 (3). Data processing 3, Analytics 1, Webhooks 0, General 3.");
  });

  it("says so when there were no requests", () => {
    expect(describeUsage([day("2025-06-01", 0, 0, 0, 0), day("2025-06-02", 0, 0, 0, 0)])).toBe("No requests in the last 2 days.");
  });
});
