import { describe, expect, it } from "vitest";
import { deriveSubscription, isNearLimit, type SubscriptionRow } from "./subscription-state.js";

const now = new Date("2026-11-21T10:00:00Z");
const later = new Date("2026-12-21T10:00:00Z");
const earlier = new Date("2026-11-20T10:00:00Z");
const displayName = (name: string) => (name === "starter" ? "Starter" : null);
const subscription = (overrides: Partial<SubscriptionRow> = {}): SubscriptionRow => ({
  status: "active",
  plan_name: "starter",
  billing_period: "monthly",
  amount: 29_00,
  currency: "USD",
  next_billing_date: later,
  ...overrides,
});

describe("deriveSubscription", () => {
  it("is none for an account on free that never paid", () => {
    expect(deriveSubscription({ now, subscription: undefined, pkg: { package_name: "free", expires_at: null }, displayName, timeline: [] }).status).toBe("none");
  });

  it("is active from the live subscription, overdue once its expiry has passed", () => {
    const active = deriveSubscription({ now, subscription: subscription(), pkg: { package_name: "starter", expires_at: later }, displayName, timeline: [] });
    expect(active).toMatchObject({ status: "active", plan: "starter", plan_display_name: "Starter", period: "monthly", amount: 29_00, overdue: false });
    const pastDue = deriveSubscription({ now, subscription: subscription({ status: "past_due", next_billing_date: earlier }), pkg: { package_name: "starter", expires_at: earlier }, displayName, timeline: [] });
    expect(pastDue).toMatchObject({ status: "active", overdue: true, expires_at: earlier.toISOString() });
  });

  it("is expired after the plan ran out, from the package or the last subscription", () => {
    expect(deriveSubscription({ now, subscription: undefined, pkg: { package_name: "starter", expires_at: earlier }, displayName, timeline: [] })).toMatchObject({ status: "expired", overdue: true });
    const lapsed = deriveSubscription({ now, subscription: subscription({ status: "expired", next_billing_date: earlier }), pkg: { package_name: "free", expires_at: null }, displayName, timeline: [] });
    expect(lapsed).toMatchObject({ status: "expired", plan: "starter", next_billing_date: null });
  });

  it("is active for a paid package assigned without a subscription, and none after a cancelled one", () => {
    expect(deriveSubscription({ now, subscription: undefined, pkg: { package_name: "starter", expires_at: null }, displayName, timeline: [] })).toMatchObject({ status: "active", period: null });
    expect(deriveSubscription({ now, subscription: subscription({ status: "cancelled" }), pkg: { package_name: "free", expires_at: null }, displayName, timeline: [] }).status).toBe("none");
  });
});

describe("the subscription's current period", () => {
  const paid = (state: "current" | "upcoming", startsAt: Date, endsAt: Date) => ({
    billing_id: `bill_${state}`, invoice: "INV-2026-000001", plan: "starter", plan_display_name: "Starter", period: "monthly" as const, state,
    paid_at: earlier.toISOString(), starts_at: startsAt.toISOString(), ends_at: endsAt.toISOString(), removed_at: null, removal_reason: null,
  });

  it("is the period running now, not the renewal paid after it", () => {
    const afterRenewal = new Date("2027-01-21T10:00:00Z");
    const timeline = [paid("current", earlier, later), paid("upcoming", later, afterRenewal)];
    const active = deriveSubscription({ now, subscription: subscription({ next_billing_date: afterRenewal }), pkg: { package_name: "starter", expires_at: afterRenewal }, displayName, timeline });
    expect(active).toMatchObject({ current_period_start: earlier.toISOString(), current_period_end: later.toISOString(), next_billing_date: afterRenewal.toISOString() });
  });
});

describe("billing display helpers", () => {
  it("is near the limit at 95 % of a limited allowance only", () => {
    expect(isNearLimit(950, 1_000, 95)).toBe(true);
    expect(isNearLimit(949, 1_000, 95)).toBe(false);
    expect(isNearLimit(10, null, 95)).toBe(false);
  });
});
