import { describe, expect, it } from "vitest";
import { safeReturnPath, signInPathReturningTo } from "./return-path.js";

describe("safeReturnPath", () => {
  it("keeps a same-origin path with its query and hash", () => {
    expect(safeReturnPath("/dashboard?section=billing")).toBe("/dashboard?section=billing");
    expect(safeReturnPath("/checkout?plan=pro#top")).toBe("/checkout?plan=pro#top");
  });

  it.each([
    ["missing", null],
    ["empty", ""],
    ["protocol-relative", "//evil.example/x"],
    ["absolute https", "https://evil.example/"],
    ["javascript scheme", "javascript:alert(1)"],
    ["backslash host", "/\\evil.example"],
    ["backslash anywhere", "/dashboard\\..\\x"],
    ["tab inside", "/\t/evil.example"],
    ["relative without slash", "dashboard"],
    ["the sign-in page itself", "/signin?next=/dashboard"],
  ])("refuses %s", (_name, raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });
});

describe("signInPathReturningTo", () => {
  it("encodes the path into the next parameter", () => {
    expect(signInPathReturningTo("/dashboard?section=billing")).toBe("/signin?next=%2Fdashboard%3Fsection%3Dbilling");
  });

  it("drops an unsafe path", () => {
    expect(signInPathReturningTo("//evil.example")).toBe("/signin");
  });
});
