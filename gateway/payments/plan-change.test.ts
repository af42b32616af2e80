import { describe, expect, it } from "vitest";
import { planChange, unusedCredit, type CurrentPlan } from "./plan-change.js";

const now = new Date("2026-11-21T10:00:00Z");
const starter = { packageName: "starter", monthlyPriceCents: 29_00 };
const pro100 = { packageName: "professional_100000", monthlyPriceCents: 190_00 };
const pro250 = { packageName: "professional_250000", monthlyPriceCents: 390_00 };

/** A plan paid from `start` to `end` at `priceCents`. */
function paidPlan(plan: { packageName: string; monthlyPriceCents: number }, start: string, end: string, priceCents: number): CurrentPlan {
  const endsAt = new Date(end);
  return { ...plan, expiresAt: endsAt, paidPeriods: [{ priceCents, startsAt: new Date(start), endsAt }] };
}

describe("plan change", () => {
  it("starts a first purchase now for one month, one year or three years", () => {
    expect(planChange({ now, current: undefined, target: starter, period: "monthly" })).toEqual({
      kind: "new",
      creditCents: 0,
      start: now,
      end: new Date("2026-12-21T10:00:00Z"),
    });
    const free = { packageName: "free", monthlyPriceCents: 0, expiresAt: null };
    expect(planChange({ now, current: free, target: starter, period: "yearly" }).end).toEqual(new Date("2027-11-21T10:00:00Z"));
    expect(planChange({ now, current: undefined, target: starter, period: "threeYears" }).end).toEqual(new Date("2029-11-21T10:00:00Z"));
  });

  it("runs a renewal on from the current end, and from now once the plan has expired", () => {
    const running = paidPlan(starter, "2026-11-01T00:00:00Z", "2026-12-01T00:00:00Z", 29_00);
    expect(planChange({ now, current: running, target: starter, period: "monthly" })).toMatchObject({
      kind: "renewal",
      creditCents: 0,
      start: new Date("2026-12-01T00:00:00Z"),
      end: new Date("2027-01-01T00:00:00Z"),
    });
    const lapsed = paidPlan(starter, "2026-10-01T00:00:00Z", "2026-11-01T00:00:00Z", 29_00);
    expect(planChange({ now, current: lapsed, target: starter, period: "monthly" })).toMatchObject({ kind: "renewal", start: now });
  });

  it("starts an upgrade now with the unused days of the paid period as credit", () => {
    // 30-day period, 10 whole days left (10 days and 14 hours): 10/30 of $29.
    const running = paidPlan(starter, "2026-11-02T00:00:00Z", "2026-12-02T00:00:00Z", 29_00);
    expect(planChange({ now, current: running, target: pro100, period: "monthly" })).toMatchObject({ kind: "upgrade", creditCents: 967, start: now });
    expect(planChange({ now, current: paidPlan(pro100, "2026-11-21T10:00:00Z", "2027-11-21T10:00:00Z", 1_824_00), target: pro250, period: "yearly" }).creditCents).toBe(
      1_824_00,
    );
  });

  it("gives no credit for a plan past its expiry, one assigned without a payment, or the last partial day", () => {
    const lapsed = paidPlan(starter, "2026-10-01T00:00:00Z", "2026-11-01T00:00:00Z", 29_00);
    expect(planChange({ now, current: lapsed, target: pro100, period: "monthly" })).toMatchObject({ kind: "new", creditCents: 0 });
    const assigned: CurrentPlan = { ...starter, expiresAt: new Date("2026-12-21T00:00:00Z") };
    expect(planChange({ now, current: assigned, target: pro100, period: "monthly" })).toMatchObject({ kind: "upgrade", creditCents: 0 });
    expect(unusedCredit(paidPlan(starter, "2026-10-22T00:00:00Z", "2026-11-22T00:00:00Z", 29_00), now)).toBe(0);
  });

  it("counts both periods of an early renewal in the credit", () => {
    // Paid again early: 9 whole days left of 2026-11-01..12-01, and all of 2026-12-01..2027-01-01.
    const renewed: CurrentPlan = {
      ...starter,
      expiresAt: new Date("2027-01-01T00:00:00Z"),
      paidPeriods: [
        { priceCents: 29_00, startsAt: new Date("2026-11-01T00:00:00Z"), endsAt: new Date("2026-12-01T00:00:00Z") },
        { priceCents: 29_00, startsAt: new Date("2026-12-01T00:00:00Z"), endsAt: new Date("2027-01-01T00:00:00Z") },
      ],
    };
    expect(unusedCredit(renewed, now)).toBe(Math.round((29_00 * 9) / 30) + 29_00);
  });

  it("starts a downgrade when the current period ends, with no credit", () => {
    const running = paidPlan(pro250, "2026-11-01T00:00:00Z", "2026-12-01T00:00:00Z", 390_00);
    expect(planChange({ now, current: running, target: pro100, period: "yearly" })).toEqual({
      kind: "downgrade",
      creditCents: 0,
      start: new Date("2026-12-01T00:00:00Z"),
      end: new Date("2027-12-01T00:00:00Z"),
    });
  });

  it("starts a cheaper plan now when the current one never ends, rather than never", () => {
    const forever: CurrentPlan = { packageName: "enterprise", monthlyPriceCents: 5_000_00, expiresAt: null };
    expect(planChange({ now, current: forever, target: pro100, period: "monthly" })).toMatchObject({ kind: "upgrade", start: now, creditCents: 0 });
  });
});
