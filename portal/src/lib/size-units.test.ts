import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * SPEC.md writes sizes with the unit right after the number ("10GB of free data processing"):
 * every size the portal ships is written that way, never "10 GB" beside "10GB".
 */
const PORTAL_SOURCE = join(import.meta.dirname, "..");
/** A number, or a template expression ending in `}`, then a space and a decimal size unit. */
const SPACED_SIZE = /(?:\d|\})\s+(?:KB|MB|GB|TB)\b/g;

function shippedSourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return shippedSourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("size units in portal copy", () => {
  it("finds the portal's sources", () => {
    expect(shippedSourceFiles(PORTAL_SOURCE).length).toBeGreaterThan(100);
  });

  it("writes no size with a space between number and unit", () => {
    const spaced = shippedSourceFiles(PORTAL_SOURCE).flatMap((path) =>
      [...readFileSync(path, "utf8").matchAll(SPACED_SIZE)].map((match) => `${path.slice(PORTAL_SOURCE.length + 1)}: "${match[0]}"`),
    );
    expect(spaced).toEqual([]);
  });
});
