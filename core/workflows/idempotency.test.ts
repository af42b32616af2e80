import { describe, expect, it } from "vitest";
import { canonicalJson, requestHash } from "./idempotency.js";

describe("canonicalJson", () => {
  it("sorts object keys at every depth and keeps array order", () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}');
  });

  it("gives equal hashes for equal values written in another order, and different ones otherwise", () => {
    expect(requestHash({ x: 1, y: [1, 2] }).equals(requestHash({ y: [1, 2], x: 1 }))).toBe(true);
    expect(requestHash({ x: 1, y: [1, 2] }).equals(requestHash({ x: 1, y: [2, 1] }))).toBe(false);
    expect(requestHash({ x: "1" }).equals(requestHash({ x: 1 }))).toBe(false);
    expect(requestHash({})).toHaveLength(32);
  });
});
