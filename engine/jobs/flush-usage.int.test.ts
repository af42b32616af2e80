import { beforeAll, describe, expect, it } from "vitest";
import { utcDay } from "../../core/metering/calendar.js";
import { meterKeys } from "../../core/metering/redis-keys.js";
import { createRedis, type Redis } from "../../core/redis.js";
import { createKeyedAccount } from "../../testing/accounts.js";
import { useTestApp } from "../../testing/gateway.js";
import { applyUsageBatch, claimUsageBatches, flushUsage } from "./flush-usage.js";

const testApp = useTestApp();
const db = () => testApp.current.database.db;
const prefix = () => testApp.current.config.REDIS_KEY_PREFIX;
let redis: Redis;

beforeAll(() => {
  redis = createRedis(testApp.current.config.REDIS_URL, "worker");
  return () => redis.quit();
});

async function requests(authorization: Record<string, string>, count: number) {
  for (let i = 0; i < count; i++) expect((await testApp.current.app.request("/v1/whoami", { headers: authorization })).status).toBe(200);
}

async function postgresUsage(userId: string, keyId: string) {
  const usage = await db().selectFrom("api_usage").select(["endpoint", "request_count", "date"]).where("user_id", "=", userId).execute();
  const perKey = await db().selectFrom("api_key_usage").select("request_count").where("key_id", "=", keyId).executeTakeFirst();
  const key = await db().selectFrom("api_keys").select("last_used_at").where("id", "=", keyId).executeTakeFirstOrThrow();
  return { usage, perKey: perKey?.request_count ?? 0, lastUsedAt: key.last_used_at };
}

describe("usage flush", () => {
  it("writes exactly the requests made into api_usage and api_key_usage, and sets last_used_at", async () => {
    const { userId, keyId, authorization } = await createKeyedAccount(db());
    await requests(authorization, 7);
    await flushUsage(db(), redis, prefix());
    await requests(authorization, 2);
    await flushUsage(db(), redis, prefix());
    await flushUsage(db(), redis, prefix());
    const stored = await postgresUsage(userId, keyId);
    expect(stored.usage).toEqual([{ endpoint: "/api/general", request_count: 9, date: utcDay(new Date()) }]);
    expect(stored.perKey).toBe(9);
    expect(stored.lastUsedAt).not.toBeNull();
  });

  it("loses nothing when the flush dies after claiming a batch", async () => {
    const { userId, keyId, authorization } = await createKeyedAccount(db());
    await requests(authorization, 5);
    const claimed = await claimUsageBatches(redis, prefix());
    expect(claimed.length).toBeGreaterThan(0);
    // ... the process dies here; requests keep coming ...
    await requests(authorization, 3);
    await flushUsage(db(), redis, prefix());
    expect((await postgresUsage(userId, keyId)).usage[0]?.request_count).toBe(8);
  });

  it("counts nothing twice when the flush dies after committing but before deleting the batch", async () => {
    const { userId, keyId, authorization } = await createKeyedAccount(db());
    await requests(authorization, 4);
    const [batch] = (await claimUsageBatches(redis, prefix())).filter((key) => key.includes(userId));
    if (!batch) throw new Error("no batch claimed");
    const saved = await redis.hgetall(batch);
    await applyUsageBatch(db(), redis, batch);
    // ... the process died before its DEL: the batch key is still there ...
    await redis.hset(batch, saved);
    await flushUsage(db(), redis, prefix());
    expect((await postgresUsage(userId, keyId)).usage[0]?.request_count).toBe(4);
    expect(await redis.exists(batch)).toBe(0);
  });

  it("rebuilds a lost monthly counter from api_usage", async () => {
    const { userId, authorization } = await createKeyedAccount(db());
    await requests(authorization, 6);
    await flushUsage(db(), redis, prefix());
    const month = new Date().toISOString().slice(0, 7);
    await redis.del(`${prefix()}${meterKeys.monthQuota(userId, "live", month)}`);
    const usage = (await (await testApp.current.app.request("/v1/usage", { headers: authorization })).json()) as { requests_used: number };
    expect(usage.requests_used).toBe(7);
  });
});
