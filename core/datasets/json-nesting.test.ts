import { describe, expect, it } from "vitest";
import { createNestingScanner } from "./json-nesting.js";

/** Feeds the text to a fresh scanner in chunks of `size` bytes; true once it goes past the limit. */
function deeperThan(text: string, limit: number, size = Number.POSITIVE_INFINITY): boolean {
  const scanner = createNestingScanner(limit);
  const bytes = Buffer.from(text);
  const step = Math.min(size, bytes.length || 1);
  for (let at = 0; at < bytes.length; at += step) if (scanner.push(bytes.subarray(at, at + step))) return true;
  return false;
}

describe("createNestingScanner", () => {
  it("counts arrays and objects inside one another, across chunks", () => {
    const text = '[{"a":[1,{"b":2}]},{"c":3}]';
    for (const size of [1, 2, 5, 100]) {
      expect(deeperThan(text, 4, size)).toBe(false);
      expect(deeperThan(text, 3, size)).toBe(true);
    }
    expect(deeperThan("[".repeat(64) + "]".repeat(64), 64)).toBe(false);
    expect(deeperThan("[".repeat(65) + "]".repeat(65), 64)).toBe(true);
  });

  it("skips brackets in strings, escaped quotes included, even when a chunk ends inside the escape", () => {
    const text = `[{"s":"\\"${"[{".repeat(100)}\\\\"}]`;
    for (const size of [1, 3, 7, 1_000]) expect(deeperThan(text, 2, size)).toBe(false);
    expect(deeperThan('["\\\\",[[[1]]]]', 3, 1)).toBe(true);
  });

  it("counts the depth of every NDJSON line and the non-ASCII text in them", () => {
    const lines = `${'{"naïve":{"ß":[1]}}\n'.repeat(1_000)}{"a":${'{"b":'.repeat(70)}1${"}".repeat(70)}}\n`;
    expect(deeperThan(lines, 64, 4_096)).toBe(true);
    expect(deeperThan('{"naïve":{"ß":[1]}}\n'.repeat(1_000), 3, 4_096)).toBe(false);
  });

  it("never lets stray closing brackets hide the nesting that follows", () => {
    expect(deeperThan(`${"]".repeat(100)}${"[".repeat(65)}`, 64)).toBe(true);
  });
});
