import { describe, expect, it } from "vitest";
import { weakPasswordReasons } from "./password-policy.js";

const email = "Ada.Lovelace@example.com";

describe("weakPasswordReasons", () => {
  it("accepts an ordinary unique password", () => {
    expect(weakPasswordReasons("velvet-harbor-42", { email })).toEqual([]);
  });

  it("refuses common passwords whatever their case", () => {
    expect(weakPasswordReasons("Password1", { email })).toEqual(["Password is too common; choose one that is harder to guess"]);
    expect(weakPasswordReasons("QWERTY", { email })).toHaveLength(1);
  });

  it("refuses the e-mail address and its local part", () => {
    expect(weakPasswordReasons("ada.lovelace@example.com", { email })).toContain("Password must not be your email address");
    expect(weakPasswordReasons("ADA.LOVELACE", { email })).toContain("Password must not be your email address");
  });

  it("refuses one repeated character and lists every reason", () => {
    expect(weakPasswordReasons("zzzzzzzz", { email })).toEqual(["Password must not be one character repeated"]);
    expect(weakPasswordReasons("111111", { email })).toEqual([
      "Password is too common; choose one that is harder to guess",
      "Password must not be one character repeated",
    ]);
  });
});
