import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { Database } from "../../core/db/client.js";
import { escapeGlob, scanKeys, type Redis } from "../../core/redis.js";
import { streamDatasetColumns } from "../analytics/stream-dataset.js";

/**
 * Moves each stream's per-minute rollups (written by the gateway's ingest script, gateway/streams)
 * from Redis into stream_rollups, so a stream's history survives Redis loss, without losing or
 * double-counting a value if the flush dies at any point (the scheme of core/metering/usage-flush.ts):
 * 1. claim: the stream's rollup hash is RENAMEd to its claimed key, with a fresh batch id in it
 *    (one script: values arriving meanwhile start a new hash); a claimed key left by a crash is
 *    finished first;
 * 2. apply: one transaction records the batch id in usage_flush_batches, adds the rollups to
 *    stream_rollups and refreshes the stream dataset's size, rows and columns; a batch id already
 *    recorded is skipped, and so are the rollups of a stream deleted meanwhile;
 * 3. release: the claimed key is deleted, if it still holds that batch (another engine may have
 *    finished it and claimed the next).
 */

/** KEYS: 1 rollup hash, 2 claimed hash. ARGV: 1 a fresh batch id. Returns the batch id to apply, or nil. */
const CLAIM_SCRIPT = `
local claimed = redis.call("HGET", KEYS[2], "batch")
if claimed then return claimed end
if redis.call("EXISTS", KEYS[1]) == 0 then return nil end
redis.call("RENAME", KEYS[1], KEYS[2])
redis.call("HSET", KEYS[2], "batch", ARGV[1])
return ARGV[1]
`;

/** KEYS: 1 claimed hash. ARGV: 1 the batch applied. Deletes it only if it still holds that batch. */
const RELEASE_SCRIPT = `
if redis.call("HGET", KEYS[1], "batch") == ARGV[1] then return redis.call("DEL", KEYS[1]) end
return 0
`;

/** Bytes a rollup row stands for when an analysis reads the stream's dataset: count, sum, min and max. */
export const ROLLUP_ROW_BYTES = 32;
/** Bytes of a dataset row's minute. */
const MINUTE_BYTES = 8;
/** Rows per INSERT (9 parameters each, well inside PostgreSQL's 65,535). */
const INSERT_CHUNK = 1_000;

