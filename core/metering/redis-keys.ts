import { randomBytes } from "node:crypto";

/**
 * Redis keys of the metered path and the fields of its usage hashes. Every key of one account
 * carries the account id as its hash tag, so the one Lua script a request runs touches a single
 * Redis Cluster slot.
 */
export type MeterMode = "live" | "test";

/** Month counters outlive their month by some days, so a late refund or replay still finds them. */
export const COUNTER_TTL_SECONDS = 40 * 24 * 3_600;
/** Usage hashes wait this long for the engine's flush (every 5 s) before Redis drops them. */
export const USAGE_TTL_SECONDS = 7 * 24 * 3_600;

export const meterKeys = {
  rateWindow: (userId: string, mode: MeterMode, windowStart: number) => `m:{${userId}}:rate:${mode}:${windowStart}`,
  monthQuota: (userId: string, mode: MeterMode, month: string) => `m:{${userId}}:quota:${mode}:${month}`,
  keyMonth: (userId: string, keyId: string, month: string) => `m:{${userId}}:key:${keyId}:${month}`,
  /** Bytes of data processed in a calendar month (DESIGN.md section 8), per mode. */
  dataMonth: (userId: string, mode: MeterMode, month: string) => `m:{${userId}}:data:${mode}:${month}`,
  /**
   * Unflushed usage of a day: fields `e:<endpoint category>` (live only), `k:<key id>`,
   * `b:<endpoint category>` (bytes, live only) and `id`, the hash's identity (nextUsageHashId).
   */
  usageDay: (userId: string, day: string) => `m:{${userId}}:usage:${day}`,
  /**
   * Test-mode requests of a calendar month per endpoint category (fields `e:<endpoint category>`),
   * counted by the script that counts the test month counter, so they sum to it. Test keys have no
   * ledger in PostgreSQL: this hash is their only per-endpoint record, and Redis loss empties it.
   */
  testEndpointsMonth: (userId: string, month: string) => `m:{${userId}}:endpoints:test:${month}`,
  /** A usage hash renamed aside by the flush while it is written to PostgreSQL. */
  usageBatch: (userId: string, day: string, batchId: string) => `m:{${userId}}:flushing:${day}:${batchId}`,
};

export const USAGE_DAY_PATTERN = /m:\{(usr_[^}]+)\}:usage:(\d{4}-\d{2}-\d{2})$/;
export const USAGE_BATCH_PATTERN = /m:\{(usr_[^}]+)\}:flushing:(\d{4}-\d{2}-\d{2}):([\w-]+)$/;

export const endpointField = (category: string) => `e:${category}`;
export const keyField = (keyId: string) => `k:${keyId}`;
export const bytesField = (category: string) => `b:${category}`;

/**
 * The usage hash's identity (DESIGN.md section 4, docs/decisions/0018-metering-survives-redis-loss.md).
 * The script that creates a usage hash stores one of these in its `id` field (HSETNX, so the first
 * writer names it), and the usage flush records it as the batch id. A hash that comes back from
 * an older Redis snapshot after it was flushed carries the id already recorded, so it is skipped
 * instead of counted twice.
 *
 * Unique without coordination: the creation time (base 36 ms), a random token per process and a
 * counter. The time lets the flush tell a hash the ledger of applied ids may have forgotten.
 */
export const USAGE_ID_FIELD = "id";

const PROCESS_TOKEN = randomBytes(6).toString("base64url");
let issued = 0;

/** A fresh id for the usage hash a script run may create (one per run, not per request). */
export function nextUsageHashId(nowMs = Date.now()): string {
  issued++;
  return `${nowMs.toString(36)}.${PROCESS_TOKEN}.${issued.toString(36)}`;
}

/** When the hash of this id was created (epoch ms), or undefined for an id of another shape. */
export function usageHashCreatedAt(id: string): number | undefined {
  const match = /^([0-9a-z]{1,11})\.[\w-]+\.[0-9a-z]+$/.exec(id);
  return match?.[1] ? parseInt(match[1], 36) : undefined;
}
