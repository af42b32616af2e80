import { describe, expect, it } from "vitest";
import { checkCard, checkPhone, isCurrentExpiry, passesLuhn } from "./payment-method-checks.js";

const NOW = new Date("2026-11-21T10:00:00Z");
const card = { number: "4111 1111 1111 1111", expiry: "12/30", cvv: "123", name: "Ada Lovelace" };

describe("sandbox payment method checks", () => {
  it("applies the Luhn check", () => {
    expect(passesLuhn("4111111111111111")).toBe(true);
    expect(passesLuhn("4000000000000002")).toBe(true);
    expect(passesLuhn("5555555555554444")).toBe(true);
    expect(passesLuhn("4111111111111112")).toBe(false);
    expect(passesLuhn("41111111111a1111")).toBe(false);
  });

  it("accepts an expiry of this month or later, and nothing in the past or malformed", () => {
    expect(isCurrentExpiry("11/26", NOW)).toBe(true);
    expect(isCurrentExpiry("01/27", NOW)).toBe(true);
    expect(isCurrentExpiry("10/26", NOW)).toBe(false);
    expect(isCurrentExpiry("13/30", NOW)).toBe(false);
    expect(isCurrentExpiry("00/30", NOW)).toBe(false);
    expect(isCurrentExpiry("1/30", NOW)).toBe(false);
  });

  it("masks all but the last four digits and names the brand", () => {
    expect(checkCard(card, NOW)).toEqual({ ok: true, value: { method: "Visa", account: "************1111", declined: false } });
    expect(checkCard({ ...card, number: "5555-5555-5555-4444" }, NOW)).toMatchObject({ ok: true, value: { method: "MasterCard", account: "************4444" } });
  });

  it("marks the documented declined card as declined", () => {
    expect(checkCard({ ...card, number: "4000 0000 0000 0002" }, NOW)).toMatchObject({ ok: true, value: { declined: true } });
  });

  it("reports every invalid card field at once", () => {
    const result = checkCard({ number: "4111 1111 1111 1112", expiry: "01/20", cvv: "12345", name: "" }, NOW);
    expect(result.ok).toBe(false);
    expect(!result.ok && Object.keys(result.errors).sort()).toEqual(["card_cvv", "card_expiry", "card_name", "card_number"]);
  });

  it("checks phone numbers, masks them, and declines those ending in 0000", () => {
    expect(checkPhone("+254 712 345 678")).toEqual({ ok: true, value: { method: "MpesaKE", account: "2547****5678", declined: false } });
    expect(checkPhone("+254712340000")).toMatchObject({ ok: true, value: { declined: true } });
    expect(checkPhone("12ab")).toMatchObject({ ok: false, errors: { phone_number: expect.any(String) } });
    expect(checkPhone("12345")).toMatchObject({ ok: false });
  });
});
