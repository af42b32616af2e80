import { z } from "zod";
import type { Logger } from "./logger.js";
import type { Redis } from "./redis.js";

/**
 * Whether Redis keeps its data across a restart: an append-only file, snapshots only, neither,
 * or "unknown" when the server will not say (managed Redis often refuses CONFIG). What a restart
 * without persistence loses is in docs/OPERATIONS.md ("Redis").
 */
export const REDIS_PERSISTENCE = ["aof", "rdb", "none", "unknown"] as const;
export type RedisPersistence = (typeof REDIS_PERSISTENCE)[number];

/** CONFIG GET's reply: name, value, name, value... */
const ConfigReplySchema = z.array(z.string());

export async function readRedisPersistence(redis: Redis): Promise<RedisPersistence> {
  let settings: Map<string, string>;
  try {
    const reply = ConfigReplySchema.parse(await redis.config("GET", "appendonly", "save"));
    settings = new Map(reply.flatMap((value, i) => (i % 2 === 0 ? [[value, reply[i + 1] ?? ""] as const] : [])));
  } catch {
    return readFromInfo(redis);
  }
  const appendOnly = settings.get("appendonly");
  const saveSchedule = settings.get("save");
  if (appendOnly === "yes") return "aof";
  if (saveSchedule !== undefined && saveSchedule.trim() !== "") return "rdb";
  return appendOnly === "no" && saveSchedule !== undefined ? "none" : "unknown";
}

/** INFO shows whether AOF is on, but not the snapshot schedule: without AOF the answer is "unknown". */
async function readFromInfo(redis: Redis): Promise<RedisPersistence> {
  const info = await redis.info("persistence").catch(() => "");
  return /^aof_enabled:1\r?$/m.test(info) ? "aof" : "unknown";
}

/** Logs at boot what Redis keeps across a restart; in production a Redis without persistence is a warning. */
export async function reportRedisPersistence(redis: Redis, logger: Logger, production: boolean): Promise<RedisPersistence> {
  const persistence = await readRedisPersistence(redis);
  if (production && persistence === "none") {
    logger.warn(
      { redis_persistence: persistence },
      "Redis runs without persistence (appendonly no, no save schedule): a restart of Redis loses the API usage not yet flushed to PostgreSQL (about the last 5 s) and the queued jobs (re-enqueued from PostgreSQL within a minute). Run it with appendonly yes (docs/OPERATIONS.md).",
    );
  } else {
    logger.info({ redis_persistence: persistence }, "Redis persistence");
  }
  return persistence;
}
