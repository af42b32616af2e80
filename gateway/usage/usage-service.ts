import { sql } from "kysely";
import type { UsageSeries } from "../../core/contracts/usage.js";
import type { Database } from "../../core/db/client.js";
import type { Logger } from "../../core/logger.js";
import { monthStartDay, nextMonthStart, utcDay, utcMonth } from "../../core/metering/calendar.js";
import { ENDPOINT_CATEGORIES, type EndpointCategory } from "../../core/metering/endpoint-categories.js";
import { endpointField, meterKeys } from "../../core/metering/redis-keys.js";
import type { Redis } from "../../core/redis.js";

/**
 * An account's live requests per day and endpoint category: api_usage (flushed by the engine
 * every few seconds) plus the day hashes still waiting in Redis, so a request shows at once.
 */

export interface UsageDeps {
  db: Database;
  /** The gateway's key-prefixed client (the metered path's counters). */
  redis: Redis;
  logger: Logger;
  now: () => Date;
}

const DAY_MS = 86_400_000;
/** Unflushed day hashes exist for at most the last couple of days (the flush runs every 5 s). */
const UNFLUSHED_DAYS = 2;

type Counts = Record<EndpointCategory, number>;
const emptyCounts = (): Counts => Object.fromEntries(ENDPOINT_CATEGORIES.map((category) => [category, 0])) as Counts;
const isCategory = (value: string): value is EndpointCategory => (ENDPOINT_CATEGORIES as readonly string[]).includes(value);

export async function usageSeries(deps: UsageDeps, userId: string, dayCount: number): Promise<UsageSeries> {
  const now = deps.now();
  const dates = Array.from({ length: dayCount }, (_, index) => utcDay(new Date(now.getTime() - (dayCount - 1 - index) * DAY_MS)));
  const counts = new Map(dates.map((date) => [date, emptyCounts()]));

  const rows = await deps.db
    .selectFrom("api_usage")
    .select(["endpoint", sql<string>`to_char(date, 'YYYY-MM-DD')`.as("day"), "request_count"])
    .where("user_id", "=", userId)
    .where("date", ">=", dates[0] ?? utcDay(now))
    .execute();
  for (const row of rows) {
    const day = counts.get(row.day);
    if (day && isCategory(row.endpoint)) day[row.endpoint] += Number(row.request_count);
  }
  for (const date of dates.slice(-UNFLUSHED_DAYS)) {
    const pending: Record<string, string> = await deps.redis.hgetall(meterKeys.usageDay(userId, date)).catch((error: unknown) => {
      deps.logger.warn({ err: error, userId }, "unflushed usage unavailable; the series shows stored usage only");
      return {};
    });
    const day = counts.get(date);
    if (!day) continue;
    for (const category of ENDPOINT_CATEGORIES) day[category] += Number(pending[endpointField(category)] ?? 0);
  }
  return {
    days: dates.map((date) => {
      const requests = counts.get(date) ?? emptyCounts();
      return { date, requests, total: Object.values(requests).reduce((sum, value) => sum + value, 0) };
    }),
  };
}

/** One month of stored usage as CSV (date, endpoint, requests, bytes processed), oldest first. */
export async function usageCsv(deps: UsageDeps, userId: string, month: string): Promise<string> {
  const [year, monthIndex] = month.split("-").map(Number);
  const from = `${month}-01`;
  const to = utcDay(new Date(Date.UTC(year ?? 1970, monthIndex ?? 1, 1)));
  const rows = await deps.db
    .selectFrom("api_usage")
    .select([sql<string>`to_char(date, 'YYYY-MM-DD')`.as("day"), "endpoint", "request_count", "bytes_processed"])
    .where("user_id", "=", userId)
    .where("date", ">=", from)
    .where("date", "<", to)
    .orderBy("date")
    .orderBy("endpoint")
    .execute();
  const lines = ["date,endpoint,requests,bytes_processed", ...rows.map((row) => `${row.day},${row.endpoint},${row.request_count},${row.bytes_processed}`)];
  return `${lines.join("\r\n")}\r\n`;
}

/**
 * Live requests this calendar month per account: the metered path's monthly counter, which is
 * ahead of api_usage (flushed every few seconds); api_usage when Redis lost the counter or
 * cannot be reached.
 */
export async function monthRequests(deps: Pick<UsageDeps, "db" | "redis" | "logger">, userIds: readonly string[], now: Date): Promise<Map<string, number>> {
  const usage = new Map<string, number>();
  if (userIds.length === 0) return usage;
  const month = utcMonth(now);
  const [stored, counters] = await Promise.all([
    deps.db
      .selectFrom("api_usage")
      .select(["user_id", sql<string>`sum(request_count)`.as("n")])
      .where("user_id", "in", userIds)
      .where("date", ">=", monthStartDay(now))
      .where("date", "<", utcDay(nextMonthStart(now)))
      .groupBy("user_id")
      .execute(),
    deps.redis.mget(userIds.map((id) => meterKeys.monthQuota(id, "live", month))).catch((error: unknown) => {
      deps.logger.warn({ err: error }, "monthly counters unavailable; usage read from api_usage");
      return [];
    }),
  ]);
  for (const row of stored) usage.set(row.user_id, Number(row.n));
  counters.forEach((value, index) => {
    const id = userIds[index];
    if (id && value !== null) usage.set(id, Math.max(usage.get(id) ?? 0, Number(value)));
  });
  return usage;
}
