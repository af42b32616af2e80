import { describe, expect, it } from "vitest";
import { clockChanges, isThrottledFire, shortestGap } from "./schedule-interval.js";

const at = (iso: string) => Date.parse(iso);

describe("clockChanges", () => {
  it("finds each change of a zone's UTC offset to the minute, and none in a zone without them", () => {
    const changes = clockChanges("Europe/Berlin", at("2026-11-28T00:00:00Z"), at("2027-11-28T00:00:00Z"));
    expect(changes.map((ms) => new Date(ms).toISOString())).toEqual(["2027-03-28T01:00:00.000Z", "2027-10-31T01:00:00.000Z"]);
    expect(clockChanges("Asia/Tokyo", at("2026-11-28T00:00:00Z"), at("2027-11-28T00:00:00Z"))).toEqual([]);
  });
});

describe("shortestGap", () => {
  it("is undefined for a cron that fires less than twice in the scans", () => {
    expect(shortestGap("0 0 1 1 *", "UTC", new Date("2026-11-28T00:00:00Z"), 60_000)).toBeUndefined();
  });

  it("stops at the first gap under the bound", () => {
    expect(shortestGap("* * * * * *", "UTC", new Date("2026-11-28T00:00:00Z"), 60_000)).toEqual({ ms: 1_000, at: new Date("2026-11-28T00:00:02.000Z") });
  });
});

describe("isThrottledFire", () => {
  it("lets the first fire time of each window of the minimum through and skips the rest", () => {
    const fires = ["00", "05", "10", "15", "20", "30", "45", "50"].map((minute) => at(`2026-11-28T09:${minute}:00Z`));
    const kept = fires.filter((firedAt) => !isThrottledFire("*/5 * * * *", "UTC", firedAt, 900)).map((ms) => new Date(ms).toISOString().slice(11, 16));
    expect(kept).toEqual(["09:00", "09:15", "09:30", "09:45"]);
  });

  it("never throttles a cron whose fires are at least the minimum apart", () => {
    for (const minute of ["00", "20", "40"]) expect(isThrottledFire("*/20 * * * *", "Europe/Berlin", at(`2026-11-28T09:${minute}:00Z`), 900)).toBe(false);
  });

  it("throttles a six-field cron to one fire per window", () => {
    expect(isThrottledFire("* * * * * *", "UTC", at("2026-11-28T09:00:00Z"), 60)).toBe(false);
    expect(isThrottledFire("* * * * * *", "UTC", at("2026-11-28T09:00:01Z"), 60)).toBe(true);
    expect(isThrottledFire("* * * * * *", "UTC", at("2026-11-28T09:01:00Z"), 60)).toBe(false);
  });
});
