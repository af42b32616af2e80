import { sql } from "kysely";
import type { Database } from "../../core/db/client.js";
import { monthStartDay, nextMonthStart, utcDay, utcMonth } from "../../core/metering/calendar.js";
import type { EndpointCategory } from "../../core/metering/endpoint-categories.js";
import { TEST_MODE_LIMITS, endpointField, keyField, meterKeys } from "../../core/metering/redis-keys.js";
import { retryAfterSeconds } from "../../core/rate-limit.js";
import type { Redis } from "../../core/redis.js";
import type { KeyContext } from "./key-context.js";
import type { PendingUsage } from "./local-meter.js";
import { METER_SCRIPT, REFUND_SCRIPT, REPLAY_SCRIPT } from "./meter-scripts.js";

const WINDOW_MS = 60_000;
const COUNTER_TTL_SECONDS = 40 * 24 * 3_600;
const USAGE_TTL_SECONDS = 7 * 24 * 3_600;

export type PolicyName = "minute" | "month" | "key-month";

export interface MeterPolicy {
  name: PolicyName;
  /** X-RateLimit-Resource value. */
  resource: string;
  limit: number;
  used: number;
  remaining: number;
  resetAt: Date;
  windowSeconds: number;
}

export type MeterDecision =
  | { admitted: true; policies: MeterPolicy[]; limiting: MeterPolicy }
  | { admitted: false; violated: MeterPolicy; policies: MeterPolicy[]; retryAfterSeconds: number };

interface MeterCommands {
  sluiceMeter: (...args: Array<string | number>) => Promise<[number, number, number, number, number]>;
  sluiceRefund: (...args: Array<string | number>) => Promise<number>;
  sluiceReplay: (...args: Array<string | number>) => Promise<number>;
}

/** Registers the scripts on a connection (EVALSHA with a fallback to EVAL). */
export function withMeterScripts(redis: Redis): Redis & MeterCommands {
  redis.defineCommand("sluiceMeter", { numberOfKeys: 5, lua: METER_SCRIPT });
  redis.defineCommand("sluiceRefund", { numberOfKeys: 5, lua: REFUND_SCRIPT });
  redis.defineCommand("sluiceReplay", { numberOfKeys: 3, lua: REPLAY_SCRIPT });
  return redis as Redis & MeterCommands;
}

interface Request {
  context: KeyContext;
  category: EndpointCategory;
  now: Date;
}

function limitsOf(context: KeyContext) {
  return context.mode === "test"
    ? { perMinute: TEST_MODE_LIMITS.perMinute, perMonth: TEST_MODE_LIMITS.perMonth }
    : { perMinute: context.ratePerMinute, perMonth: context.monthlyRequests };
}

function keysOf({ context, now }: Request) {
  const windowStart = now.getTime() - (now.getTime() % WINDOW_MS);
  const month = utcMonth(now);
  return {
    windowStart,
    keys: [
      meterKeys.rateWindow(context.userId, context.mode, windowStart),
      meterKeys.rateWindow(context.userId, context.mode, windowStart - WINDOW_MS),
      meterKeys.monthQuota(context.userId, context.mode, month),
      meterKeys.keyMonth(context.userId, context.keyId, month),
      meterKeys.usageDay(context.userId, utcDay(now)),
    ],
  };
}

/** Live usage of the paid quota counts in api_usage; test keys never touch it. */
function usageFields({ context, category }: Request) {
  return { endpoint: context.mode === "live" ? endpointField(category) : "", key: keyField(context.keyId) };
}

