import { describe, expect, it } from "vitest";
import { MISSING_CREDENTIALS_MESSAGE, PASSWORD_TOO_SHORT_MESSAGE } from "../../../../../core/contracts/auth-requests";
import {
  PASSWORDS_DO_NOT_MATCH_MESSAGE,
  TERMS_REQUIRED_MESSAGE,
  validateEmailRequest,
  validateNewPassword,
  validateSignIn,
  validateSignUp,
} from "./auth-forms";

const goodSignUp = { full_name: "Ada Lovelace", email: " ada@example.com ", password: "analytical", confirm_password: "analytical", terms: true };

describe("validateSignUp", () => {
  it("accepts a complete form and sends only the request fields, trimmed", () => {
    expect(validateSignUp(goodSignUp)).toEqual({
      ok: true,
      data: { full_name: "Ada Lovelace", email: "ada@example.com", password: "analytical" },
    });
  });

  it("requires every field", () => {
    const result = validateSignUp({ full_name: " ", email: "", password: "", confirm_password: "", terms: false });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors)).toEqual(["full_name", "email", "password", "confirm_password", "terms"]);
    expect(result.errors.email).toEqual([MISSING_CREDENTIALS_MESSAGE]);
    expect(result.errors.terms).toEqual([TERMS_REQUIRED_MESSAGE]);
  });

  it("reports a short password and a mismatched confirmation with the spec's texts", () => {
    const result = validateSignUp({ ...goodSignUp, password: "abc", confirm_password: "abd" });
    expect(result).toEqual({
      ok: false,
      errors: { password: [PASSWORD_TOO_SHORT_MESSAGE], confirm_password: [PASSWORDS_DO_NOT_MATCH_MESSAGE] },
    });
    expect(PASSWORD_TOO_SHORT_MESSAGE).toBe("Password must be at least 6 characters long");
    expect(PASSWORDS_DO_NOT_MATCH_MESSAGE).toBe("Passwords do not match");
  });

  it("refuses an unticked terms box even when everything else is right", () => {
    expect(validateSignUp({ ...goodSignUp, terms: false })).toEqual({ ok: false, errors: { terms: [TERMS_REQUIRED_MESSAGE] } });
  });
});

describe("validateSignIn", () => {
  it("sends email, password and the remember-me choice", () => {
    expect(validateSignIn({ email: "ada@example.com", password: "x", remember: true })).toEqual({
      ok: true,
      data: { email: "ada@example.com", password: "x", remember: true },
    });
  });

  it("requires email and password and checks the address's shape", () => {
    expect(validateSignIn({ email: "", password: "", remember: false })).toEqual({
      ok: false,
      errors: { email: [MISSING_CREDENTIALS_MESSAGE], password: [MISSING_CREDENTIALS_MESSAGE] },
    });
    expect(validateSignIn({ email: "ada", password: "x", remember: false })).toEqual({
      ok: false,
      errors: { email: ["Please enter a valid email address"] },
    });
  });
});

describe("validateEmailRequest", () => {
  it("asks for the address when it is empty", () => {
    expect(validateEmailRequest({ email: "  " })).toEqual({ ok: false, errors: { email: ["Please enter your email address"] } });
  });
});

describe("validateNewPassword", () => {
  it("applies the sign-up password rules and the confirmation", () => {
    expect(validateNewPassword({ token: "t", password: "12345", confirm_password: "" })).toEqual({
      ok: false,
      errors: { password: [PASSWORD_TOO_SHORT_MESSAGE], confirm_password: ["Please confirm your password"] },
    });
    expect(validateNewPassword({ token: "t", password: "long enough", confirm_password: "long enough" })).toEqual({
      ok: true,
      data: { token: "t", password: "long enough" },
    });
  });
});
