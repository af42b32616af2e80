import type { StreamAnomaly } from "../../core/contracts/streams.js";
import type { Database } from "../../core/db/client.js";
import type { Logger } from "../../core/logger.js";
import type { ProducerQueues } from "../../core/queues.js";
import type { Redis } from "../../core/redis.js";
import { enqueueDeliveries, recordWebhookEvent } from "../../core/webhooks/events.js";
import { streamKeys, type StreamRef } from "./stream-state.js";

/** At most one `stream.anomaly_detected` event per stream in this interval. */
export const ANOMALY_WEBHOOK_INTERVAL_MS = 60_000;
/** Anomalies listed in one event (a batch can raise many more; the rest are counted). */
const ANOMALIES_PER_EVENT = 20;

/**
 * Records a `stream.anomaly_detected` webhook event for the anomalies a batch raised, signed and
 * delivered like every event to the account's endpoints of the stream's mode. Rate-limited per
 * stream: within the interval after an event, anomalies are only counted, and the next event
 * carries that count as `suppressed_since_last`.
 */
export async function notifyAnomalies(
  deps: { db: Database; redis: Redis; queues: ProducerQueues; logger: Logger },
  ref: StreamRef,
  anomalies: readonly StreamAnomaly[],
  now: Date,
): Promise<void> {
  if (anomalies.length === 0) return;
  const keys = streamKeys(ref);
  const claimed = await deps.redis.set(keys.notified, now.toISOString(), "PX", ANOMALY_WEBHOOK_INTERVAL_MS, "NX");
  if (claimed !== "OK") {
    await deps.redis.multi().incrby(keys.suppressed, anomalies.length).pexpire(keys.suppressed, 7 * 24 * 3_600_000).exec();
    return;
  }
  const suppressed = Number((await deps.redis.getdel(keys.suppressed)) ?? 0);
  const listed = anomalies.slice(0, ANOMALIES_PER_EVENT);
  const { deliveryIds } = await recordWebhookEvent(deps.db, {
    userId: ref.userId,
    type: "stream.anomaly_detected",
    data: { stream: ref.name, mode: ref.mode, anomalies: listed, suppressed_since_last: suppressed + anomalies.length - listed.length },
    now,
    mode: ref.mode,
  });
  await enqueueDeliveries(deps.queues, deliveryIds).catch((error: unknown) =>
    deps.logger.warn({ err: error }, "could not enqueue anomaly webhook deliveries; the engine's sweep will"),
  );
}
