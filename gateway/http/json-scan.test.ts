import { describe, expect, it } from "vitest";
import { JsonScan, scanJson } from "./json-scan.js";

describe("scanJson", () => {
  it("counts arrays and objects inside one another, not brackets in strings", () => {
    expect(scanJson('{"a":[1,{"b":2}]}', 3)).toBe(JsonScan.Clean);
    expect(scanJson('{"a":[1,{"b":2}]}', 2)).toBe(JsonScan.TooDeep);
    expect(scanJson(`{"s":"${"[".repeat(100)}"}`, 1)).toBe(JsonScan.Clean);
    expect(scanJson('{"s":"\\"[[[["}', 1)).toBe(JsonScan.Clean);
    expect(scanJson("[".repeat(65) + "]".repeat(65), 64)).toBe(JsonScan.TooDeep);
    expect(scanJson("[[],[],[]]", 2)).toBe(JsonScan.Clean);
  });

  it("finds a NUL escape and a surrogate escape that is not half of a pair, in values and keys", () => {
    for (const text of ['{"a":"x\\u0000"}', '{"a\\u0000":1}', '["\\ud800"]', '["\\uDBFFx"]', '["\\udc00"]', '["\\uDE00\\uD83D"]', '["\\ud83d\\ud83d"]', '"\\ud800"', '["\\ud800\\u"]']) {
      expect(scanJson(text, 64), text).toBe(JsonScan.UnsafeEscape);
    }
  });

  it("passes surrogate pairs, other escapes, an escaped backslash before u, and text outside strings", () => {
    for (const text of ['["\\uD83D\\uDE00"]', '["\\ud83d\\ude00x"]', '["\\u0001\\u00e9\\uffff"]', '["\\\\u0000"]', '["\\\\ud800"]', '{"a":"\\n\\t\\"\\/"}', "[0,1]", '"😀"']) {
      expect(scanJson(text, 64), text).toBe(JsonScan.Clean);
    }
  });

  it("still refuses depth first when a deep body also has an unsafe escape", () => {
    expect(scanJson(`["\\u0000",${"[".repeat(65)}${"]".repeat(65)}]`, 64)).toBe(JsonScan.TooDeep);
  });
});