interface StreamOfKey {
  base: string;
  userId: string;
  mode: "live" | "test";
  name: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function streamsWithRollups(keys: string[], keyPrefix: string): StreamOfKey[] {
  const pattern = new RegExp(`^(${escapeRegExp(keyPrefix)}s:\\{([^}]+)\\}:(live|test):([a-z0-9][a-z0-9_-]*)):rollup(?:-flushing)?$`);
  const streams = new Map<string, StreamOfKey>();
  for (const key of keys) {
    const match = pattern.exec(key);
    if (!match?.[1] || !match[2] || !match[4]) continue;
    streams.set(match[1], { base: match[1], userId: match[2], mode: match[3] === "test" ? "test" : "live", name: match[4] });
  }
  return [...streams.values()];
}

async function scanRollupKeys(redis: Redis, keyPrefix: string): Promise<string[]> {
  return scanKeys(redis, `${escapeGlob(keyPrefix)}s:*:rollup*`);
}

interface Rollup {
  minute: Date;
  field: string;
  count: number;
  sum: number;
  min: number;
  max: number;
}

/** The claimed hash's `minute|field` entries ("count,sum,min,max"); anything else is ignored. */
function parseRollups(hash: Record<string, string>): Rollup[] {
  const rollups: Rollup[] = [];
  for (const [key, value] of Object.entries(hash)) {
    const at = key.indexOf("|");
    const minute = Number(key.slice(0, at));
    const [count, sum, min, max] = value.split(",").map(Number);
    if (at < 1 || !Number.isInteger(minute) || count === undefined || sum === undefined || min === undefined || max === undefined) continue;
    if (!(count > 0) || ![sum, min, max].every(Number.isFinite)) continue;
    rollups.push({ minute: new Date(minute * 60_000), field: key.slice(at + 1), count, sum, min, max });
  }
  return rollups;
}

/** Applies one claimed batch exactly once; returns the rollup rows written (0 when skipped). */
async function applyRollups(db: Database, stream: StreamOfKey, batchId: string, rollups: Rollup[]): Promise<number> {
  const owned = { user_id: stream.userId, mode: stream.mode, name: stream.name };
  return db.transaction().execute(async (trx) => {
    const fresh = await trx
      .insertInto("usage_flush_batches")
      .values({ id: `stream:${stream.userId}:${stream.mode}:${stream.name}:${batchId}` })
      .onConflict((oc) => oc.doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!fresh) return 0;
    // Held until commit, so the stream cannot be deleted between this check and the insert.
    const row = await trx.selectFrom("streams").select("dataset_id").where("user_id", "=", owned.user_id).where("mode", "=", owned.mode).where("name", "=", owned.name).forShare().executeTakeFirst();
    if (!row || rollups.length === 0) return 0;
    for (let start = 0; start < rollups.length; start += INSERT_CHUNK) {
      await trx
        .insertInto("stream_rollups")
        .values(rollups.slice(start, start + INSERT_CHUNK).map((r) => ({ ...owned, field: r.field, minute: r.minute, count: r.count, sum: r.sum, min: r.min, max: r.max })))
        .onConflict((oc) =>
          oc.columns(["user_id", "mode", "name", "minute", "field"]).doUpdateSet({
            count: sql`stream_rollups.count + excluded.count`,
            sum: sql`stream_rollups.sum + excluded.sum`,
            min: sql`least(stream_rollups.min, excluded.min)`,
            max: sql`greatest(stream_rollups.max, excluded.max)`,
          }),
        )
        .execute();
    }
    if (row.dataset_id) await refreshStreamDataset(trx, owned, row.dataset_id);
    return rollups.length;
  });
}

/** The stream dataset's row count (minutes), size and columns, from its rollups. */
async function refreshStreamDataset(db: Database, owned: { user_id: string; mode: string; name: string }, datasetId: string): Promise<void> {
  const scope = db.selectFrom("stream_rollups").where("user_id", "=", owned.user_id).where("mode", "=", owned.mode).where("name", "=", owned.name);
  const [totals, fields] = await Promise.all([
    scope.select((eb) => [eb.fn.countAll<string>().as("rollups"), sql<string>`count(distinct minute)`.as("minutes")]).executeTakeFirstOrThrow(),
    scope.select("field").distinct().orderBy("field").execute(),
  ]);
  const minutes = Number(totals.minutes);
  const columns = [{ name: "minute", type: "timestamp" }, ...fields.flatMap(({ field }) => streamDatasetColumns(field))];
  await db
    .updateTable("datasets")
    .set({ row_count: minutes, size_bytes: minutes * MINUTE_BYTES + Number(totals.rollups) * ROLLUP_ROW_BYTES, columns: JSON.stringify(columns) })
    .where("id", "=", datasetId)
    .execute();
}

/** Claims, applies and releases every stream's pending rollups; returns the batches applied and rows written. */
export async function flushStreamRollups(db: Database, redis: Redis, keyPrefix: string): Promise<{ batches: number; rollups: number }> {
  let batches = 0;
  let written = 0;
  for (const stream of streamsWithRollups(await scanRollupKeys(redis, keyPrefix), keyPrefix)) {
    const claimedKey = `${stream.base}:rollup-flushing`;
    // A batch left claimed by a crash first, then the current rollups.
    for (let round = 0; round < 2; round++) {
      const batchId = await redis.eval(CLAIM_SCRIPT, 2, `${stream.base}:rollup`, claimedKey, randomBytes(8).toString("hex"));
      if (typeof batchId !== "string") break;
      const { batch: _batch, ...entries } = await redis.hgetall(claimedKey);
      written += await applyRollups(db, stream, batchId, parseRollups(entries));
      await redis.eval(RELEASE_SCRIPT, 1, claimedKey, batchId);
      batches += 1;
    }
  }
  return { batches, rollups: written };
}
