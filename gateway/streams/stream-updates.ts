import type { StreamAnomaly, StreamLiveUpdate } from "../../core/contracts/streams.js";
import type { Redis } from "../../core/redis.js";
import { streamChannel } from "./stream-hub.js";
import { readStreamStatistics, type StreamRef } from "./stream-state.js";

/**
 * Tells the stream's live subscribers, on every gateway, about a batch: the statistics after it
 * and the anomalies it raised. Nothing is read when nobody listens.
 */
export async function publishStreamUpdate(deps: { redis: Redis; redisKeyPrefix: string }, ref: StreamRef, anomalies: StreamAnomaly[], now: Date): Promise<void> {
  const channel = streamChannel(deps.redisKeyPrefix, ref);
  const [[, listening]] = (await deps.redis.pubsub("NUMSUB", channel)) as [[string, number]];
  if (Number(listening) === 0) return;
  const update: StreamLiveUpdate = { statistics: await readStreamStatistics(deps.redis, ref, now), anomalies };
  await deps.redis.publish(channel, JSON.stringify(update));
}
