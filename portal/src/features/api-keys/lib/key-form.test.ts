import { describe, expect, it } from "vitest";
import { KEY_NAME_REQUIRED } from "../../../../../core/contracts/api-keys";
import {
  DEFAULT_CREATE_KEY_VALUES,
  DEFAULT_GRACE_HOURS,
  EXPIRY_INVALID_MESSAGE,
  EXPIRY_IN_PAST_MESSAGE,
  earliestExpiryDate,
  expiryFromDate,
  validateCreateKey,
} from "./key-form";

const NOW = Date.parse("2030-06-15T12:00:00Z");

describe("validateCreateKey", () => {
  it("sends the defaults: a live Read & Write key without cap or expiry, the name trimmed", () => {
    expect(validateCreateKey({ ...DEFAULT_CREATE_KEY_VALUES, name: "  CI key " }, NOW)).toEqual({
      ok: true,
      data: { name: "CI key", mode: "live", permission: "write", monthly_cap: null, expires_at: null },
    });
  });

  it("asks for a name when it is empty after trimming (SPEC section 5)", () => {
    expect(KEY_NAME_REQUIRED).toBe("Please enter a key name");
    expect(validateCreateKey({ ...DEFAULT_CREATE_KEY_VALUES, name: "   " }, NOW)).toEqual({
      ok: false,
      errors: { name: [KEY_NAME_REQUIRED] },
    });
  });

  it("sends the chosen mode, permission and cap", () => {
    const result = validateCreateKey({ name: "Reader", mode: "test", permission: "read", monthly_cap: "5000", expires_at: "" }, NOW);
    expect(result).toEqual({
      ok: true,
      data: { name: "Reader", mode: "test", permission: "read", monthly_cap: 5000, expires_at: null },
    });
  });

  it("turns an expiry day into the end of that day in UTC", () => {
    const result = validateCreateKey({ ...DEFAULT_CREATE_KEY_VALUES, name: "Temp", expires_at: "2030-07-01" }, NOW);
    expect(result.ok && result.data.expires_at).toBe("2030-07-01T23:59:59Z");
  });

  it("accepts today (it ends in the future) and refuses past or impossible days", () => {
    expect(validateCreateKey({ ...DEFAULT_CREATE_KEY_VALUES, name: "k", expires_at: "2030-06-15" }, NOW).ok).toBe(true);
    expect(validateCreateKey({ ...DEFAULT_CREATE_KEY_VALUES, name: "k", expires_at: "2030-06-14" }, NOW)).toEqual({
      ok: false,
      errors: { expires_at: [EXPIRY_IN_PAST_MESSAGE] },
    });
    expect(validateCreateKey({ ...DEFAULT_CREATE_KEY_VALUES, name: "", expires_at: "2030-02-30" }, NOW)).toEqual({
      ok: false,
      errors: { name: [KEY_NAME_REQUIRED], expires_at: [EXPIRY_INVALID_MESSAGE] },
    });
  });
});

describe("expiry dates", () => {
  it("parses only real calendar days", () => {
    expect(expiryFromDate("2032-02-29")).toBe("2032-02-29T23:59:59Z");
    expect(expiryFromDate("2031-02-29")).toBeNull();
    expect(expiryFromDate("tomorrow")).toBeNull();
  });

  it("offers today's UTC date as the earliest day", () => {
    expect(earliestExpiryDate(Date.parse("2030-06-15T23:30:00-05:00"))).toBe("2030-06-16");
  });

  it("defaults the rotation grace period to 24 hours", () => {
    expect(DEFAULT_GRACE_HOURS).toBe(24);
  });
});
