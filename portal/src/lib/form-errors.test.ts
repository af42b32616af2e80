import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldErrorsFromDetails, fieldErrorsFromIssues, firstInvalidField, hasFieldErrors } from "./form-errors";

const FIELDS = ["email", "password"] as const;

describe("fieldErrorsFromDetails", () => {
  it("keeps every reason given for a field, in order, and drops unknown fields", () => {
    const errors = fieldErrorsFromDetails(
      [
        { field: "password", message: "Password is too common" },
        { field: "password", message: "Password must not be your email address" },
        { field: "token", message: "The link is missing its token" },
      ],
      FIELDS,
    );
    expect(errors).toEqual({ password: ["Password is too common", "Password must not be your email address"] });
  });
});

describe("fieldErrorsFromIssues", () => {
  it("keeps only the first message per field", () => {
    const schema = z.object({ email: z.string().min(1, "Required").email("Not an email"), password: z.string().min(6, "Too short") });
    const result = schema.safeParse({ email: "", password: "abc" });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrorsFromIssues(result.error.issues, FIELDS)).toEqual({ email: ["Required"], password: ["Too short"] });
  });
});

describe("firstInvalidField and hasFieldErrors", () => {
  it("follow the form's order, not the order errors were found in", () => {
    const errors = { password: ["Too short"], email: ["Required"] };
    expect(firstInvalidField(errors, FIELDS)).toBe("email");
    expect(hasFieldErrors(errors)).toBe(true);
    expect(hasFieldErrors({ email: [] })).toBe(false);
    expect(firstInvalidField({}, FIELDS)).toBeUndefined();
  });
});
