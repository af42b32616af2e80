import type { Database } from "../../core/db/client.js";
import { monthStartDay, utcDay, utcMonth } from "../../core/metering/calendar.js";
import type { EndpointCategory } from "../../core/metering/endpoint-categories.js";
import { rebuildMonthCounter, seedCounter } from "../../core/metering/month-counters.js";
import { COUNTER_TTL_SECONDS, USAGE_TTL_SECONDS, endpointField, keyField, meterKeys, nextUsageHashId, type MeterMode } from "../../core/metering/redis-keys.js";
import type { Redis } from "../../core/redis.js";
import type { KeyContext } from "./key-context.js";
import type { PendingUsage } from "./local-meter.js";
import { WINDOW_MS, calendarDayOf, decide, limitsOf, type CalendarDay, type MeterDecision, type MeterRequest } from "./meter-decisions.js";
import { METER_SCRIPT, REFUND_SCRIPT, REPLAY_SCRIPT } from "./meter-scripts.js";

interface MeterCommands {
  /** METER_SCRIPT with the number of keys first (it varies with the keys in a batch). */
  sluiceMeter: (...args: Array<string | number>) => Promise<Array<number | string>>;
  sluiceRefund: (...args: Array<string | number>) => Promise<number>;
  sluiceReplay: (...args: Array<string | number>) => Promise<number>;
}

/** Registers the scripts on a connection (EVALSHA with a fallback to EVAL). */
export function withMeterScripts(redis: Redis): Redis & MeterCommands {
  redis.defineCommand("sluiceMeter", { lua: METER_SCRIPT });
  redis.defineCommand("sluiceRefund", { numberOfKeys: 6, lua: REFUND_SCRIPT });
  redis.defineCommand("sluiceReplay", { numberOfKeys: 4, lua: REPLAY_SCRIPT });
  return redis as Redis & MeterCommands;
}

/**
 * Where a mode's requests are counted per endpoint category: live in the day's usage hash (the
 * engine flushes it into api_usage), test in the month's test endpoint hash, beside the test
 * month counter they sum to (test keys have no ledger).
 */
export function endpointCountsKey(context: { userId: string; mode: MeterMode }, day: string, month: string): string {
  return context.mode === "live" ? meterKeys.usageDay(context.userId, day) : meterKeys.testEndpointsMonth(context.userId, month);
}

/** The counters one request touched, in REFUND_SCRIPT's order. */
export function refundKeysOf({ context, now }: { context: Pick<KeyContext, "userId" | "mode" | "keyId">; now: Date }): string[] {
  const windowStart = now.getTime() - (now.getTime() % WINDOW_MS);
  const [month, day] = [utcMonth(now), utcDay(now)];
  return [
    meterKeys.rateWindow(context.userId, context.mode, windowStart),
    meterKeys.rateWindow(context.userId, context.mode, windowStart - WINDOW_MS),
    meterKeys.monthQuota(context.userId, context.mode, month),
    meterKeys.keyMonth(context.userId, context.keyId, month),
    meterKeys.usageDay(context.userId, day),
    endpointCountsKey(context, day, month),
  ];
}

/** METER_SCRIPT's KEYS for a batch of one account and mode, with the month counters of `keyIds`. */
export function meterBatchKeys(context: { userId: string; mode: MeterMode }, windowStart: number, day: string, keyIds: string[]): string[] {
  const month = utcMonth(new Date(day));
  return [
    meterKeys.rateWindow(context.userId, context.mode, windowStart),
    meterKeys.rateWindow(context.userId, context.mode, windowStart - WINDOW_MS),
    meterKeys.monthQuota(context.userId, context.mode, month),
    meterKeys.usageDay(context.userId, day),
    endpointCountsKey(context, day, month),
    ...keyIds.map((keyId) => meterKeys.keyMonth(context.userId, keyId, month)),
  ];
}

/** REPLAY_SCRIPT's KEYS for counts one key made on `day` while Redis was away. */
export function replayKeysOf(context: { userId: string; mode: MeterMode; keyId: string }, day: string): string[] {
  const month = utcMonth(new Date(day));
  return [
    meterKeys.monthQuota(context.userId, context.mode, month),
    meterKeys.keyMonth(context.userId, context.keyId, month),
    meterKeys.usageDay(context.userId, day),
    endpointCountsKey(context, day, month),
  ];
}

