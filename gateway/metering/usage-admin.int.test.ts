import { beforeAll, describe, expect, it } from "vitest";
import { utcDay } from "../../core/metering/calendar.js";
import { connectRedis, type Redis } from "../../core/redis.js";
import { flushUsage } from "../../core/metering/usage-flush.js";
import { createKeyedAccount } from "../../testing/accounts.js";
import { useTestApp } from "../../testing/gateway.js";
import { setDailyUsage } from "./usage-admin.js";

const testApp = useTestApp();
let redis: Redis;
beforeAll(() => {
  redis = connectRedis(testApp.current.config, "worker");
  return () => redis.quit();
});

const usageOf = async (authorization: Record<string, string>) =>
  ((await (await testApp.current.app.request("/v1/usage", { headers: authorization })).json()) as { requests_used: number }).requests_used;

describe("setDailyUsage", () => {
  it("sets a day's count absolutely and moves the live quota counter by the same difference", async () => {
    const db = testApp.current.database.db;
    const { userId, authorization } = await createKeyedAccount(db);
    for (let i = 0; i < 5; i++) await testApp.current.app.request("/v1/whoami", { headers: authorization });
    const deps = { db, redis, redisKeyPrefix: testApp.current.config.REDIS_KEY_PREFIX };
    const today = utcDay(new Date());

    expect(await setDailyUsage(deps, { userId, endpoint: "/api/general", date: today, requestCount: 40 })).toEqual({ previous: 5, current: 40 });
    const row = await db.selectFrom("api_usage").select("request_count").where("user_id", "=", userId).where("date", "=", today).executeTakeFirstOrThrow();
    expect(row.request_count).toBe(40);
    expect(await usageOf(authorization)).toBe(41);

    await setDailyUsage(deps, { userId, endpoint: "/api/general", date: today, requestCount: 2 });
    await flushUsage(db, redis, deps.redisKeyPrefix);
    const after = await db.selectFrom("api_usage").select("request_count").where("user_id", "=", userId).where("date", "=", today).executeTakeFirstOrThrow();
    // The /v1/usage request made before the second call was flushed first, then overwritten.
    expect(after.request_count).toBe(2);
    expect(await usageOf(authorization), "2, plus this request").toBe(3);
  });

  it("refuses a negative count", async () => {
    const deps = { db: testApp.current.database.db, redis, redisKeyPrefix: testApp.current.config.REDIS_KEY_PREFIX };
    await expect(setDailyUsage(deps, { userId: "usr_x", endpoint: "/api/general", date: "2026-11-01", requestCount: -1 })).rejects.toThrow(RangeError);
  });
});
