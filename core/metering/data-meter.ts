import type { Database } from "../db/client.js";
import { AppError } from "../errors.js";
import type { Redis } from "../redis.js";
import { nextMonthStart, secondsInMonth, secondsUntil, utcDay, utcMonth } from "./calendar.js";
import type { EndpointCategory } from "./endpoint-categories.js";
import { rebuildMonthCounter } from "./month-counters.js";
import { ratePolicy, refusalHeaders } from "./rate-limit-headers.js";
import { COUNTER_TTL_SECONDS, USAGE_ID_FIELD, USAGE_TTL_SECONDS, bytesField, meterKeys, nextUsageHashId, type MeterMode } from "./redis-keys.js";
import { TEST_MODE_LIMITS } from "../plans.js";

/**
 * The monthly data allowance (DESIGN.md section 8): bytes processed per account and mode in a
 * calendar month (UTC), against the package's data_limit_bytes (test keys: a fixed allowance of
 * their own). Uploads are charged their size, analyses and cleanings the bytes they read.
 *
 * CHARGE, atomically: KEYS 1 month counter, 2 usage day hash; ARGV 1 bytes, 2 limit (-1 none),
 * 3 usage field ("" for none), 4 counter TTL s, 5 usage TTL s, 6 the usage hash's id if this
 * creates it (nextUsageHashId, redis-keys.ts). Returns {admitted 1|0, used}, or
 * {-1, 0} when the month counter is missing (the caller rebuilds it and runs the script again).
 * A refused charge adds nothing. Live charges also go to the day's usage hash (field
 * `b:<category>`), which the engine's usage flush moves into api_usage.bytes_processed.
 *
 * A lost counter is rebuilt as the request quota's is (month-counters.ts).
 */
const CHARGE_SCRIPT = `
local used = redis.call("GET", KEYS[1])
if not used then return {-1, 0} end
used = tonumber(used)
local bytes = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
if limit >= 0 and used + bytes > limit then return {0, used} end
used = redis.call("INCRBY", KEYS[1], bytes)
redis.call("EXPIRE", KEYS[1], tonumber(ARGV[4]))
if ARGV[3] ~= "" then
  redis.call("HINCRBY", KEYS[2], ARGV[3], bytes)
  redis.call("HSETNX", KEYS[2], "${USAGE_ID_FIELD}", ARGV[6])
  redis.call("EXPIRE", KEYS[2], tonumber(ARGV[5]))
end
return {1, used}
`;

/** The X-RateLimit-Resource and policy name of the data allowance. */
export const DATA_POLICY = { name: "data-month", resource: "data" } as const;

export interface DataCharge {
  userId: string;
  mode: MeterMode;
  bytes: number;
  /** The package's data_limit_bytes; -1 is unlimited. Ignored in test mode (fixed allowance). */
  limitBytes: number;
  now: Date;
  /** The api_usage category the bytes are recorded under (default /api/data-processing). */
  endpoint?: EndpointCategory;
}

export interface DataChargeResult {
  admitted: boolean;
  /** Bytes used this month, after the charge when admitted. */
  used: number;
  /** The allowance applied; -1 is unlimited. */
  limit: number;
  resetAt: Date;
}

/** The allowance of a mode: the package's for live keys, the fixed test allowance otherwise. */
export function dataLimitFor(mode: MeterMode, limitBytes: number): number {
  return mode === "test" ? TEST_MODE_LIMITS.dataBytesPerMonth : limitBytes;
}

/** What the data meter reads and writes: the Redis counters, and api_usage to rebuild a lost one. */
export interface DataMeterDeps {
  redis: Redis;
  db: Database;
}

type Account = Pick<DataCharge, "userId" | "mode" | "now">;

/** CHARGE_SCRIPT's KEYS: the month's data counter and the day's usage hash, both tagged by the account. */
export function dataChargeKeys(input: { userId: string; mode: MeterMode; now: Date }): [string, string] {
  return [meterKeys.dataMonth(input.userId, input.mode, utcMonth(input.now)), meterKeys.usageDay(input.userId, utcDay(input.now))];
}

export async function chargeDataBytes(deps: DataMeterDeps, input: DataCharge): Promise<DataChargeResult> {
  if (!Number.isSafeInteger(input.bytes) || input.bytes < 0) throw new RangeError("bytes must be a non-negative integer");
  const limit = dataLimitFor(input.mode, input.limitBytes);
  const field = input.mode === "live" ? bytesField(input.endpoint ?? "/api/data-processing") : "";
  const [counter, usageDay] = dataChargeKeys(input);
  const charge = async () =>
    (await deps.redis.eval(
      CHARGE_SCRIPT,
      2,
      counter,
      usageDay,
      input.bytes,
      limit,
      field,
      COUNTER_TTL_SECONDS,
      USAGE_TTL_SECONDS,
      nextUsageHashId(),
    )) as [number, number];
  let result = await charge();
  for (let rebuilt = 0; result[0] < 0 && rebuilt < 2; rebuilt++) {
    await rebuildDataCounter(deps, input, counter);
    result = await charge();
  }
  if (result[0] < 0) throw new Error("the data counter could not be rebuilt");
  return { admitted: result[0] === 1, used: Number(result[1]), limit, resetAt: nextMonthStart(input.now) };
}

/** Bytes charged this month so far (0 when nothing was charged); a lost counter is rebuilt first. */
export async function readDataUsed(deps: DataMeterDeps, input: Account): Promise<number> {
  const counter = meterKeys.dataMonth(input.userId, input.mode, utcMonth(input.now));
  let used = await deps.redis.get(counter);
  if (used === null) {
    await rebuildDataCounter(deps, input, counter);
    used = await deps.redis.get(counter);
  }
  return Number(used ?? 0);
}

/** Seeds a lost month counter from the month's bytes in api_usage (month-counters.ts). */
function rebuildDataCounter(deps: DataMeterDeps, { userId, mode, now }: Account, key: string): Promise<void> {
  return rebuildMonthCounter(deps, { key, userId, mode, now, column: "bytes_processed" });
}

/**
 * The 429 of a refused charge: QUOTA_EXCEEDED naming the data policy, with the quota headers of
 * the data allowance, built as the request meter's are (X-RateLimit-Resource: data; the
 * RateLimit pair names the data policy only, replacing the request policies the answer would
 * otherwise carry) and Retry-After until the month turns.
 */
export function dataQuotaExceeded(result: DataChargeResult, requestedBytes: number, now: Date): AppError {
  const resetAtMs = result.resetAt.getTime();
  const policy = ratePolicy(DATA_POLICY.name, DATA_POLICY.resource, result.limit, result.used, resetAtMs, secondsInMonth(now));
  return new AppError(
    "QUOTA_EXCEEDED",
    `Quota exhausted: policy ${DATA_POLICY.name} (${result.limit} bytes per month; ${policy.remaining} left, ${requestedBytes} needed).`,
    { headers: refusalHeaders(policy, [policy], secondsUntil(resetAtMs, now.getTime()), now) },
  );
}
