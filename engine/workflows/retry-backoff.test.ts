import { describe, expect, it } from "vitest";
import { retryDelayMs, slotWaitMs } from "./retry-backoff.js";

describe("retryDelayMs", () => {
  it("doubles the wait with each failed attempt", () => {
    const full = () => 1;
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, undefined, full))).toEqual([1_000, 2_000, 4_000, 8_000]);
  });

  it("jitters between half and the whole of the exponential wait", () => {
    expect(retryDelayMs(3, undefined, () => 0)).toBe(2_000);
    expect(retryDelayMs(3, undefined, () => 0.5)).toBe(3_000);
  });

  it("never waits more than five minutes by backoff alone", () => {
    expect(retryDelayMs(20, undefined, () => 1)).toBe(300_000);
  });

  it("waits for the target's Retry-After when it is longer than the backoff", () => {
    expect(retryDelayMs(1, 7_000, () => 1)).toBe(7_000);
    expect(retryDelayMs(4, 500, () => 1)).toBe(8_000);
  });

  it("caps a Retry-After at one hour", () => {
    expect(retryDelayMs(1, 86_400_000, () => 1)).toBe(3_600_000);
  });
});

describe("slotWaitMs", () => {
  it("waits between a quarter of a second and a second", () => {
    expect(slotWaitMs(() => 0)).toBe(250);
    expect(slotWaitMs(() => 1)).toBe(1_000);
  });
});
