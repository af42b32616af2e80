/**
 * Redis keys of the metered path. Every key of one account carries the account id as its hash
 * tag, so the one Lua script a request runs touches a single Redis Cluster slot.
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
   * `b:<endpoint category>` (bytes, live only) and `id`, the hash's identity (usage-hash-id.ts).
   */
  usageDay: (userId: string, day: string) => `m:{${userId}}:usage:${day}`,
  /** A usage hash renamed aside by the flush while it is written to PostgreSQL. */
  usageBatch: (userId: string, day: string, batchId: string) => `m:{${userId}}:flushing:${day}:${batchId}`,
};

export const USAGE_DAY_PATTERN = /m:\{(usr_[^}]+)\}:usage:(\d{4}-\d{2}-\d{2})$/;
export const USAGE_BATCH_PATTERN = /m:\{(usr_[^}]+)\}:flushing:(\d{4}-\d{2}-\d{2}):([\w-]+)$/;

export const endpointField = (category: string) => `e:${category}`;
export const keyField = (keyId: string) => `k:${keyId}`;
export const bytesField = (category: string) => `b:${category}`;