/** The usage fields of a request: its endpoint category (in its mode's endpoint counts) and its key. */
function usageFields({ context, category }: MeterRequest) {
  return { endpoint: endpointField(category), key: keyField(context.keyId) };
}

/** Requests of one account, mode and rate window waiting for the next script run. */
interface Batch {
  windowStart: number;
  waiting: Array<{ request: MeterRequest; resolve: (decision: MeterDecision) => void; reject: (error: unknown) => void }>;
}

const DAY_MS = 86_400_000;

/** Scripts run with at most this many requests (ARGV grows by one per request, four per kind). */
const MAX_BATCH = 500;

export function createMeter(deps: { redis: Redis & MeterCommands; db: Database }) {
  /**
   * Seeds a missing monthly counter from PostgreSQL (only if still missing): the account quota
   * from api_usage (core/metering/month-counters.ts), a key's from its api_key_usage row.
   */
  async function rebuild(which: "quota" | "key", { context, now }: MeterRequest): Promise<void> {
    const month = utcMonth(now);
    if (which === "quota") {
      const key = meterKeys.monthQuota(context.userId, context.mode, month);
      return rebuildMonthCounter(deps, { key, userId: context.userId, mode: context.mode, now, column: "request_count" });
    }
    const row = await deps.db.selectFrom("api_key_usage").select("request_count").where("key_id", "=", context.keyId).where("month", "=", monthStartDay(now)).executeTakeFirst();
    await seedCounter(deps.redis, meterKeys.keyMonth(context.userId, context.keyId, month), row?.request_count ?? 0);
  }

  /** The last day a batch ran in: formatting dates costs more than the rest of a batch's keys. */
  let lastDay: { startMs: number; calendar: CalendarDay } | undefined;
  function calendarDay(now: Date): CalendarDay {
    const startMs = now.getTime() - (now.getTime() % DAY_MS);
    if (lastDay?.startMs !== startMs) lastDay = { startMs, calendar: calendarDayOf(now) };
    return lastDay.calendar;
  }

  /** Runs the script over requests of one batch and answers each of them, in order. */
  async function run(windowStart: number, waiting: Batch["waiting"]): Promise<void> {
    const first = waiting[0]!.request;
    const { context } = first;
    const { day, monthEndMs, monthSeconds } = calendarDay(first.now);
    const keyIds: string[] = [];
    // A kind of request: its key, the key's cap and its endpoint category (METER_SCRIPT's ARGV).
    const kinds = new Map<string, number>();
    const kindArgs: Array<string | number> = [];
    const codes: number[] = [];
    // Each request's key, as its index in keyIds (the answers count per key).
    const keyIndexes: number[] = [];
    let last: { context: KeyContext; category: EndpointCategory; kind: number; index: number } | undefined;
    for (const { request } of waiting) {
      if (last?.context !== request.context || last.category !== request.category) {
        let index = keyIds.indexOf(request.context.keyId);
        if (index < 0) index = keyIds.push(request.context.keyId) - 1;
        const cap = request.context.monthlyCap ?? -1;
        const kindId = `${index} ${cap} ${request.category}`;
        let kind = kinds.get(kindId);
        if (kind === undefined) {
          kind = kinds.size;
          kinds.set(kindId, kind);
          const fields = usageFields(request);
          kindArgs.push(index + 1, cap, fields.endpoint, fields.key);
        }
        last = { context: request.context, category: request.category, kind, index };
      }
      codes.push(last.kind * WINDOW_MS + request.now.getTime() - windowStart);
      keyIndexes.push(last.index);
    }
    const limits = limitsOf(context);
    const keys = meterBatchKeys(context, windowStart, day, keyIds);
    const args = [keys.length, ...keys, limits.perMinute, WINDOW_MS, limits.perMonth, USAGE_TTL_SECONDS, nextUsageHashId(), COUNTER_TTL_SECONDS, kinds.size, ...kindArgs, ...codes];
    let result = await deps.redis.sluiceMeter(...args);
    for (let rebuilt = 0; Number(result[0]) < 0 && rebuilt <= keyIds.length; rebuilt++) {
      const missingKeyId = result[0] === -2 ? keyIds[Number(result[1]) - 1] : undefined;
      const owner = missingKeyId === undefined ? first : (waiting.find((w) => w.request.context.keyId === missingKeyId)?.request ?? first);
      await rebuild(missingKeyId === undefined ? "quota" : "key", owner);
      result = await deps.redis.sluiceMeter(...args);
    }
    if (Number(result[0]) < 0) throw new Error("metering counters could not be rebuilt");

    const previous = Number(result[1]);
    let [current, quota] = [Number(result[0]), Number(result[2])];
    const keyCounts = keyIds.map((_, i) => Number(result[3 + i]));
    const statuses = String(result[3 + keyIds.length]);
    waiting.forEach(({ request, resolve }, i) => {
      const status = Number(statuses[i]);
      const keyIndex = keyIndexes[i]!;
      if (status === 1) {
        current++;
        quota++;
        keyCounts[keyIndex]!++;
      }
      resolve(decide(request, { status, windowStart, current, previous, quota, keyCount: keyCounts[keyIndex]!, monthEndMs, monthSeconds }));
    });
  }

  /**
   * The batches of the current turn, in a Map made for the turn. Not one Map cleared each turn:
   * V8 allocates a long-lived Map's tables in the old generation, and a cleared table keeps
   * pointing at its entries until the next full collection, so every scavenge kept each batch's
   * requests alive and promoted them (about 300 KB per scavenge at 8,000 requests/s, filling the
   * old generation and so causing most of the mark-compacts in the gateway's latency tail).
   */
  let batches = new Map<string, Batch>();

  /** Sends every waiting batch: one script run per account (and per MAX_BATCH requests). */
  function flush(): void {
    const ready = batches;
    batches = new Map();
    for (const { windowStart, waiting } of ready.values()) {
      for (let from = 0; from < waiting.length; from += MAX_BATCH) {
        const part = waiting.slice(from, from + MAX_BATCH);
        run(windowStart, part).catch((error: unknown) => {
          for (const { reject } of part) reject(error);
        });
      }
    }
  }

  /**
   * Checks and counts one request. Requests arriving in the same turn of the event loop are
   * batched per account into one script run (one Redis round trip for all of them), answered
   * in arrival order with exactly the decisions they would get one by one.
   */
  function admit(request: MeterRequest): Promise<MeterDecision> {
    const { context, now } = request;
    const windowStart = now.getTime() - (now.getTime() % WINDOW_MS);
    // A rate window lies within one day and one month: it fixes every counter the batch touches.
    const id = `${context.userId} ${context.mode} ${windowStart}`;
    let batch = batches.get(id);
    if (!batch) {
      if (batches.size === 0) setImmediate(flush);
      batch = { windowStart, waiting: [] };
      batches.set(id, batch);
    }
    const waiting = batch.waiting;
    return new Promise((resolve, reject) => waiting.push({ request, resolve, reject }));
  }

  /** Takes back an admitted request that ended in a server error. */
  async function refund(request: MeterRequest): Promise<void> {
    const fields = usageFields(request);
    await deps.redis.sluiceRefund(...refundKeysOf(request), fields.endpoint, fields.key);
  }

  /** Adds requests admitted while Redis was away to its counters and usage hashes. */
  async function replay(entries: PendingUsage[]): Promise<void> {
    for (const entry of entries) {
      const day = new Date(entry.day);
      const fields = usageFields({ context: entry.context, category: entry.category, now: day });
      await deps.redis.sluiceReplay(
        ...replayKeysOf(entry.context, entry.day),
        entry.count,
        fields.endpoint,
        fields.key,
        COUNTER_TTL_SECONDS,
        USAGE_TTL_SECONDS,
        nextUsageHashId(),
      );
    }
  }

  return { admit, refund, replay };
}

export type Meter = ReturnType<typeof createMeter>;

