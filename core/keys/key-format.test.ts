import { describe, expect, it } from "vitest";
import { generateKey, hashKey, keyDisplayParts, parseKey } from "./key-format.js";

describe("API key format", () => {
  it("generates live and test keys that parse back to their mode", () => {
    const live = generateKey("live");
    const test = generateKey("test");
    expect(live).toMatch(/^sk_live_[1-9A-HJ-NP-Za-km-z]{39}$/);
    expect(parseKey(live)).toEqual({ kind: "sk", mode: "live" });
    expect(parseKey(test)).toEqual({ kind: "sk", mode: "test" });
  });

  it("never repeats", () => {
    const keys = new Set(Array.from({ length: 2_000 }, () => generateKey("live")));
    expect(keys.size).toBe(2_000);
  });

  it("rejects a key with any one character changed, without a lookup", () => {
    const key = generateKey("live");
    let rejected = 0;
    for (let i = 8; i < key.length; i++) {
      const replacement = key[i] === "z" ? "y" : "z";
      if (parseKey(`${key.slice(0, i)}${replacement}${key.slice(i + 1)}`) === null) rejected++;
    }
    expect(rejected).toBe(key.length - 8);
  });

  it("rejects a live key relabelled as test, wrong lengths and foreign prefixes", () => {
    const key = generateKey("live");
    expect(parseKey(key.replace("sk_live_", "sk_test_"))).toBeNull();
    expect(parseKey(key.slice(0, -1))).toBeNull();
    expect(parseKey(`${key}1`)).toBeNull();
    expect(parseKey("pk_live_abc")).toBeNull();
    expect(parseKey("")).toBeNull();
  });

  it("accepts keys of the previous platform as live", () => {
    expect(parseKey("ak_1717000000000_f3a9c2e1b7d4")).toEqual({ kind: "ak", mode: "live" });
    expect(parseKey("ak_short")).toBeNull();
  });

  it("hashes with SHA-256 and keeps only the first 8 and last 4 characters for display", () => {
    const key = generateKey("test");
    expect(hashKey(key)).toHaveLength(32);
    expect(keyDisplayParts(key)).toEqual({ prefix: "sk_test_", last4: key.slice(-4) });
  });
});
