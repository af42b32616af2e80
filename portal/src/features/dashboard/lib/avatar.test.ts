import { describe, expect, it } from "vitest";
import { avatarInitials, ownOriginImage } from "./avatar";

describe("the avatar's letters", () => {
  it("are the first letters of the first and last names", () => {
    expect(avatarInitials("Ada Lovelace", "ada@example.test")).toBe("AL");
    expect(avatarInitials("  grace brewster murray hopper ", "g@example.test")).toBe("GH");
    expect(avatarInitials("Zoë", "z@example.test")).toBe("Z");
  });

  it("fall back to the e-mail's first letter without a name", () => {
    expect(avatarInitials(null, "linus@example.test")).toBe("L");
    expect(avatarInitials("   ", "margaret@example.test")).toBe("M");
  });

  it("keep letters outside the basic plane whole", () => {
    expect(avatarInitials("𝒜da Byron", "a@example.test")).toBe("𝒜B");
  });
});

describe("the avatar's picture", () => {
  const origin = "https://sluice.example";

  it("is used when the portal's own origin serves it", () => {
    expect(ownOriginImage("/avatars/ada.png", origin)).toBe("https://sluice.example/avatars/ada.png");
    expect(ownOriginImage("https://sluice.example/avatars/ada.png", origin)).toBe("https://sluice.example/avatars/ada.png");
  });

  it("is dropped when it would be fetched from elsewhere, or there is none", () => {
    expect(ownOriginImage("https://avatars.githubusercontent.com/u/1", origin)).toBeNull();
    expect(ownOriginImage("//cdn.example/a.png", origin)).toBeNull();
    expect(ownOriginImage("javascript:alert(1)", origin)).toBeNull();
    expect(ownOriginImage(null, origin)).toBeNull();
    expect(ownOriginImage("", origin)).toBeNull();
  });
});
