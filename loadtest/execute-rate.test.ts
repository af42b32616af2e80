import { describe, expect, it } from "vitest";
import { parseExecuteRate } from "./workflow-bench.js";

describe("parseExecuteRate", () => {
  it("reads a positive whole rate, or nothing when unset", () => {
    expect(parseExecuteRate("150")).toBe(150);
    expect(parseExecuteRate(undefined)).toBeUndefined();
    expect(parseExecuteRate("")).toBeUndefined();
  });

  it("refuses a rate that is not a positive whole number", () => {
    for (const text of ["0", "-5", "1.5", "fast"]) expect(() => parseExecuteRate(text)).toThrow();
  });
});
