import { describe, expect, it } from "vitest";
import { DAY_BAR_CLASSES, DAY_BAR_LEGEND, countIncidentDays, describeDay, formatLatency, formatUptime } from "./status-display";

describe("status page formats", () => {
  it("shows uptime with two decimals, and says when there is no data", () => {
    expect(formatUptime(99.9)).toBe("99.90%");
    expect(formatUptime(100)).toBe("100.00%");
    expect(formatUptime(null)).toBe("No data yet");
  });

  it("shows response times in milliseconds", () => {
    expect(formatLatency(42)).toBe("42 ms");
    expect(formatLatency(1_250)).toBe("1,250 ms");
    expect(formatLatency(null)).toBe("–");
  });

  it("describes a history bar in words (its text alternative), with the legend's names", () => {
    expect(describeDay({ date: "2026-11-21", status: "degraded", uptime_percent: 99.93 })).toBe("Nov 21, 2026: Degraded, 99.93% uptime");
    expect(describeDay({ date: "2026-01-02", status: null, uptime_percent: null })).toBe("Jan 2, 2026: No data");
  });

  it("names every fill the history bars use in the legend", () => {
    expect(DAY_BAR_LEGEND.map((entry) => entry.label)).toEqual(["Operational", "Degraded", "Down", "No data"]);
    expect(new Set(DAY_BAR_LEGEND.map((entry) => entry.className))).toEqual(new Set(Object.values(DAY_BAR_CLASSES)));
  });

  it("counts the days that were degraded or down", () => {
    const day = (status: "operational" | "degraded" | "down" | null) => ({ date: "2026-11-21", status, uptime_percent: status ? 90 : null });
    expect(countIncidentDays([day("operational"), day("degraded"), day(null), day("down")])).toBe(2);
  });
});
