import { describe, expect, it } from "vitest";
import { BASE58_ALPHABET, encodeBase58Fixed, isId, newId } from "./ids.js";

describe("ids", () => {
  it("have the prefix and 22 base58 characters", () => {
    const id = newId("wf");
    expect(id).toMatch(new RegExp(`^wf_[${BASE58_ALPHABET}]{22}$`));
    expect(isId("wf", id)).toBe(true);
    expect(isId("exec", id)).toBe(false);
    expect(isId("wf", "wf_0OIl000000000000000000")).toBe(false);
  });

  it("sort by creation time", () => {
    const earlier = newId("usr", Date.UTC(2026, 0, 1));
    const later = newId("usr", Date.UTC(2026, 0, 1) + 1);
    expect(earlier < later).toBe(true);
    const ids = Array.from({ length: 50 }, (_, i) => newId("evt", 1_700_000_000_000 + i * 1_000));
    expect([...ids].sort()).toEqual(ids);
  });

  it("do not repeat", () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => newId("key", 1_700_000_000_000)));
    expect(ids.size).toBe(10_000);
  });

  it("encode fixed-width base58 with leading padding", () => {
    expect(encodeBase58Fixed(new Uint8Array([0]), 3)).toBe("111");
    expect(encodeBase58Fixed(new Uint8Array([57]), 2)).toBe("1z");
    expect(encodeBase58Fixed(new Uint8Array([58]), 2)).toBe("21");
    expect(() => encodeBase58Fixed(new Uint8Array([255, 255]), 2)).toThrow(RangeError);
  });
});
