import { describe, expect, it } from "vitest";
import { ActionFailure } from "./action-context.js";
import { evaluateCondition, runCondition } from "./condition.js";

function failureOf(run: () => unknown): ActionFailure {
  try {
    run();
  } catch (error) {
    if (error instanceof ActionFailure) return error;
    throw error;
  }
  throw new Error("expected an ActionFailure");
}

describe("condition step", () => {
  it("outputs matched with the operands it compared", () => {
    expect(runCondition({ left: 150, operator: "greater_than", right: 100 })).toEqual({ matched: true, left: 150, operator: "greater_than", right: 100 });
    expect(runCondition({ left: "a", operator: "equals", right: "b" })).toEqual({ matched: false, left: "a", operator: "equals", right: "b" });
  });

  it("compares equals deeply for objects and arrays", () => {
    expect(evaluateCondition({ a: [1, { b: "x" }] }, "equals", { a: [1, { b: "x" }] })).toBe(true);
    expect(evaluateCondition({ a: 1, b: 2 }, "equals", { b: 2, a: 1 })).toBe(true);
    expect(evaluateCondition({ a: 1 }, "equals", { a: 1, b: undefined })).toBe(false);
    expect(evaluateCondition([1, 2], "equals", [2, 1])).toBe(false);
    expect(evaluateCondition([1], "equals", { 0: 1 })).toBe(false);
    expect(evaluateCondition({ a: 1 }, "not_equals", { a: 2 })).toBe(true);
  });

  it("compares a number and a numeric string as numbers, two strings as text", () => {
    expect(evaluateCondition(5, "equals", "5")).toBe(true);
    expect(evaluateCondition("5.0", "equals", 5)).toBe(true);
    expect(evaluateCondition(" 1e3 ", "equals", 1000)).toBe(true);
    expect(evaluateCondition("5.0", "equals", "5")).toBe(false);
    expect(evaluateCondition(0, "equals", "")).toBe(false);
    expect(evaluateCondition(1, "equals", true)).toBe(false);
    expect(evaluateCondition(null, "equals", null)).toBe(true);
    expect(evaluateCondition(null, "equals", 0)).toBe(false);
  });

  it("checks contains on text and on arrays", () => {
    expect(evaluateCondition("order shipped", "contains", "ship")).toBe(true);
    expect(evaluateCondition("v2.5", "contains", 2.5)).toBe(true);
    expect(evaluateCondition(["a", 3, { id: 1 }], "contains", "3")).toBe(true);
    expect(evaluateCondition(["a", 3, { id: 1 }], "contains", { id: 1 })).toBe(true);
    expect(evaluateCondition(["a"], "contains", "b")).toBe(false);
    expect(evaluateCondition("abc", "not_contains", "x")).toBe(true);
  });

  it("fails contains on something that is neither text nor an array", () => {
    const failure = failureOf(() => evaluateCondition({ a: 1 }, "contains", "a"));
    expect(failure.message).toContain("contains needs text or an array on the left; got an object");
    expect(failure.retryable).toBe(false);
    expect(failure.code).toBe("ACTION_FAILED");
  });

  it("orders numbers, numeric strings and ISO dates", () => {
    expect(evaluateCondition(10, "greater_than", 9)).toBe(true);
    expect(evaluateCondition("10", "greater_than", "9")).toBe(true);
    expect(evaluateCondition(3, "less_than", "3")).toBe(false);
    expect(evaluateCondition("2026-01-02", "greater_than", "2026-01-01")).toBe(true);
    expect(evaluateCondition("2026-01-01T10:00:00Z", "less_than", "2026-01-01T11:00:00+00:00")).toBe(true);
    expect(evaluateCondition("2026-01-01T12:00:00+02:00", "less_than", "2026-01-01T11:00:00Z")).toBe(true);
  });

  it("fails greater_than and less_than on values that are not numbers or dates", () => {
    for (const [left, right] of [["abc", "abd"], [true, 1], [null, 1], ["2026-01-01", 5], [[1], [2]]] as const) {
      const failure = failureOf(() => evaluateCondition(left, "greater_than", right));
      expect(failure.message).toMatch(/^greater_than compares two numbers or two ISO 8601 dates; got /);
      expect(failure.retryable).toBe(false);
    }
    expect(failureOf(() => evaluateCondition("abc", "less_than", 1)).message).toBe('less_than compares two numbers or two ISO 8601 dates; got the text "abc" and 1');
  });

  it("treats exists as neither null nor absent, ignoring right", () => {
    expect(evaluateCondition(0, "exists", undefined)).toBe(true);
    expect(evaluateCondition("", "exists", undefined)).toBe(true);
    expect(evaluateCondition(false, "exists", "ignored")).toBe(true);
    expect(evaluateCondition(null, "exists", undefined)).toBe(false);
    expect(evaluateCondition(undefined, "exists", undefined)).toBe(false);
    expect(evaluateCondition(null, "not_exists", undefined)).toBe(true);
    expect(evaluateCondition({}, "not_exists", undefined)).toBe(false);
    expect(runCondition({ left: null, operator: "not_exists" }).matched).toBe(true);
  });

  it("requires right for the comparing operators", () => {
    expect(failureOf(() => runCondition({ left: 1, operator: "equals" })).message).toBe('The condition\'s "right" value is required for equals');
  });
});
