import type { EngineContext } from "../worker-definition.js";
import { checkAnalyticsEngine, checkDatabase, checkGateway, checkQueueWorkers, checkWebhookDelivery } from "./component-checks.js";
import { SAMPLE_RETENTION_DAYS } from "./thresholds.js";
import type { ComponentSample } from "./timed-check.js";

/** The readiness route's window for a live engine, or three missed heartbeats if that is longer. */
const MIN_ENGINE_STALE_MS = 15_000;

export interface StatusProbeResult {
  samples: ComponentSample[];
  purged: number;
}

/**
 * The maintenance task behind the public status page, run every minute: checks every component
 * at once, then writes one status_samples row each, after deleting samples older than the
 * retention window (first, so a retried job never writes a minute twice).
 */
export async function runStatusProbe(context: Pick<EngineContext, "config" | "db" | "redis" | "queues" | "analytics">, now = new Date()): Promise<StatusProbeResult> {
  const { config, db } = context;
  const fleet = {
    redis: context.redis,
    keyPrefix: config.REDIS_KEY_PREFIX,
    staleAfterMs: Math.max(MIN_ENGINE_STALE_MS, 3 * config.HEARTBEAT_INTERVAL_MS),
    now: now.getTime(),
  };
  const samples = await Promise.all([
    checkGateway(config.STATUS_PROBE_GATEWAY_URL ?? config.PUBLIC_URL),
    checkDatabase(db),
    checkQueueWorkers({ ...fleet, queues: context.queues }),
    checkWebhookDelivery({ ...fleet, db }),
    checkAnalyticsEngine(context.analytics),
  ]);
  const purged = await db
    .deleteFrom("status_samples")
    .where("checked_at", "<", new Date(now.getTime() - SAMPLE_RETENTION_DAYS * 86_400_000))
    .executeTakeFirst();
  await db
    .insertInto("status_samples")
    .values(samples.map((sample) => ({ ...sample, checked_at: now })))
    .execute();
  return { samples, purged: Number(purged.numDeletedRows) };
}
