import { z } from "zod";
import type { Redis } from "./redis.js";

/**
 * Engine liveness: each engine process writes a heartbeat into one Redis hash (one key, so it
 * works on Redis Cluster); readers treat entries older than the stale window as dead.
 */
export const ENGINE_HEARTBEATS_KEY = "engine:heartbeats";

export const EngineHeartbeatSchema = z.object({
  instance_id: z.string(),
  hostname: z.string(),
  pid: z.number().int(),
  started_at: z.iso.datetime(),
  beat_at: z.iso.datetime(),
  queues: z.array(z.string()),
});
export type EngineHeartbeat = z.infer<typeof EngineHeartbeatSchema>;

export async function writeEngineHeartbeat(redis: Redis, beat: EngineHeartbeat): Promise<void> {
  await redis.hset(ENGINE_HEARTBEATS_KEY, beat.instance_id, JSON.stringify(beat));
}

export async function removeEngineHeartbeat(redis: Redis, instanceId: string): Promise<void> {
  await redis.hdel(ENGINE_HEARTBEATS_KEY, instanceId);
}

/** Live engine instances; entries older than `staleAfterMs` are dropped from the hash. */
export async function listLiveEngines(redis: Redis, staleAfterMs: number, now = Date.now()): Promise<EngineHeartbeat[]> {
  const entries = await redis.hgetall(ENGINE_HEARTBEATS_KEY);
  const live: EngineHeartbeat[] = [];
  const stale: string[] = [];
  for (const [id, raw] of Object.entries(entries)) {
    const parsed = EngineHeartbeatSchema.safeParse(safeJson(raw));
    if (parsed.success && now - Date.parse(parsed.data.beat_at) <= staleAfterMs) live.push(parsed.data);
    else stale.push(id);
  }
  if (stale.length) await redis.hdel(ENGINE_HEARTBEATS_KEY, ...stale);
  return live;
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
