import { describe, expect, it } from "vitest";
import { accountBillingDetails, defaultBillingValues, validateBilling } from "./checkout-form";

describe("the checkout billing form", () => {
  it("starts from the account's name and e-mail, in the US", () => {
    expect(defaultBillingValues({ email: "ada@example.test", fullName: "Ada King Lovelace" })).toMatchObject({
      first_name: "Ada",
      last_name: "King Lovelace",
      email: "ada@example.test",
      country: "US",
    });
  });

  it("sends trimmed details with the optional fields left out when empty", () => {
    const result = validateBilling({ ...defaultBillingValues({ email: " ada@example.test ", fullName: "Ada Lovelace" }), country: "ke" });
    expect(result).toEqual({ ok: true, data: { first_name: "Ada", last_name: "Lovelace", email: "ada@example.test", country: "KE" } });
  });

  it("reports the contract's messages on the fields", () => {
    const result = validateBilling({ ...defaultBillingValues({}), email: "nope", phone: "call me" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      first_name: ["First name is required"],
      last_name: ["Last name is required"],
      email: ["Enter a valid email address"],
      phone: ["Enter a valid phone number"],
    });
  });
});

describe("accountBillingDetails", () => {
  it("splits the profile's name and defaults the country to US", () => {
    expect(accountBillingDetails({ email: "ada@example.test", fullName: "Ada King Lovelace" })).toEqual({
      first_name: "Ada",
      last_name: "King Lovelace",
      email: "ada@example.test",
      country: "US",
    });
  });

  it("uses the e-mail's local part for missing names", () => {
    expect(accountBillingDetails({ email: "ada@example.test", fullName: null })).toMatchObject({ first_name: "ada", last_name: "ada" });
    expect(accountBillingDetails({ email: "ada@example.test", fullName: "Ada" })).toMatchObject({ first_name: "Ada", last_name: "Ada" });
  });
});
