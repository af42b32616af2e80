import { describe, expect, it } from "vitest";
import { displayNameOf, homePathFor } from "./account";

describe("homePathFor", () => {
  it("sends admins to the admin dashboard and everyone else to the dashboard", () => {
    expect(homePathFor("admin")).toBe("/admin-dashboard");
    expect(homePathFor("user")).toBe("/dashboard");
  });
});

describe("displayNameOf", () => {
  it("prefers the full name and falls back to the e-mail's local part", () => {
    expect(displayNameOf({ full_name: "Ada Lovelace" }, "ada@example.com")).toBe("Ada Lovelace");
    expect(displayNameOf({ full_name: "  " }, "ada@example.com")).toBe("ada");
    expect(displayNameOf(null, "grace@example.com")).toBe("grace");
  });
});
