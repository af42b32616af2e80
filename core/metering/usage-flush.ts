import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { Database } from "../db/client.js";
import { monthStartDay } from "./calendar.js";
import { USAGE_BATCH_PATTERN, USAGE_DAY_PATTERN, USAGE_ID_FIELD, meterKeys, usageHashCreatedAt } from "./redis-keys.js";
import { escapeGlob, scanKeys, type Redis } from "../redis.js";

/**
 * Moves request counts from Redis into PostgreSQL without a write per request, and without
 * losing or double-counting anything if the flush dies at any point:
 * 1. claim: each usage hash is RENAMEd to a batch key with a fresh name (atomic; requests
 *    arriving meanwhile start a new hash);
 * 2. apply: one transaction records the batch id in usage_flush_batches and adds the counts to
 *    api_usage and api_key_usage; a batch id already recorded is skipped. The batch id is the
 *    hash's own `id` (nextUsageHashId, redis-keys.ts), so a hash that an older Redis snapshot
 *    brings back after it was applied is skipped too (docs/decisions/0018-metering-survives-redis-loss.md); hashes written
 *    before ids existed use the batch key's random name;
 * 3. release: the batch key is deleted.
 * Batch keys left by a crash are found and finished by the next flush.
 */
/** Renames usage hashes aside (all, or one account's); returns the batch keys (full names). */
export async function claimUsageBatches(redis: Redis, keyPrefix: string, userId?: string): Promise<string[]> {
  const batches: string[] = [];
  const account = userId ? escapeGlob(`{${userId}}`) : "*";
  for (const key of await scanKeys(redis, `${escapeGlob(keyPrefix)}m:${account}:usage:*`)) {
    const match = USAGE_DAY_PATTERN.exec(key);
    if (!match?.[1] || !match[2]) continue;
    const batchKey = `${keyPrefix}${meterKeys.usageBatch(match[1], match[2], randomBytes(8).toString("hex"))}`;
    try {
      await redis.rename(key, batchKey);
      batches.push(batchKey);
    } catch {
      // The hash expired or another engine claimed it first.
    }
  }
  return batches;
}

export async function listPendingBatches(redis: Redis, keyPrefix: string): Promise<string[]> {
  return scanKeys(redis, `${escapeGlob(keyPrefix)}m:*:flushing:*`);
}

/**
 * The ledger's ids are purged a day after they were applied (purge-expired.ts). A hash created
 * before the oldest id still recorded may have been applied and forgotten since: it is not
 * applied, rather than risk counting it twice. A minute of margin absorbs clock differences
 * between the gateway that named the hash and PostgreSQL.
 */
const CLOCK_MARGIN_MS = 60_000;

async function ledgerMayHaveForgotten(trx: Database, createdAtMs: number): Promise<boolean> {
  const row = await trx.selectFrom("usage_flush_batches").select((eb) => eb.fn.min("applied_at").as("oldest")).executeTakeFirst();
  const oldest = row?.oldest;
  return oldest !== undefined && oldest !== null && createdAtMs < new Date(oldest).getTime() - CLOCK_MARGIN_MS;
}

/** What became of a batch: its counts added, skipped as already applied (or unreadable), or not verifiable. */
export type BatchOutcome = "applied" | "skipped" | "unverifiable";

/** Applies one batch to PostgreSQL exactly once, then deletes it. */
export async function applyUsageBatch(db: Database, redis: Redis, batchKey: string, now = new Date()): Promise<BatchOutcome> {
  const match = USAGE_BATCH_PATTERN.exec(batchKey);
  if (!match?.[1] || !match[2] || !match[3]) return "skipped";
  const [, userId, day, batchName] = match;
  const fields = await redis.hgetall(batchKey);
  const hashId = fields[USAGE_ID_FIELD];
  const createdAtMs = hashId === undefined ? undefined : usageHashCreatedAt(hashId);
  // Requests (`e:`) and bytes of data processed (`b:`) per endpoint category, one api_usage row each.
  const endpoints = [...new Set(Object.keys(fields).filter((field) => /^[eb]:/.test(field)).map((field) => field.slice(2)))]
    .map((endpoint) => ({ endpoint, count: Number(fields[`e:${endpoint}`] ?? 0), bytes: Number(fields[`b:${endpoint}`] ?? 0) }))
    .filter((e) => e.count > 0 || e.bytes > 0);
  const keys = Object.entries(fields).filter(([field]) => field.startsWith("k:")).map(([field, count]) => ({ keyId: field.slice(2), count: Number(count) })).filter((k) => k.count > 0);
  const month = monthStartDay(new Date(day));

  const outcome = await db.transaction().execute(async (trx): Promise<BatchOutcome> => {
    if (createdAtMs !== undefined && (await ledgerMayHaveForgotten(trx, createdAtMs))) return "unverifiable";
    const batchId = `${userId}:${day}:${hashId ?? batchName}`;
    const fresh = await trx.insertInto("usage_flush_batches").values({ id: batchId }).onConflict((oc) => oc.doNothing()).returning("id").executeTakeFirst();
    if (!fresh) return "skipped";
    if (endpoints.length) {
      await trx
        .insertInto("api_usage")
        .values(endpoints.map((e) => ({ user_id: userId, endpoint: e.endpoint, date: day, request_count: e.count, bytes_processed: e.bytes })))
        .onConflict((oc) =>
          oc.columns(["user_id", "endpoint", "date"]).doUpdateSet({
            request_count: sql`api_usage.request_count + excluded.request_count`,
            bytes_processed: sql`api_usage.bytes_processed + excluded.bytes_processed`,
            updated_at: sql`now()`,
          }),
        )
        .execute();
    }
    // Keys deleted since their requests were made have nothing to attach the count to.
    const existing = new Set(keys.length ? (await trx.selectFrom("api_keys").select("id").where("id", "in", keys.map((k) => k.keyId)).execute()).map((r) => r.id) : []);
    const live = keys.filter((k) => existing.has(k.keyId));
    if (live.length) {
      await trx
        .insertInto("api_key_usage")
        .values(live.map((k) => ({ key_id: k.keyId, month, request_count: k.count })))
        .onConflict((oc) => oc.columns(["key_id", "month"]).doUpdateSet({ request_count: sql`api_key_usage.request_count + excluded.request_count`, updated_at: sql`now()` }))
        .execute();
      await trx
        .updateTable("api_keys")
        .set({ last_used_at: sql`greatest(coalesce(last_used_at, ${now}), ${now})` })
        .where("id", "in", live.map((k) => k.keyId))
        .execute();
    }
    return "applied";
  });
  await redis.del(batchKey);
  return outcome;
}

/**
 * Finishes batches left by an earlier flush, then claims and applies the current usage. Reports
 * the batches handled and those left unapplied because the ledger may have forgotten them.
 */
export async function flushUsage(db: Database, redis: Redis, keyPrefix: string, now = new Date()): Promise<{ batches: number; unverifiable: number }> {
  const leftovers = await listPendingBatches(redis, keyPrefix);
  const claimed = await claimUsageBatches(redis, keyPrefix);
  const batches = [...new Set([...leftovers, ...claimed])];
  let unverifiable = 0;
  for (const batch of batches) if ((await applyUsageBatch(db, redis, batch, now)) === "unverifiable") unverifiable++;
  return { batches: batches.length, unverifiable };
}
