import { describe, expect, it } from "vitest";
import { MAX_RETRY_AFTER_MS, nextRetryDelayMs } from "./retry-schedule.js";

const PRODUCTION = [0, 5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
const middle = () => 0.5;

describe("webhook retry schedule", () => {
  it("follows the schedule after each failed attempt, then gives up", () => {
    const delays = Array.from({ length: 9 }, (_, i) => nextRetryDelayMs({ runAttempts: i + 1, scheduleMs: PRODUCTION, random: middle }));
    expect(delays).toEqual([...PRODUCTION, null]);
  });

  it("jitters each delay by at most 10 %, and retries immediately without jitter", () => {
    expect(nextRetryDelayMs({ runAttempts: 2, scheduleMs: PRODUCTION, random: () => 0 })).toBe(4_500);
    expect(nextRetryDelayMs({ runAttempts: 2, scheduleMs: PRODUCTION, random: () => 0.999_999 })).toBe(5_500);
    expect(nextRetryDelayMs({ runAttempts: 1, scheduleMs: PRODUCTION, random: () => 0.99 })).toBe(0);
  });

  it("honours a longer Retry-After, capped at a day, and ignores a shorter one", () => {
    expect(nextRetryDelayMs({ runAttempts: 2, scheduleMs: PRODUCTION, retryAfterMs: 120_000, random: middle })).toBe(120_000);
    expect(nextRetryDelayMs({ runAttempts: 3, scheduleMs: PRODUCTION, retryAfterMs: 120_000, random: middle })).toBe(300_000);
    expect(nextRetryDelayMs({ runAttempts: 2, scheduleMs: PRODUCTION, retryAfterMs: 7 * MAX_RETRY_AFTER_MS, random: middle })).toBe(MAX_RETRY_AFTER_MS);
    expect(nextRetryDelayMs({ runAttempts: 9, scheduleMs: PRODUCTION, retryAfterMs: 1_000 })).toBeNull();
  });
});
