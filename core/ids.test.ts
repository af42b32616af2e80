import { describe, expect, it } from "vitest";
import { BASE58_ALPHABET, encodeBase58Fixed, idPattern, isId, newId, newRequestId } from "./ids.js";

describe("ids", () => {
  it("have the prefix and 22 base58 characters", () => {
    const id = newId("wf");
    expect(id).toMatch(new RegExp(`^wf_[${BASE58_ALPHABET}]{22}$`));
    expect(isId("wf", id)).toBe(true);
    expect(isId("exec", id)).toBe(false);
    expect(isId("wf", "wf_0OIl000000000000000000")).toBe(false);
  });

  it("match their kind's pattern whole, and nothing else does", () => {
    const pattern = idPattern("whe");
    expect(pattern.test(newId("whe"))).toBe(true);
    for (const other of [newId("wf"), `${newId("whe")}x`, `x${newId("whe")}`, newId("whe").slice(0, -1), `whe_${"0".repeat(22)}`, `whe_${"1".repeat(21)}\u0000`, "whe_"]) {
      expect(pattern.test(other), other).toBe(false);
    }
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

  it("make request ids shaped like ids, one part fixed per process and one random", () => {
    const ids = Array.from({ length: 10_000 }, () => newRequestId());
    for (const id of ids.slice(0, 100)) expect(isId("req", id)).toBe(true);
    expect(new Set(ids).size).toBe(10_000);
    expect(new Set(ids.map((id) => id.slice(0, 15))).size).toBe(1);
    expect(new Set(ids.map((id) => id.slice(15))).size).toBe(10_000);
  });

  it("encode fixed-width base58 with leading padding", () => {
    expect(encodeBase58Fixed(new Uint8Array([0]), 3)).toBe("111");
    expect(encodeBase58Fixed(new Uint8Array([57]), 2)).toBe("1z");
    expect(encodeBase58Fixed(new Uint8Array([58]), 2)).toBe("21");
    expect(() => encodeBase58Fixed(new Uint8Array([255, 255]), 2)).toThrow(RangeError);
  });

  it("encode like plain big-number base conversion, for every length the platform uses", () => {
    const reference = (bytes: Uint8Array, length: number) => {
      let value = 0n;
      for (const byte of bytes) value = (value << 8n) | BigInt(byte);
      let out = "";
      for (; value > 0n; value /= 58n) out = BASE58_ALPHABET[Number(value % 58n)] + out;
      return out.padStart(length, "1");
    };
    const cases: Array<[number, number]> = [[4, 6], [16, 22], [24, 33], [5, 7]];
    for (const [size, length] of cases) {
      for (let i = 0; i < 500; i++) {
        const bytes = crypto.getRandomValues(new Uint8Array(size));
        if (i % 5 === 0) bytes.fill(0, 0, i % size);
        if (i === 1) bytes.fill(255);
        expect(encodeBase58Fixed(bytes, length)).toBe(reference(bytes, length));
      }
    }
  });
});
