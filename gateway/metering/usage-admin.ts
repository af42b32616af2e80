import { sql } from "kysely";
import type { Database } from "../../core/db/client.js";
import { utcMonth } from "../../core/metering/calendar.js";
import type { EndpointCategory } from "../../core/metering/endpoint-categories.js";
import { meterKeys } from "../../core/metering/redis-keys.js";
import type { Redis } from "../../core/redis.js";
import { applyUsageBatch, claimUsageBatches } from "../../core/metering/usage-flush.js";

/**
 * Sets a day's request count for one account and endpoint to an absolute value (the admin's
 * "Add API usage"), keeping Redis and PostgreSQL in agreement: pending counts are flushed first
 * so the stored row is current, the row is set, and the live monthly counter moves by the same
 * difference. Requests made meanwhile still count on top.
 */
export async function setDailyUsage(
  deps: { db: Database; redis: Redis; redisKeyPrefix: string },
  input: { userId: string; endpoint: EndpointCategory; date: string; requestCount: number },
): Promise<{ previous: number; current: number }> {
  if (!Number.isSafeInteger(input.requestCount) || input.requestCount < 0) throw new RangeError("requestCount must be a non-negative integer");
  for (const batch of await claimUsageBatches(deps.redis, deps.redisKeyPrefix, input.userId)) {
    await applyUsageBatch(deps.db, deps.redis, batch);
  }
  const previous = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("api_usage")
      .select("request_count")
      .where("user_id", "=", input.userId)
      .where("endpoint", "=", input.endpoint)
      .where("date", "=", input.date)
      .forUpdate()
      .executeTakeFirst();
    await trx
      .insertInto("api_usage")
      .values({ user_id: input.userId, endpoint: input.endpoint, date: input.date, request_count: input.requestCount })
      .onConflict((oc) => oc.columns(["user_id", "endpoint", "date"]).doUpdateSet({ request_count: input.requestCount, updated_at: sql`now()` }))
      .execute();
    return row?.request_count ?? 0;
  });
  const delta = input.requestCount - previous;
  const quotaKey = `${deps.redisKeyPrefix}${meterKeys.monthQuota(input.userId, "live", utcMonth(new Date(input.date)))}`;
  // A missing counter is rebuilt from PostgreSQL on the next request, which already has the new value.
  await deps.redis.eval(
    `if redis.call("EXISTS", KEYS[1]) == 1 then
       local value = redis.call("INCRBY", KEYS[1], ARGV[1])
       if value < 0 then redis.call("SET", KEYS[1], 0, "KEEPTTL") end
     end
     return 1`,
    1,
    quotaKey,
    delta,
  );
  return { previous, current: input.requestCount };
}
