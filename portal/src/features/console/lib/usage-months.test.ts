import { describe, expect, it } from "vitest";
import type { UsageDay } from "../../../../../core/contracts/usage";
import { attachmentFileName, exportMonths, monthKey, monthTotals } from "./usage-months";

function day(date: string, dataProcessing: number, analytics = 0): UsageDay {
  const requests = { "/api/data-processing": dataProcessing, "/api/analytics": analytics, "/api/webhooks": 0, "/api/general": 1 };
  return { date, requests, total: dataProcessing + analytics + 1 };
}

describe("exportMonths", () => {
  it("offers this month and the previous 11, newest first, across the year boundary", () => {
    const months = exportMonths(new Date("2026-02-15T10:00:00Z"));
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ value: "2026-02", label: "February 2026" });
    expect(months[1]).toEqual({ value: "2026-01", label: "January 2026" });
    expect(months[2]).toEqual({ value: "2025-12", label: "December 2025" });
    expect(months[11]).toEqual({ value: "2025-03", label: "March 2025" });
  });

  it("counts months in UTC, like the server's usage days", () => {
    // 23:30 on March 31 in New York is already April 1 in UTC.
    expect(monthKey(new Date("2026-04-01T03:30:00Z"))).toBe("2026-04");
    expect(exportMonths(new Date("2026-04-01T00:10:00Z"))[0]?.value).toBe("2026-04");
  });
});

describe("monthTotals", () => {
  it("adds up each category over the days of the month only, every category listed", () => {
    const days = [day("2026-10-31", 100), day("2026-11-01", 5, 2), day("2026-11-02", 7)];
    const { rows, total } = monthTotals(days, "2026-11");
    expect(rows.map((row) => [row.label, row.requests])).toEqual([
      ["Data processing", 12],
      ["Analytics", 2],
      ["Webhooks", 0],
      ["General", 2],
    ]);
    expect(total).toBe(16);
  });

  it("answers zeros for a month without days", () => {
    expect(monthTotals([day("2026-10-31", 100)], "2026-11").total).toBe(0);
  });
});

describe("attachmentFileName", () => {
  it("reads the server's file name, quoted or not", () => {
    expect(attachmentFileName('attachment; filename="sluice-usage-2026-11.csv"', "x.csv")).toBe("sluice-usage-2026-11.csv");
    expect(attachmentFileName("attachment; filename=usage.csv", "x.csv")).toBe("usage.csv");
    expect(attachmentFileName("attachment; filename*=UTF-8''usage%20nov.csv", "x.csv")).toBe("usage nov.csv");
  });

  it("falls back when the header is missing, empty or names a path", () => {
    expect(attachmentFileName(null, "fallback.csv")).toBe("fallback.csv");
    expect(attachmentFileName("attachment", "fallback.csv")).toBe("fallback.csv");
    expect(attachmentFileName('attachment; filename="../etc/passwd"', "fallback.csv")).toBe("fallback.csv");
  });
});
