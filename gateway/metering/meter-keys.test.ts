import { describe, expect, it } from "vitest";
import { meterKeys } from "../../core/metering/redis-keys.js";
import { endpointCountsKey, meterBatchKeys, refundKeysOf, replayKeysOf } from "./meter.js";

const user = "usr_2b9TqJ";
const now = new Date("2026-11-30T23:59:30Z");
const windowStart = now.getTime() - (now.getTime() % 60_000);

/** The keys of the metering scripts (meter-scripts.ts): where each mode's endpoint counts go. */
describe("the metering scripts' keys", () => {
  it("counts live endpoints in the day's usage hash, which the engine flushes to api_usage", () => {
    const usageDay = meterKeys.usageDay(user, "2026-11-30");
    expect(endpointCountsKey({ userId: user, mode: "live" }, "2026-11-30", "2026-11")).toBe(usageDay);
    expect(meterBatchKeys({ userId: user, mode: "live" }, windowStart, "2026-11-30", ["key_a"])).toEqual([
      meterKeys.rateWindow(user, "live", windowStart),
      meterKeys.rateWindow(user, "live", windowStart - 60_000),
      meterKeys.monthQuota(user, "live", "2026-11"),
      usageDay,
      usageDay,
      meterKeys.keyMonth(user, "key_a", "2026-11"),
    ]);
  });

  it("counts test endpoints in the month's test hash, beside the test month counter, never in the usage day", () => {
    const testEndpoints = meterKeys.testEndpointsMonth(user, "2026-11");
    expect(testEndpoints).toBe(`m:{${user}}:endpoints:test:2026-11`);
    expect(meterBatchKeys({ userId: user, mode: "test" }, windowStart, "2026-11-30", ["key_a", "key_b"])).toEqual([
      meterKeys.rateWindow(user, "test", windowStart),
      meterKeys.rateWindow(user, "test", windowStart - 60_000),
      meterKeys.monthQuota(user, "test", "2026-11"),
      meterKeys.usageDay(user, "2026-11-30"),
      testEndpoints,
      meterKeys.keyMonth(user, "key_a", "2026-11"),
      meterKeys.keyMonth(user, "key_b", "2026-11"),
    ]);
  });

  it("takes a refund back from, and replays into, the same endpoint counts as the request's mode", () => {
    const test = { userId: user, mode: "test" as const, keyId: "key_a" };
    const live = { ...test, mode: "live" as const };
    expect(refundKeysOf({ context: test, now }).at(-1)).toBe(meterKeys.testEndpointsMonth(user, "2026-11"));
    expect(refundKeysOf({ context: live, now }).at(-1)).toBe(meterKeys.usageDay(user, "2026-11-30"));
    expect(replayKeysOf(test, "2026-11-30")).toEqual([
      meterKeys.monthQuota(user, "test", "2026-11"),
      meterKeys.keyMonth(user, "key_a", "2026-11"),
      meterKeys.usageDay(user, "2026-11-30"),
      meterKeys.testEndpointsMonth(user, "2026-11"),
    ]);
    expect(replayKeysOf(live, "2026-11-30").at(-1)).toBe(meterKeys.usageDay(user, "2026-11-30"));
  });

  it("names a test month's endpoint hash by its own month, so December starts empty", () => {
    const december = new Date("2026-12-01T00:00:10Z");
    expect(refundKeysOf({ context: { userId: user, mode: "test", keyId: "key_a" }, now: december }).at(-1)).toBe(meterKeys.testEndpointsMonth(user, "2026-12"));
  });
});
