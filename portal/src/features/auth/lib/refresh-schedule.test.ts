import { describe, expect, it } from "vitest";
import {
  DEFAULT_ACCESS_LIFETIME_MS,
  MIN_REFRESH_SPACING_MS,
  REFRESH_LEAD_MS,
  accessWindowFrom,
  clockOffsetFrom,
  isRefreshDue,
  refreshDelay,
  refreshDueAt,
} from "./refresh-schedule";

const T0 = Date.parse("2026-03-01T12:00:00.000Z");
const MINUTE = 60_000;

describe("refreshDueAt", () => {
  it("refreshes a 15-minute token 90 seconds before it expires", () => {
    expect(refreshDueAt({ receivedAt: T0, expiresAt: T0 + 15 * MINUTE })).toBe(T0 + 15 * MINUTE - REFRESH_LEAD_MS);
  });

  it("refreshes a token shorter than twice the lead halfway through its life", () => {
    expect(refreshDueAt({ receivedAt: T0, expiresAt: T0 + 60_000 })).toBe(T0 + 30_000);
  });

  it("waits at least the minimum spacing, even for a token that looks already expired", () => {
    expect(refreshDueAt({ receivedAt: T0, expiresAt: T0 - MINUTE })).toBe(T0 + MIN_REFRESH_SPACING_MS);
  });
});

describe("refreshDelay and isRefreshDue", () => {
  const window = { receivedAt: T0, expiresAt: T0 + 15 * MINUTE };

  it("counts down to the due time and is not due before it", () => {
    expect(refreshDelay(window, T0 + MINUTE)).toBe(12.5 * MINUTE);
    expect(isRefreshDue(window, T0 + 13 * MINUTE)).toBe(false);
  });

  it("is due (delay 0) from the due time on, e.g. when a throttled tab wakes up late", () => {
    expect(isRefreshDue(window, T0 + 13.5 * MINUTE)).toBe(true);
    expect(refreshDelay(window, T0 + 20 * MINUTE)).toBe(0);
  });
});

describe("accessWindowFrom", () => {
  it("moves the server's expiry onto a browser clock that runs 5 minutes behind", () => {
    const serverNow = T0;
    const browserNow = T0 - 5 * MINUTE;
    const offset = clockOffsetFrom(new Date(serverNow).toUTCString(), browserNow);
    const window = accessWindowFrom(new Date(serverNow + 15 * MINUTE).toISOString(), browserNow, offset);
    expect(window.expiresAt - browserNow).toBe(15 * MINUTE);
    expect(refreshDelay(window, browserNow)).toBe(15 * MINUTE - REFRESH_LEAD_MS);
  });

  it("assumes the default lifetime when the expiry cannot be read", () => {
    expect(accessWindowFrom("not a date", T0, 0)).toEqual({ receivedAt: T0, expiresAt: T0 + DEFAULT_ACCESS_LIFETIME_MS });
  });
});

describe("clockOffsetFrom", () => {
  it("is 0 without a readable Date header", () => {
    expect(clockOffsetFrom(null, T0)).toBe(0);
    expect(clockOffsetFrom("yesterday-ish", T0)).toBe(0);
  });

  it("is positive when the browser clock runs ahead of the server", () => {
    expect(clockOffsetFrom(new Date(T0).toUTCString(), T0 + 7_000)).toBe(7_000);
  });
});
