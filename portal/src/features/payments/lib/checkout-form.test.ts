import { describe, expect, it } from "vitest";
import { defaultBillingValues, validateBilling } from "./checkout-form";

const ADDRESS = { address: "1 Main Street", city: "Springfield", state: "IL", postal_code: "62701" };

describe("the checkout billing form", () => {
  it("starts from the account's name and e-mail, in the US", () => {
    expect(defaultBillingValues({ email: "ada@example.test", fullName: "Ada King Lovelace" })).toMatchObject({
      first_name: "Ada",
      last_name: "King Lovelace",
      email: "ada@example.test",
      country: "US",
    });
  });

  it("sends trimmed details with the optional phone left out when empty", () => {
    const result = validateBilling({ ...defaultBillingValues({ email: " ada@example.test ", fullName: "Ada Lovelace" }), ...ADDRESS, city: " Springfield ", country: "ke" });
    expect(result).toEqual({ ok: true, data: { first_name: "Ada", last_name: "Lovelace", email: "ada@example.test", country: "KE", ...ADDRESS } });
  });

  it("reports the contract's messages on the fields: address, city, state and ZIP are required (SPEC)", () => {
    const result = validateBilling({ ...defaultBillingValues({}), email: "nope", phone: "call me" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      first_name: ["First name is required"],
      last_name: ["Last name is required"],
      email: ["Enter a valid email address"],
      phone: ["Enter a valid phone number"],
      address: ["Address is required"],
      city: ["City is required"],
      state: ["State is required"],
      postal_code: ["ZIP / Postal code is required"],
    });
  });

  it("refuses a withdrawn country code", () => {
    const result = validateBilling({ ...defaultBillingValues({ email: "ada@example.test", fullName: "Ada Lovelace" }), ...ADDRESS, country: "DD" });
    expect(result).toEqual({ ok: false, errors: { country: ["Choose a country from the list"] } });
  });
});
