import { sql } from "kysely";
import type { Database } from "../db/client.js";
import type { Redis } from "../redis.js";
import { monthStartDay, nextMonthStart, utcDay, utcMonth } from "./calendar.js";
import { COUNTER_TTL_SECONDS, meterKeys, type MeterMode } from "./redis-keys.js";

/**
 * Rebuilding a month counter Redis lost (DESIGN.md section 4, step 6): the request quota
 * (gateway/metering/meter.ts) and the data allowance (data-meter.ts) both start again from what
 * api_usage holds for the account's calendar month. Usage still waiting in the Redis usage
 * hashes is not counted: the engine flushes it within seconds. Test keys have no ledger: their
 * request counter starts again from the month's test endpoint counts (meterKeys.testEndpointsMonth,
 * written by the same script, so the per-endpoint counts keep summing to it; both are gone after a
 * full Redis loss, and then it starts from 0), their data counter from 0.
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
  const value =
    counter.mode === "live"
      ? await monthUsage(deps.db, counter.userId, counter.column, counter.now)
      : counter.column === "request_count"
        ? await testMonthRequests(deps.redis, counter.userId, counter.now)
        : 0;
  await seedCounter(deps.redis, counter.key, value);
}

/** The sum of the test endpoint counts of the calendar month (UTC) of `now`. */
async function testMonthRequests(redis: Redis, userId: string, now: Date): Promise<number> {
  const counts = await redis.hvals(meterKeys.testEndpointsMonth(userId, utcMonth(now)));
  return counts.reduce((sum, count) => sum + Number(count), 0);
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
