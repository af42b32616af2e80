import { describe, expect, it } from "vitest";
import { nestedDeeperThan } from "./json-depth.js";

describe("nestedDeeperThan", () => {
  it("counts arrays and objects inside one another, not brackets in strings", () => {
    expect(nestedDeeperThan('{"a":[1,{"b":2}]}', 3)).toBe(false);
    expect(nestedDeeperThan('{"a":[1,{"b":2}]}', 2)).toBe(true);
    expect(nestedDeeperThan(`{"s":"${"[".repeat(100)}"}`, 1)).toBe(false);
    expect(nestedDeeperThan('{"s":"\\"[[[["}', 1)).toBe(false);
    expect(nestedDeeperThan("[".repeat(65) + "]".repeat(65), 64)).toBe(true);
    expect(nestedDeeperThan("[[],[],[]]", 2)).toBe(false);
  });
});