export function createMeter(deps: { redis: Redis & MeterCommands; db: Database }) {
  /** Seeds a missing monthly counter from the PostgreSQL ledgers (only if still missing). */
  async function rebuild(which: "quota" | "key", request: Request, key: string): Promise<void> {
    const month = monthStartDay(request.now);
    let value = 0;
    if (which === "quota" && request.context.mode === "live") {
      const row = await deps.db
        .selectFrom("api_usage")
        .select(sql<number>`coalesce(sum(request_count), 0)::bigint`.as("total"))
        .where("user_id", "=", request.context.userId)
        .where("date", ">=", month)
        .where("date", "<", utcDay(nextMonthStart(request.now)))
        .executeTakeFirst();
      value = Number(row?.total ?? 0);
    } else if (which === "key") {
      const row = await deps.db.selectFrom("api_key_usage").select("request_count").where("key_id", "=", request.context.keyId).where("month", "=", month).executeTakeFirst();
      value = row?.request_count ?? 0;
    }
    await deps.redis.set(key, value, "EX", COUNTER_TTL_SECONDS, "NX");
  }

  async function admit(request: Request): Promise<MeterDecision> {
    const { context, now } = request;
    const { windowStart, keys } = keysOf(request);
    const limits = limitsOf(context);
    const fields = usageFields(request);
    const elapsed = now.getTime() - windowStart;
    const args = [
      ...keys,
      limits.perMinute,
      WINDOW_MS,
      elapsed,
      limits.perMonth,
      context.monthlyCap ?? -1,
      fields.endpoint,
      fields.key,
      COUNTER_TTL_SECONDS,
      USAGE_TTL_SECONDS,
    ];
    let result = await deps.redis.sluiceMeter(...args);
    for (let rebuilt = 0; result[0] < 0 && rebuilt < 2; rebuilt++) {
      await rebuild(result[0] === -1 ? "quota" : "key", request, result[0] === -1 ? (keys[2] ?? "") : (keys[3] ?? ""));
      result = await deps.redis.sluiceMeter(...args);
    }
    const [status, current, previous, quota, keyCount] = result;
    if (status < 0) throw new Error("metering counters could not be rebuilt");

    const admitted = status === 1;
    const weightedRate = Math.ceil((previous * (WINDOW_MS - elapsed)) / WINDOW_MS + current);
    const monthEnd = nextMonthStart(now);
    const monthSeconds = Math.round((monthEnd.getTime() - Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)) / 1_000);
    const policies: MeterPolicy[] = [policy("minute", "requests-per-minute", limits.perMinute, weightedRate, new Date(windowStart + WINDOW_MS), 60)];
    if (limits.perMonth >= 0) policies.push(policy("month", "monthly-quota", limits.perMonth, quota, monthEnd, monthSeconds));
    if (context.monthlyCap !== null) policies.push(policy("key-month", "key-monthly-cap", context.monthlyCap, keyCount, monthEnd, monthSeconds));

    if (admitted) {
      const limiting = policies.reduce((tightest, p) => (p.remaining < tightest.remaining ? p : tightest));
      return { admitted: true, policies, limiting };
    }
    const violatedName: PolicyName = status === 0 ? "minute" : status === 2 ? "month" : "key-month";
    const violated = policies.find((p) => p.name === violatedName) ?? policies[0]!;
    const retryAfter =
      violatedName === "minute"
        ? retryAfterSeconds({ name: "minute", limit: limits.perMinute, windowMs: WINDOW_MS }, elapsed, current, previous, 1)
        : Math.max(1, Math.ceil((monthEnd.getTime() - now.getTime()) / 1_000));
    return { admitted: false, violated, policies, retryAfterSeconds: retryAfter };
  }

  /** Takes back an admitted request that ended in a server error. */
  async function refund(request: Request): Promise<void> {
    const { keys } = keysOf(request);
    const fields = usageFields(request);
    await deps.redis.sluiceRefund(...keys, fields.endpoint, fields.key);
  }

  /** Adds requests admitted while Redis was away to its counters and usage hashes. */
  async function replay(entries: PendingUsage[]): Promise<void> {
    for (const entry of entries) {
      const month = entry.day.slice(0, 7);
      const fields = usageFields({ context: entry.context, category: entry.category, now: new Date(entry.day) });
      await deps.redis.sluiceReplay(
        meterKeys.monthQuota(entry.context.userId, entry.context.mode, month),
        meterKeys.keyMonth(entry.context.userId, entry.context.keyId, month),
        meterKeys.usageDay(entry.context.userId, entry.day),
        entry.count,
        fields.endpoint,
        fields.key,
        COUNTER_TTL_SECONDS,
        USAGE_TTL_SECONDS,
      );
    }
  }

  return { admit, refund, replay };
}

export type Meter = ReturnType<typeof createMeter>;

function policy(name: PolicyName, resource: string, limit: number, used: number, resetAt: Date, windowSeconds: number): MeterPolicy {
  return { name, resource, limit, used: Math.min(used, limit), remaining: Math.max(0, limit - used), resetAt, windowSeconds };
}
