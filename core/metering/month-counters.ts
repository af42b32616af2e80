import { sql } from "kysely";
import type { Database } from "../db/client.js";
import type { Redis } from "../redis.js";
import { monthStartDay, nextMonthStart, utcDay } from "./calendar.js";
import { COUNTER_TTL_SECONDS, type MeterMode } from "./redis-keys.js";

/**
 * Rebuilding a month counter Redis lost (DESIGN.md section 4, step 6): the request quota
 * (gateway/metering/meter.ts) and the data allowance (data-meter.ts) both start again from what
 * api_usage holds for the account's calendar month. Usage still waiting in the Redis usage
 * hashes is not counted: the engine flushes it within seconds. Test keys have no ledger, so
 * their counters start again from 0.
 */
export type UsageColumn = "request_count" | "bytes_processed";

export interface LostCounter {
  /** The counter's Redis key. */
  key: string;
  userId: string;
  mode: MeterMode;
  now: Date;
  column: UsageColumn;
}

export async function rebuildMonthCounter(deps: { db: Database; redis: Redis }, counter: LostCounter): Promise<void> {
  const value = counter.mode === "live" ? await monthUsage(deps.db, counter.userId, counter.column, counter.now) : 0;
  await seedCounter(deps.redis, counter.key, value);
}

/**
 * Sets a missing counter, only if it is still missing (SET NX: requests racing to rebuild it
 * seed it once), with the counters' expiry.
 */
export async function seedCounter(redis: Redis, key: string, value: number): Promise<void> {
  await redis.set(key, value, "EX", COUNTER_TTL_SECONDS, "NX");
}

/** The account's total of `column` in api_usage over the calendar month (UTC) of `now`. */
async function monthUsage(db: Database, userId: string, column: UsageColumn, now: Date): Promise<number> {
  const row = await db
    .selectFrom("api_usage")
    .select(sql<number>`coalesce(sum(${sql.ref(column)}), 0)::bigint`.as("total"))
    .where("user_id", "=", userId)
    .where("date", ">=", monthStartDay(now))
    .where("date", "<", utcDay(nextMonthStart(now)))
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}
