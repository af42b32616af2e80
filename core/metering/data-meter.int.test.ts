import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRedis, type Redis } from "../redis.js";
import { baseTestConfig } from "../../testing/environment.js";
import { useRedisNamespace } from "../../testing/redis.js";
import { chargeDataBytes, dataQuotaExceeded, readDataUsed } from "./data-meter.js";
import { bytesField, meterKeys, TEST_MODE_LIMITS } from "./redis-keys.js";

const namespace = useRedisNamespace();
let redis: Redis;
beforeAll(() => {
  redis = createRedis(baseTestConfig().REDIS_URL, "client", { keyPrefix: namespace.keyPrefix, enableOfflineQueue: true });
});
afterAll(async () => {
  await redis.quit();
});

const now = new Date("2026-11-15T12:00:00Z");

describe("chargeDataBytes", () => {
  it("admits exactly the charges that fit the allowance when they race", async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, () => chargeDataBytes(redis, { userId: "usr_race", mode: "live", bytes: 100, limitBytes: 1_000, now })),
    );
    expect(results.filter((r) => r.admitted)).toHaveLength(10);
    expect(await readDataUsed(redis, { userId: "usr_race", mode: "live", now })).toBe(1_000);
    // Only admitted bytes reach the day's usage hash (what the flush moves to api_usage).
    expect(await redis.hget(meterKeys.usageDay("usr_race", "2026-11-15"), bytesField("/api/data-processing"))).toBe("1000");
  });

  it("refuses a charge that would pass the limit without adding anything, and reports the month's reset", async () => {
    await chargeDataBytes(redis, { userId: "usr_edge", mode: "live", bytes: 900, limitBytes: 1_000, now });
    const refused = await chargeDataBytes(redis, { userId: "usr_edge", mode: "live", bytes: 101, limitBytes: 1_000, now });
    expect(refused).toEqual({ admitted: false, used: 900, limit: 1_000, resetAt: new Date("2026-12-01T00:00:00Z") });
    expect(await readDataUsed(redis, { userId: "usr_edge", mode: "live", now })).toBe(900);
    const error = dataQuotaExceeded(refused, 101, now);
    expect(error.status).toBe(429);
    expect(error.message).toContain("data-month");
    expect(error.headers).toMatchObject({ "X-RateLimit-Resource": "data", "X-RateLimit-Remaining": "100" });
  });

  it("never limits an unlimited package, and starts a new count each month", async () => {
    const big = await chargeDataBytes(redis, { userId: "usr_unlimited", mode: "live", bytes: 5e12, limitBytes: -1, now });
    expect(big.admitted).toBe(true);
    const nextMonth = new Date("2026-12-01T00:00:01Z");
    expect(await readDataUsed(redis, { userId: "usr_unlimited", mode: "live", now: nextMonth })).toBe(0);
  });

  it("meters test keys against their own fixed allowance and keeps them out of api_usage", async () => {
    const result = await chargeDataBytes(redis, { userId: "usr_test", mode: "test", bytes: 10, limitBytes: -1, now });
    expect(result).toMatchObject({ admitted: true, limit: TEST_MODE_LIMITS.dataBytesPerMonth });
    expect(await readDataUsed(redis, { userId: "usr_test", mode: "live", now })).toBe(0);
    expect(await redis.hgetall(meterKeys.usageDay("usr_test", "2026-11-15"))).toEqual({});
  });
});
