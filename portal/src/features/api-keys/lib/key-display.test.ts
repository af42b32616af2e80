import { describe, expect, it } from "vitest";
import {
  CAP_OPTIONS,
  capFromChoice,
  formatAbsoluteTime,
  formatCap,
  formatExpiry,
  formatLastUsed,
  formatPastTime,
  formatRelativeTime,
  formatUsage,
  keyStatus,
  usageRatio,
} from "./key-display";

const NOW = Date.parse("2030-06-15T12:00:00Z");
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();
const ahead = (seconds: number) => new Date(NOW + seconds * 1000).toISOString();

describe("usage and caps", () => {
  it("shows used / cap with thousands separators, and the count alone without a cap", () => {
    expect(formatUsage(1234, 5000)).toBe("1,234 / 5,000");
    expect(formatUsage(0, 50_000)).toBe("0 / 50,000");
    expect(formatUsage(1234, null)).toBe("1,234");
  });

  it("names a missing cap Unlimited", () => {
    expect(formatCap(null)).toBe("Unlimited");
    expect(formatCap(10_000)).toBe("10,000");
  });

  it("reports the used share of the cap, clamped to 1, and none without a cap", () => {
    expect(usageRatio(2500, 5000)).toBe(0.5);
    expect(usageRatio(7000, 5000)).toBe(1);
    expect(usageRatio(10, null)).toBeNull();
  });

  it("offers the contract's caps in order and maps the choices back", () => {
    expect(CAP_OPTIONS.map((option) => option.label)).toEqual([
      "5,000 requests / month",
      "10,000 requests / month",
      "50,000 requests / month",
      "Unlimited",
    ]);
    expect(capFromChoice("5000")).toBe(5000);
    expect(capFromChoice("unlimited")).toBeNull();
    expect(capFromChoice("7000")).toBeUndefined();
  });
});

describe("formatRelativeTime", () => {
  it("reads past times in the largest fitting unit", () => {
    expect(formatRelativeTime(ago(10), NOW)).toBe("just now");
    expect(formatRelativeTime(ago(5 * 60), NOW)).toBe("5 minutes ago");
    expect(formatRelativeTime(ago(3 * 3600 + 20 * 60), NOW)).toBe("3 hours ago");
    expect(formatRelativeTime(ago(30 * 3600), NOW)).toBe("30 hours ago");
    expect(formatRelativeTime(ago(3 * 86_400), NOW)).toBe("3 days ago");
    expect(formatRelativeTime(ago(8 * 86_400), NOW)).toBe("last week");
    expect(formatRelativeTime(ago(400 * 86_400), NOW)).toBe("last year");
  });

  it("reads future times, a 24-hour grace period in hours", () => {
    expect(formatRelativeTime(ahead(24 * 3600), NOW)).toBe("in 24 hours");
    expect(formatRelativeTime(ahead(24 * 3600 - 30), NOW), "a few seconds after a rotation").toBe("in 24 hours");
    expect(formatRelativeTime(ahead(3 * 86_400), NOW)).toBe("in 3 days");
    expect(formatRelativeTime(ahead(20), NOW)).toBe("in less than a minute");
  });

  it("answers an empty text for an unreadable date", () => {
    expect(formatRelativeTime("not a date", NOW)).toBe("");
  });
});

describe("key rows", () => {
  it("says Never for a key that was never used", () => {
    expect(formatLastUsed(null, NOW)).toBe("Never");
    expect(formatLastUsed(ago(120), NOW)).toBe("2 minutes ago");
  });

  it("reads a creation or use slightly after `now` (a stale clock) as just now", () => {
    expect(formatPastTime(ahead(30), NOW)).toBe("just now");
    expect(formatLastUsed(ahead(3600), NOW)).toBe("just now");
    expect(formatPastTime(ago(3 * 86_400), NOW)).toBe("3 days ago");
  });

  it("is expired once the expiry has passed, whatever is_active says", () => {
    expect(keyStatus({ is_active: true, expires_at: null }, NOW)).toBe("active");
    expect(keyStatus({ is_active: true, expires_at: ahead(60) }, NOW)).toBe("active");
    expect(keyStatus({ is_active: true, expires_at: ago(1) }, NOW)).toBe("expired");
    expect(keyStatus({ is_active: false, expires_at: null }, NOW)).toBe("inactive");
  });

  it("describes the expiry in both directions, and nothing without one", () => {
    expect(formatExpiry(null, NOW)).toBeNull();
    expect(formatExpiry(ahead(24 * 3600), NOW)).toBe("Expires in 24 hours");
    expect(formatExpiry(ago(3 * 86_400), NOW)).toBe("Expired 3 days ago");
  });

  it("gives the exact time in UTC", () => {
    // ICU versions differ in the space before "PM" (U+0020 or U+202F).
    expect(formatAbsoluteTime("2030-06-15T14:05:00Z").replace(/\s/g, " ")).toBe("Jun 15, 2030, 2:05 PM UTC");
  });
});
