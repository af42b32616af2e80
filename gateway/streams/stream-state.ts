import { z } from "zod";
import { ANOMALIES_KEPT, StoredAnomalySchema, type FieldStatistics, type StoredAnomaly, type StreamAnomaly, type StreamEvent } from "../../core/contracts/streams.js";
import type { Redis } from "../../core/redis.js";
import type { MeterMode } from "../../core/metering/redis-keys.js";
import { INGEST_SCRIPT, RATE_MINUTES } from "./ingest-script.js";
import { sampleVariance } from "./statistics.js";

/** A stream's identity: account, mode and name. */
export interface StreamRef {
  userId: string;
  mode: MeterMode;
  name: string;
}

/** The stream's Redis keys, hash-tagged on the account like meterKeys (one slot per account). */
export const streamKeys = (ref: StreamRef) => {
  const base = `s:{${ref.userId}}:${ref.mode}:${ref.name}`;
  return {
    stats: `${base}:stats`,
    ids: `${base}:ids`,
    anomalies: `${base}:anomalies`,
    /** Set while the stream's last anomaly webhook is younger than the interval between two. */
    notified: `${base}:notified`,
    /** Anomalies raised since that webhook and not sent. */
    suppressed: `${base}:suppressed`,
    /** Per-minute rollups not yet moved to PostgreSQL (engine/jobs/flush-stream-rollups.ts). */
    rollup: `${base}:rollup`,
    /** The rollup hash the engine has claimed and not yet applied (its batch id in the field `batch`). */
    claimedRollup: `${base}:rollup-flushing`,
  };
};

interface StreamCommands {
  sluiceStreamIngest: (...args: Array<string | number>) => Promise<Array<number | string>>;
}

/** Registers the ingest script on a connection (EVALSHA with a fallback to EVAL). */
export function withStreamScripts(redis: Redis): Redis & StreamCommands {
  redis.defineCommand("sluiceStreamIngest", { numberOfKeys: 4, lua: INGEST_SCRIPT });
  return redis as Redis & StreamCommands;
}

const ScriptAnomalySchema = z.object({ event_id: z.string(), field: z.string(), sequence: z.number().int(), value: z.number(), score: z.number().nullable(), detected_at: z.number() });

export interface IngestOutcome {
  accepted: number;
  duplicates: number;
  anomalies: StreamAnomaly[];
}

/** Applies a batch to the stream's statistics in one atomic script run; the newest `idsKept` event ids are remembered. */
export async function ingestEvents(redis: Redis & StreamCommands, ref: StreamRef, events: readonly StreamEvent[], now: Date, idsKept: number): Promise<IngestOutcome> {
  const keys = streamKeys(ref);
  const payload = JSON.stringify(events.map((event) => ({ id: event.id, minute: Math.floor(Date.parse(event.timestamp) / 60_000), fields: Object.entries(event.fields) })));
  const reply = await redis.sluiceStreamIngest(keys.stats, keys.ids, keys.anomalies, keys.rollup, now.getTime(), payload, idsKept);
  const [accepted, duplicates, ...found] = reply;
  return {
    accepted: Number(accepted),
    duplicates: Number(duplicates),
    anomalies: found.map((entry) => {
      const { event_id, field, sequence, value, score } = ScriptAnomalySchema.parse(JSON.parse(String(entry)));
      return { event_id, field, sequence, value, score };
    }),
  };
}

function parseAnomaly(entry: string): StoredAnomaly {
  const raw = ScriptAnomalySchema.parse(JSON.parse(entry));
  return StoredAnomalySchema.parse({ ...raw, detected_at: new Date(raw.detected_at).toISOString() });
}

/** Values received in the last RATE_MINUTES minutes, per minute since the oldest of those buckets. */
function ratePerMinute(buckets: string, now: Date): number {
  const minute = Math.floor(now.getTime() / 60_000);
  let total = 0;
  let oldest = minute;
  for (const bucket of buckets.split(",")) {
    const [at, count] = bucket.split(":").map(Number);
    if (at === undefined || count === undefined || !(at > minute - RATE_MINUTES)) continue;
    total += count;
    oldest = Math.min(oldest, at);
  }
  return total / (minute - oldest + 1);
}

export interface StreamStatistics {
  events: number;
  fields: Record<string, FieldStatistics>;
  anomalies: StoredAnomaly[];
}

/** The stream's current statistics and last anomalies (newest first). */
export async function readStreamStatistics(redis: Redis, ref: StreamRef, now: Date): Promise<StreamStatistics> {
  const keys = streamKeys(ref);
  const [hash, entries] = await Promise.all([redis.hgetall(keys.stats), redis.lrange(keys.anomalies, 0, ANOMALIES_KEPT - 1)]);
  const anomalies = entries.map(parseAnomaly);
  const fields: Record<string, FieldStatistics> = {};
  for (const [key, value] of Object.entries(hash)) {
    if (!key.startsWith("n|")) continue;
    const field = key.slice(2);
    const number = (name: string) => Number(hash[`${name}|${field}`]);
    const moments = { count: Number(value), mean: number("mean"), m2: number("m2") };
    const variance = sampleVariance(moments);
    fields[field] = {
      count: moments.count,
      mean: moments.mean,
      variance,
      stddev: Math.sqrt(variance),
      min: number("min"),
      max: number("max"),
      ewma: number("ewma"),
      rate_per_minute: ratePerMinute(hash[`rate|${field}`] ?? "", now),
      recent: (hash[`win|${field}`] ?? "").split(",").filter(Boolean).map(Number),
      last_anomalies: anomalies.filter((anomaly) => anomaly.field === field),
    };
  }
  return { events: Number(hash.events ?? 0), fields, anomalies };
}

export async function deleteStreamState(redis: Redis, ref: StreamRef): Promise<void> {
  const keys = streamKeys(ref);
  await redis.del(keys.stats, keys.ids, keys.anomalies, keys.notified, keys.suppressed, keys.rollup, keys.claimedRollup);
}
