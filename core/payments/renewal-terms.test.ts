import { describe, expect, it } from "vitest";
import { dueReminder, graceEnd, renewalLink } from "./renewal-terms.js";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const expiry = new Date("2026-12-21T10:00:00Z");
const before = (ms: number) => new Date(expiry.getTime() - ms);

describe("renewal terms", () => {
  it("is due no reminder more than 7 days ahead, the 7-day one within 7 days, the 1-day one within a day, none after expiry", () => {
    expect(dueReminder(expiry, before(7 * DAY + 1))).toBeUndefined();
    expect(dueReminder(expiry, before(7 * DAY))).toBe(7);
    expect(dueReminder(expiry, before(DAY + 1))).toBe(7);
    expect(dueReminder(expiry, before(DAY))).toBe(1);
    expect(dueReminder(expiry, before(1))).toBe(1);
    expect(dueReminder(expiry, expiry)).toBeUndefined();
  });

  it("ends the grace 3 days after the expiry", () => {
    expect(graceEnd(expiry)).toEqual(new Date("2026-12-24T10:00:00Z"));
  });

  it("links to the dashboard checkout with the pricing page's parameters", () => {
    expect(renewalLink("https://sluice.example", { packageName: "professional_250000", requestLimit: 250_000, monthlyPriceCents: 390_00 }, "yearly")).toBe(
      "https://sluice.example/dashboard?plan=professional&tier=250000&period=yearly&amount=390&intent=renew",
    );
  });
});
