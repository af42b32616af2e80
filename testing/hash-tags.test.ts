import { describe, expect, it } from "vitest";
import { dataChargeKeys } from "../core/metering/data-meter.js";
import { meterKeys } from "../core/metering/redis-keys.js";
import { slidingWindowKeys } from "../core/rate-limit.js";
import { executionSlotsKey } from "../engine/workflows/execution-slots.js";
import { meterBatchKeys, refundKeysOf, replayKeysOf } from "../gateway/metering/meter.js";
import { streamKeys } from "../gateway/streams/stream-state.js";

/**
 * Redis Cluster runs a script only when all its KEYS hash to one slot. A key's slot is that of
 * its hash tag: the text between its first `{` and the first `}` after it, when not empty.
 * Keys with one tag share a slot; the deployment's key prefix (`sluice:`) has no braces.
 */
function hashTag(key: string): string | undefined {
  const open = key.indexOf("{");
  const close = key.indexOf("}", open + 1);
  return open >= 0 && close > open + 1 ? key.slice(open + 1, close) : undefined;
}

function expectOneTag(keys: string[], tag: string): void {
  expect(keys.length).toBeGreaterThan(0);
  expect(keys.map((key) => hashTag(`sluice:${key}`))).toEqual(keys.map(() => tag));
}

const user = "usr_2b9TqJ";
const now = new Date("2026-01-31T23:59:30Z");
const windowStart = now.getTime() - (now.getTime() % 60_000);

describe("hash tags of every script's keys", () => {
  it("tags the metering script's keys, with several API keys in one batch, by the account", () => {
    expectOneTag(meterBatchKeys({ userId: user, mode: "live" }, windowStart, "2026-01-31", ["key_a", "key_b", "key_c"]), user);
  });

  it("tags a test-mode batch's keys, its month's test endpoint counts included, by the account", () => {
    const keys = meterBatchKeys({ userId: user, mode: "test" }, windowStart, "2026-01-31", ["key_a", "key_b"]);
    expect(keys).toContain(meterKeys.testEndpointsMonth(user, "2026-01"));
    expectOneTag(keys, user);
  });

  it("tags the refund and replay scripts' keys by the account", () => {
    const context = { userId: user, mode: "test" as const, keyId: "key_a" };
    expectOneTag(refundKeysOf({ context, now }), user);
    expectOneTag(replayKeysOf(context, "2026-01-31"), user);
    expect(replayKeysOf(context, "2026-01-31")).toContain(meterKeys.testEndpointsMonth(user, "2026-01"));
  });

  it("tags the data meter's keys by the account", () => {
    expectOneTag(dataChargeKeys({ userId: user, mode: "live", now }), user);
  });

  it("tags the usage flush's rename of a day's hash to its batch by the account", () => {
    expectOneTag([meterKeys.usageDay(user, "2026-01-31"), meterKeys.usageBatch(user, "2026-01-31", "5f1c")], user);
  });

  it("tags a stream's keys (ingest script, rollup claim, deletion) by the account", () => {
    expectOneTag(Object.values(streamKeys({ userId: user, mode: "live", name: "orders" })), user);
  });

  it("tags the sliding-window limiter's two windows by rule and subject (sign-in, sign-up limits)", () => {
    const rule = { name: "signin-account", limit: 5, windowMs: 900_000 };
    expectOneTag(slidingWindowKeys("rl", rule, "someone@example.com", windowStart), "signin-account:someone@example.com");
  });

  it("tags the execution slots of an account by the account", () => {
    expect(hashTag(executionSlotsKey("sluice:", user))).toBe(user);
  });
});
