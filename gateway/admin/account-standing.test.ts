import { describe, expect, it } from "vitest";
import { statusBadge, subscriptionStatus } from "./account-standing.js";

const now = new Date("2026-11-21T12:00:00Z");
const days = (n: number) => new Date(now.getTime() + n * 86_400_000);

describe("account standing (admin)", () => {
  it("derives the subscription status in the spec's order", () => {
    expect(subscriptionStatus({ hasActiveSubscription: true, packageName: "free", expiresAt: days(-3), now })).toBe("active");
    expect(subscriptionStatus({ hasActiveSubscription: false, packageName: "starter", expiresAt: days(-1), now })).toBe("expired");
    expect(subscriptionStatus({ hasActiveSubscription: false, packageName: "starter", expiresAt: null, now })).toBe("active");
    expect(subscriptionStatus({ hasActiveSubscription: false, packageName: "starter", expiresAt: days(30), now })).toBe("active");
    expect(subscriptionStatus({ hasActiveSubscription: false, packageName: "free", expiresAt: null, now })).toBe("none");
    expect(subscriptionStatus({ hasActiveSubscription: false, packageName: null, expiresAt: null, now })).toBe("none");
  });

  it("badges a paid package expiring within 7 days, or already expired, as Expiring Soon", () => {
    expect(statusBadge({ packageName: "starter", expiresAt: days(7), now })).toBe("Expiring Soon");
    expect(statusBadge({ packageName: "starter", expiresAt: days(-2), now })).toBe("Expiring Soon");
    expect(statusBadge({ packageName: "starter", expiresAt: days(8), now })).toBe("Active");
    expect(statusBadge({ packageName: "enterprise", expiresAt: null, now })).toBe("Active");
    expect(statusBadge({ packageName: "free", expiresAt: null, now })).toBe("Free Plan");
    expect(statusBadge({ packageName: null, expiresAt: null, now })).toBe("Free Plan");
  });
});
