import { beforeAll, describe, expect, it } from "vitest";
import { utcDay } from "./calendar.js";
import { USAGE_ID_FIELD, meterKeys, nextUsageHashId } from "./redis-keys.js";
import { connectRedis, type Redis } from "../redis.js";
import { createKeyedAccount } from "../../testing/accounts.js";
import { useTestApp } from "../../testing/gateway.js";
import { applyUsageBatch, claimUsageBatches, flushUsage } from "./usage-flush.js";
import { purgeExpiredRows } from "../../engine/jobs/purge-expired.js";

const testApp = useTestApp();
const db = () => testApp.current.database.db;
const prefix = () => testApp.current.config.REDIS_KEY_PREFIX;
let redis: Redis;

beforeAll(() => {
  redis = connectRedis(testApp.current.config, "worker");
  return () => redis.quit();
});

async function requests(authorization: Record<string, string>, count: number) {
  for (let i = 0; i < count; i++) expect((await testApp.current.app.request("/v1/whoami", { headers: authorization })).status).toBe(200);
}

const DAY_MS = 86_400_000;

/** Another account's flush, so the ledger remembers a batch applied just now. */
async function ensureRecentLedgerEntry() {
  const { authorization } = await createKeyedAccount(db());
  await requests(authorization, 1);
  await flushUsage(db(), redis, prefix());
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

  it("counts nothing twice when Redis comes back from a snapshot taken before a flush", async () => {
    const { userId, keyId, authorization } = await createKeyedAccount(db());
    await requests(authorization, 4);
    const usageKey = `${prefix()}${meterKeys.usageDay(userId, utcDay(new Date()))}`;
    // What an RDB or AOF file holds of the hash before the flush claims it.
    const snapshot = await redis.dumpBuffer(usageKey);
    if (!snapshot) throw new Error("no usage hash");
    await flushUsage(db(), redis, prefix());
    // Redis restarts from that file: the flushed hash is back, with the same identity.
    await redis.restore(usageKey, 0, snapshot);
    await flushUsage(db(), redis, prefix());
    expect((await postgresUsage(userId, keyId)).usage[0]?.request_count).toBe(4);
    expect(await redis.exists(usageKey)).toBe(0);
    // The next requests start a hash of their own, which is applied.
    await requests(authorization, 2);
    await flushUsage(db(), redis, prefix());
    expect((await postgresUsage(userId, keyId)).usage[0]?.request_count).toBe(6);
  });

  it("does not apply a restored hash older than every batch id the ledger still remembers", async () => {
    const { userId, keyId, authorization } = await createKeyedAccount(db());
    const createdAt = Date.now() - 2 * DAY_MS;
    // Two days ago: the ledger remembers older batches; a hash is written (its id says when) and flushed.
    await db().insertInto("usage_flush_batches").values({ id: `test:${userId}:earlier`, applied_at: new Date(createdAt - DAY_MS) }).execute();
    await requests(authorization, 3);
    const usageKey = `${prefix()}${meterKeys.usageDay(userId, utcDay(new Date()))}`;
    await redis.hset(usageKey, USAGE_ID_FIELD, nextUsageHashId(createdAt));
    const snapshot = await redis.dumpBuffer(usageKey);
    if (!snapshot) throw new Error("no usage hash");
    expect(await flushUsage(db(), redis, prefix())).toMatchObject({ unverifiable: 0 });
    expect((await postgresUsage(userId, keyId)).usage[0]?.request_count).toBe(3);
    // A day later its batch id is purged, while newer batches are recorded.
    await db().updateTable("usage_flush_batches").set({ applied_at: new Date(createdAt + 5_000) }).where("id", "like", `${userId}:%`).execute();
    await purgeExpiredRows(db());
    await ensureRecentLedgerEntry();

    await redis.restore(usageKey, 0, snapshot);
    expect(await flushUsage(db(), redis, prefix())).toMatchObject({ unverifiable: 1 });
    expect((await postgresUsage(userId, keyId)).usage[0]?.request_count).toBe(3);
  });

  it("applies an old hash the ledger cannot have forgotten (the engine was down, nothing was purged)", async () => {
    const { userId, keyId, authorization } = await createKeyedAccount(db());
    const engineStopped = new Date(Date.now() - 3 * DAY_MS);
    const oldEntry = `test:${userId}:before-the-outage`;
    await db().insertInto("usage_flush_batches").values({ id: oldEntry, applied_at: engineStopped }).execute();
    try {
      await requests(authorization, 5);
      const usageKey = `${prefix()}${meterKeys.usageDay(userId, utcDay(new Date()))}`;
      await redis.hset(usageKey, USAGE_ID_FIELD, nextUsageHashId(engineStopped.getTime() + DAY_MS));
      expect(await flushUsage(db(), redis, prefix())).toMatchObject({ unverifiable: 0 });
      expect((await postgresUsage(userId, keyId)).usage[0]?.request_count).toBe(5);
    } finally {
      await db().deleteFrom("usage_flush_batches").where("id", "=", oldEntry).execute();
    }
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
