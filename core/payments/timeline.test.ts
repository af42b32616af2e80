import { describe, expect, it } from "vitest";
import { addMonths, entitlementAt, layOutPeriods, type LaidPeriod, type PaidPeriodEntry } from "./timeline.js";

const DAY = 86_400_000;
const t0 = new Date("2026-11-01T00:00:00Z");
const at = (days: number) => new Date(t0.getTime() + days * DAY);
const GRACE = 3 * DAY;

function paid(id: string, planName: string, paidOnDay: number, options: { upgrade?: boolean; months?: number } = {}): PaidPeriodEntry {
  return { id, planName, length: { months: options.months ?? 1 }, startsImmediately: options.upgrade ?? false, paidAt: at(paidOnDay) };
}

const spans = (laid: LaidPeriod[]) => laid.map((p) => [p.id, p.planName, p.startsAt.toISOString().slice(0, 10), p.endsAt.toISOString().slice(0, 10)]);

describe("laying out paid periods", () => {
  it("adds calendar months in UTC, clamping to the end of a shorter month", () => {
    expect(addMonths(new Date("2026-01-31T12:30:00Z"), 1).toISOString()).toBe("2026-02-28T12:30:00.000Z");
    expect(addMonths(new Date("2026-11-21T08:00:00Z"), 12).toISOString()).toBe("2027-11-21T08:00:00.000Z");
    expect(addMonths(new Date("2024-02-29T00:00:00Z"), 36).toISOString()).toBe("2027-02-28T00:00:00.000Z");
  });

  it("runs two payments of the same moment one after the other, whichever committed first", () => {
    const a = paid("per_a", "professional_100000", 0);
    const b = paid("per_b", "professional_100000", 0);
    for (const order of [[a, b], [b, a]]) {
      expect(spans(layOutPeriods(order))).toEqual([
        ["per_a", "professional_100000", "2026-11-01", "2026-12-01"],
        ["per_b", "professional_100000", "2026-12-01", "2027-01-01"],
      ]);
    }
  });

  it("starts an upgrade when paid and cuts what ran then, a downgrade where the paid time ends", () => {
    const laid = layOutPeriods([paid("per_a", "starter", 0), paid("per_b", "starter", 5), paid("per_c", "professional_100000", 10, { upgrade: true })]);
    expect(spans(laid)).toEqual([
      ["per_a", "starter", "2026-11-01", "2026-11-11"],
      // Not begun when the upgrade was paid: credited in full, nothing left of it.
      ["per_b", "starter", "2026-12-01", "2026-12-01"],
      ["per_c", "professional_100000", "2026-11-11", "2026-12-11"],
    ]);
    const downgrade = layOutPeriods([paid("per_a", "professional_250000", 0), paid("per_b", "starter", 3)]);
    expect(spans(downgrade)[1]).toEqual(["per_b", "starter", "2026-12-01", "2027-01-01"]);
  });

  it("closes the gap a removed period leaves, never starting a period before it was paid", () => {
    // The first payment reversed after a renewal: the renewal's month runs from its payment.
    expect(spans(layOutPeriods([paid("per_b", "starter", 20)]))).toEqual([["per_b", "starter", "2026-11-21", "2026-12-21"]]);
    // A downgrade whose running plan is refunded starts when it was paid.
    expect(spans(layOutPeriods([paid("per_b", "starter", 3)]))).toEqual([["per_b", "starter", "2026-11-04", "2026-12-04"]]);
  });
});

describe("the entitlement at a moment", () => {
  const laid = layOutPeriods([paid("per_a", "starter", 0), paid("per_b", "starter", 20), paid("per_c", "professional_100000", 25)]);

  it("is the period in force, with the unbroken run of its plan and the plan that follows", () => {
    // per_c is not an upgrade: it follows the paid time, as a downgrade does.
    const entitlement = entitlementAt(laid, at(10), GRACE);
    expect(entitlement).toMatchObject({ kind: "paid", pastDue: false, current: { id: "per_a" }, runEnd: new Date("2027-01-01T00:00:00Z"), next: { id: "per_c" } });
  });

  it("shows the period running now, not the renewal after it", () => {
    const entitlement = entitlementAt(laid, at(35), GRACE);
    expect(entitlement).toMatchObject({ kind: "paid", current: { id: "per_b", startsAt: new Date("2026-12-01T00:00:00Z") } });
  });

  it("is past due within the grace days after the last period, and none after them", () => {
    const single = layOutPeriods([paid("per_a", "starter", 0)]);
    expect(entitlementAt(single, at(31), GRACE)).toMatchObject({ kind: "paid", pastDue: true, current: { id: "per_a" } });
    expect(entitlementAt(single, at(33), GRACE)).toEqual({ kind: "none" });
    expect(entitlementAt([], at(0), GRACE)).toEqual({ kind: "none" });
  });

  it("skips a period an upgrade credited in full", () => {
    const upgraded = layOutPeriods([paid("per_a", "starter", 0), paid("per_b", "starter", 5), paid("per_c", "professional_100000", 10, { upgrade: true })]);
    expect(entitlementAt(upgraded, at(20), GRACE)).toMatchObject({ current: { id: "per_c" }, runEnd: at(40), next: undefined });
  });
});
