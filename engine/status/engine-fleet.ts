import { ENGINE_HEARTBEATS_KEY, EngineHeartbeatSchema, type EngineHeartbeat } from "../../core/liveness.js";
import type { Redis } from "../../core/redis.js";

/** The engines whose heartbeat is recent, and every queue at least one of them consumes. */
export interface EngineFleet {
  live: EngineHeartbeat[];
  consumedQueues: Set<string>;
}

/**
 * Reads the engine heartbeats (the hash core/liveness.ts writes) through a connection without a
 * key prefix, so the key is named in full. Stale entries are left for listLiveEngines to drop.
 */
export async function readEngineFleet(redis: Redis, keyPrefix: string, staleAfterMs: number, now: number): Promise<EngineFleet> {
  const entries = await redis.hgetall(`${keyPrefix}${ENGINE_HEARTBEATS_KEY}`);
  const live = Object.values(entries)
    .map((raw) => EngineHeartbeatSchema.safeParse(parseJson(raw)))
    .flatMap((parsed) => (parsed.success ? [parsed.data] : []))
    .filter((beat) => now - Date.parse(beat.beat_at) <= staleAfterMs);
  return { live, consumedQueues: new Set(live.flatMap((beat) => beat.queues)) };
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
