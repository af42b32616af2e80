import { describe, expect, it } from "vitest";
import { currentStatus, dailyHistory, dayStatus, historyStart, medianLatency, uptimePercent, worstStatus, type RecentSample } from "./status-metrics.js";

const counts = (operational: number, degraded = 0, down = 0) => ({ operational, degraded, down });
const sample = (latency_ms: number | null, at = new Date("2026-11-21T12:00:00Z"), status: RecentSample["status"] = "operational"): RecentSample => ({
  status,
  latency_ms,
  checked_at: at,
});

describe("uptimePercent", () => {
  it("counts degraded samples as up and down samples as down", () => {
    expect(uptimePercent(counts(90, 5, 5))).toBe(95);
  });

  it("rounds down, so a single down minute in 90 days never shows 100 %", () => {
    expect(uptimePercent(counts(90 * 1_440 - 1, 0, 1))).toBe(99.99);
    expect(uptimePercent(counts(2, 0, 1))).toBe(66.66);
  });

  it("is 100 with no downtime and null without samples", () => {
    expect(uptimePercent(counts(1_440))).toBe(100);
    expect(uptimePercent(counts(0))).toBeNull();
  });
});

describe("dayStatus", () => {
  it("is operational only when every sample was", () => {
    expect(dayStatus(counts(1_440))).toBe("operational");
    expect(dayStatus(counts(1_439, 1))).toBe("degraded");
    expect(dayStatus(counts(1_439, 0, 1))).toBe("degraded");
  });

  it("is down when the day's uptime fell under 95 %", () => {
    expect(dayStatus(counts(1_368, 0, 72))).toBe("degraded");
    expect(dayStatus(counts(1_367, 0, 73))).toBe("down");
  });

  it("is null for a day without samples", () => {
    expect(dayStatus(counts(0))).toBeNull();
  });
});

describe("dailyHistory", () => {
  it("lists the last N UTC days oldest first, ending today, with gaps as days without data", () => {
    const now = new Date("2026-11-21T00:30:00Z");
    const history = dailyHistory(new Map([["2026-11-20", counts(10, 0, 0)], ["2026-11-21", counts(1, 0, 1)]]), now, 3);
    expect(history).toEqual([
      { date: "2026-11-19", status: null, uptime_percent: null },
      { date: "2026-11-20", status: "operational", uptime_percent: 100 },
      { date: "2026-11-21", status: "down", uptime_percent: 50 },
    ]);
  });

  it("gives 90 entries for the page's window, starting where historyStart says", () => {
    const now = new Date("2026-03-01T23:59:59Z");
    const history = dailyHistory(new Map(), now, 90);
    expect(history).toHaveLength(90);
    expect(history.at(-1)?.date).toBe("2026-03-01");
    expect(history[0]?.date).toBe(historyStart(now, 90).toISOString().slice(0, 10));
    expect(historyStart(now, 90).toISOString()).toBe("2025-12-02T00:00:00.000Z");
  });
});

describe("medianLatency", () => {
  it("takes the middle value, or the mean of the two middle values, ignoring samples without a time", () => {
    expect(medianLatency([sample(30), sample(10), sample(20)])).toBe(20);
    expect(medianLatency([sample(10), sample(40), sample(null), sample(20), sample(30)])).toBe(25);
    expect(medianLatency([sample(1), sample(2)])).toBe(2);
  });

  it("is null without any response time", () => {
    expect(medianLatency([])).toBeNull();
    expect(medianLatency([sample(null)])).toBeNull();
  });
});

describe("currentStatus", () => {
  const now = new Date("2026-11-21T12:05:00Z");

  it("is the latest sample's status while it is at most five minutes old", () => {
    expect(currentStatus("database", sample(5, new Date("2026-11-21T12:00:00Z"), "degraded"), now)).toBe("degraded");
    expect(currentStatus("queue_workers", sample(null, new Date("2026-11-21T12:00:00Z"), "down"), now)).toBe("down");
  });

  it("without a fresh sample, reads the engine's components as down and the gateway and database as up", () => {
    const stale = sample(5, new Date("2026-11-21T11:59:59Z"), "operational");
    expect(currentStatus("queue_workers", stale, now)).toBe("down");
    expect(currentStatus("webhook_delivery", undefined, now)).toBe("down");
    expect(currentStatus("analytics_engine", stale, now)).toBe("down");
    expect(currentStatus("gateway", sample(null, new Date("2026-11-21T11:00:00Z"), "down"), now)).toBe("operational");
    expect(currentStatus("database", undefined, now)).toBe("operational");
  });
});

describe("worstStatus", () => {
  it("is the most severe status present", () => {
    expect(worstStatus(["operational", "operational"])).toBe("operational");
    expect(worstStatus(["operational", "degraded"])).toBe("degraded");
    expect(worstStatus(["degraded", "down", "operational"])).toBe("down");
    expect(worstStatus([])).toBe("operational");
  });
});
