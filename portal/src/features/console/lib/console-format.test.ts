import { describe, expect, it } from "vitest";
import { formatAbsoluteTime, formatDuration, formatJson, formatPastTime } from "./console-format";

const NOW = Date.parse("2026-11-21T12:00:00Z");

describe("formatPastTime", () => {
  it("reads seconds as just now and larger gaps in the largest whole unit", () => {
    expect(formatPastTime("2026-11-21T11:59:30Z", NOW)).toBe("just now");
    expect(formatPastTime("2026-11-21T11:55:00Z", NOW)).toBe("5 minutes ago");
    expect(formatPastTime("2026-11-21T09:00:00Z", NOW)).toBe("3 hours ago");
    expect(formatPastTime("2026-11-20T11:00:00Z", NOW)).toBe("yesterday");
    expect(formatPastTime("2026-11-11T12:00:00Z", NOW)).toBe("10 days ago");
  });

  it("reads a time slightly ahead of the clock as just now", () => {
    expect(formatPastTime("2026-11-21T12:00:05Z", NOW)).toBe("just now");
  });
});

describe("formatDuration", () => {
  it("picks milliseconds, seconds, minutes or hours", () => {
    expect(formatDuration(null)).toBe("—");
    expect(formatDuration(850)).toBe("850 ms");
    expect(formatDuration(1_234)).toBe("1.23 s");
    expect(formatDuration(12_400)).toBe("12.4 s");
    expect(formatDuration(185_000)).toBe("3 min 5 s");
    expect(formatDuration(7_800_000)).toBe("2 h 10 min");
  });
});

describe("formatAbsoluteTime and formatJson", () => {
  it("states the exact time in UTC", () => {
    expect(formatAbsoluteTime("2026-11-21T09:05:00Z")).toBe("Nov 21, 2026, 9:05 AM UTC");
  });

  it("indents JSON and shows a dash for nothing", () => {
    expect(formatJson({ ok: "yes" })).toBe('{\n  "ok": "yes"\n}');
    expect(formatJson(null)).toBe("—");
    expect(formatJson(0)).toBe("0");
  });
});
