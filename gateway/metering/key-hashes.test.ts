import { describe, expect, it } from "vitest";
import { generateKey, hashKey } from "../../core/keys/key-format.js";
import { createKeyHashes } from "./key-hashes.js";

describe("key hashes of presented keys", () => {
  it("gives each well-formed key its own SHA-256, the same on every request", () => {
    const keyHashOf = createKeyHashes();
    const [first, second] = [generateKey("live"), generateKey("test")];
    for (let round = 0; round < 3; round++) {
      expect(keyHashOf(first)).toBe(hashKey(first).toString("hex"));
      expect(keyHashOf(second)).toBe(hashKey(second).toString("hex"));
    }
    expect(keyHashOf("ak_previousPlatformKey123")).toBe(hashKey("ak_previousPlatformKey123").toString("hex"));
  });

  it("refuses malformed keys and bad checksums every time, also next to a remembered key", () => {
    const keyHashOf = createKeyHashes();
    const key = generateKey("live");
    const mistyped = `${key.slice(0, -1)}${key.endsWith("z") ? "y" : "z"}`;
    expect(keyHashOf(key)).not.toBeNull();
    for (let round = 0; round < 2; round++) {
      expect(keyHashOf(mistyped)).toBeNull();
      expect(keyHashOf("sk_live_short")).toBeNull();
      expect(keyHashOf("")).toBeNull();
    }
  });

  it("stays correct when more keys arrive than it remembers", () => {
    const keyHashOf = createKeyHashes();
    const keys = Array.from({ length: 10_050 }, () => generateKey("live"));
    for (const key of keys) keyHashOf(key);
    for (const key of [keys[0]!, keys[5_000]!, keys.at(-1)!]) expect(keyHashOf(key)).toBe(hashKey(key).toString("hex"));
  });
});
