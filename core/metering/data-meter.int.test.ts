import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyUsageBatch, claimUsageBatches } from "./usage-flush.js";
import { createAccount } from "../../testing/accounts.js";
import { useTestDatabase } from "../../testing/database.js";
import { baseTestConfig } from "../../testing/environment.js";
import { useRedisNamespace } from "../../testing/redis.js";
import { connectRedis, type Redis } from "../redis.js";
import { chargeDataBytes, dataQuotaExceeded, readDataUsed, type DataMeterDeps } from "./data-meter.js";
import { USAGE_ID_FIELD, bytesField, meterKeys } from "./redis-keys.js";
import { TEST_MODE_LIMITS } from "../plans.js";

const database = useTestDatabase();
const namespace = useRedisNamespace();
let redis: Redis;
/** Unprefixed, for the usage flush (it is given the prefix and scans for it). */
let flushRedis: Redis;
let deps: DataMeterDeps;
beforeAll(() => {
  redis = connectRedis(baseTestConfig(), "client", { keyPrefix: namespace.keyPrefix, enableOfflineQueue: true });
  flushRedis = connectRedis(baseTestConfig(), "worker");
  deps = { redis, db: database.current.db };
});
afterAll(async () => {
  await redis.quit();
  await flushRedis.quit();
});

const now = new Date("2026-11-15T12:00:00Z");

describe("chargeDataBytes", () => {
  it("admits exactly the charges that fit the allowance when they race", async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, () => chargeDataBytes(deps, { userId: "usr_race", mode: "live", bytes: 100, limitBytes: 1_000, now })),
    );
    expect(results.filter((r) => r.admitted)).toHaveLength(10);
    expect(await readDataUsed(deps, { userId: "usr_race", mode: "live", now })).toBe(1_000);
    // Only admitted bytes reach the day's usage hash (what the flush moves to api_usage).
    expect(await redis.hget(meterKeys.usageDay("usr_race", "2026-11-15"), bytesField("/api/data-processing"))).toBe("1000");
    // Named by the charge that created it, so the flush applies it once even if a snapshot brings it back.
    expect(await redis.hget(meterKeys.usageDay("usr_race", "2026-11-15"), USAGE_ID_FIELD)).toEqual(expect.any(String));
  });

  it("refuses a charge that would pass the limit without adding anything, and reports the month's reset", async () => {
    await chargeDataBytes(deps, { userId: "usr_edge", mode: "live", bytes: 900, limitBytes: 1_000, now });
    const refused = await chargeDataBytes(deps, { userId: "usr_edge", mode: "live", bytes: 101, limitBytes: 1_000, now });
    expect(refused).toEqual({ admitted: false, used: 900, limit: 1_000, resetAt: new Date("2026-12-01T00:00:00Z") });
    expect(await readDataUsed(deps, { userId: "usr_edge", mode: "live", now })).toBe(900);
    const error = dataQuotaExceeded(refused, 101, now);
    expect(error.status).toBe(429);
    expect(error.message).toContain("data-month");
    expect(error.headers).toMatchObject({ "x-ratelimit-resource": "data", "x-ratelimit-remaining": "100", ratelimit: `"data-month";r=100;t=${15.5 * 86_400}` });
  });

  it("never limits an unlimited package, and starts a new count each month", async () => {
    const big = await chargeDataBytes(deps, { userId: "usr_unlimited", mode: "live", bytes: 5e12, limitBytes: -1, now });
    expect(big.admitted).toBe(true);
    const nextMonth = new Date("2026-12-01T00:00:01Z");
    expect(await readDataUsed(deps, { userId: "usr_unlimited", mode: "live", now: nextMonth })).toBe(0);
  });

  it("meters test keys against their own fixed allowance and keeps them out of api_usage", async () => {
    const result = await chargeDataBytes(deps, { userId: "usr_test", mode: "test", bytes: 10, limitBytes: -1, now });
    expect(result).toMatchObject({ admitted: true, limit: TEST_MODE_LIMITS.dataBytesPerMonth });
    expect(await readDataUsed(deps, { userId: "usr_test", mode: "live", now })).toBe(0);
    expect(await redis.hgetall(meterKeys.usageDay("usr_test", "2026-11-15"))).toEqual({});
  });
});

describe("chargeDataBytes when the month counter is lost", () => {
  const dataKey = (userId: string, mode: "live" | "test") => meterKeys.dataMonth(userId, mode, "2026-11");
  /** The engine's usage flush, for one account (the accounts above exist in Redis only). */
  const flushAccount = async (userId: string) => {
    for (const batch of await claimUsageBatches(flushRedis, namespace.keyPrefix, userId)) await applyUsageBatch(database.current.db, flushRedis, batch);
  };

  it("rebuilds the live counter from the bytes flushed to api_usage and enforces the limit against it", async () => {
    const { id: userId } = await createAccount(database.current.db);
    expect((await chargeDataBytes(deps, { userId, mode: "live", bytes: 600, limitBytes: 1_000, now, endpoint: "/api/analytics" })).admitted).toBe(true);
    await flushAccount(userId);
    const flushed = await database.current.db.selectFrom("api_usage").select(["endpoint", "bytes_processed"]).where("user_id", "=", userId).execute();
    expect(flushed).toEqual([{ endpoint: "/api/analytics", bytes_processed: 600 }]);

    await redis.del(dataKey(userId, "live"));
    const refused = await chargeDataBytes(deps, { userId, mode: "live", bytes: 500, limitBytes: 1_000, now });
    expect(refused).toMatchObject({ admitted: false, used: 600 });
    const admitted = await chargeDataBytes(deps, { userId, mode: "live", bytes: 400, limitBytes: 1_000, now });
    expect(admitted).toMatchObject({ admitted: true, used: 1_000 });
  });

  it("seeds the counter once when charges race to rebuild it", async () => {
    const { id: userId } = await createAccount(database.current.db);
    await chargeDataBytes(deps, { userId, mode: "live", bytes: 600, limitBytes: 1_000, now });
    await flushAccount(userId);
    await redis.del(dataKey(userId, "live"));
    const results = await Promise.all(Array.from({ length: 10 }, () => chargeDataBytes(deps, { userId, mode: "live", bytes: 100, limitBytes: 1_000, now })));
    expect(results.filter((r) => r.admitted)).toHaveLength(4);
    expect(await readDataUsed(deps, { userId, mode: "live", now })).toBe(1_000);
  });

  it("reads the rebuilt total for an upload's remaining allowance", async () => {
    const { id: userId } = await createAccount(database.current.db);
    await chargeDataBytes(deps, { userId, mode: "live", bytes: 700, limitBytes: 1_000, now });
    await flushAccount(userId);
    await redis.del(dataKey(userId, "live"));
    expect(await readDataUsed(deps, { userId, mode: "live", now })).toBe(700);
  });

  it("starts a lost test counter again from 0: test bytes never reach api_usage", async () => {
    const { id: userId } = await createAccount(database.current.db);
    await chargeDataBytes(deps, { userId, mode: "live", bytes: 600, limitBytes: 1_000, now });
    await flushAccount(userId);
    await chargeDataBytes(deps, { userId, mode: "test", bytes: 50, limitBytes: 1_000, now });
    await redis.del(dataKey(userId, "test"));
    const charged = await chargeDataBytes(deps, { userId, mode: "test", bytes: 10, limitBytes: 1_000, now });
    expect(charged).toMatchObject({ admitted: true, used: 10 });
  });
});
