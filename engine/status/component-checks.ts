import { sql } from "kysely";
import type { Database } from "../../core/db/client.js";
import { QUEUES, type QueueKey } from "../../core/jobs.js";
import type { ProducerQueues } from "../../core/queues.js";
import type { Redis } from "../../core/redis.js";
import type { AnalyticsDb } from "../analytics/analytics-db.js";
import { readEngineFleet } from "./engine-fleet.js";
import { QUEUE_WAIT_DEGRADED_MS, SLOW_MS, WEBHOOK_OVERDUE_MS } from "./thresholds.js";
import { runTimedCheck, type ComponentSample } from "./timed-check.js";

/** The five checks of the status probe; thresholds and their reasons are in thresholds.ts. */

/** GET /healthz of the gateway at `gatewayUrl` (the public URL, or an internal address). */
export function checkGateway(gatewayUrl: string): Promise<ComponentSample> {
  return runTimedCheck("gateway", async (signal) => {
    const response = await fetch(new URL("/healthz", gatewayUrl), { signal, redirect: "manual" });
    await response.body?.cancel();
    return { status: response.status === 200 ? "operational" : "down", slowMs: SLOW_MS.gateway };
  });
}

export function checkDatabase(db: Database): Promise<ComponentSample> {
  return runTimedCheck("database", async () => {
    await sql`select 1`.execute(db);
    return { status: "operational", slowMs: SLOW_MS.database };
  });
}

export function checkAnalyticsEngine(analytics: AnalyticsDb): Promise<ComponentSample> {
  return runTimedCheck("analytics_engine", async (signal) => {
    const rows = await analytics.all("select 42 as answer", [], { signal });
    return { status: rows[0]?.answer === 42 ? "operational" : "down", slowMs: SLOW_MS.analytics_engine };
  });
}

export interface FleetCheckInput {
  redis: Redis;
  keyPrefix: string;
  /** A heartbeat older than this is a dead engine. */
  staleAfterMs: number;
  now: number;
}

/** Live engines, every queue consumed by one, and no ready job waiting longer than a minute. */
export function checkQueueWorkers(input: FleetCheckInput & { queues: ProducerQueues }): Promise<ComponentSample> {
  return runTimedCheck("queue_workers", async () => {
    const fleet = await readEngineFleet(input.redis, input.keyPrefix, input.staleAfterMs, input.now);
    if (fleet.live.length === 0) return { status: "down" };
    const keys = Object.keys(QUEUES) as QueueKey[];
    if (keys.some((key) => !fleet.consumedQueues.has(QUEUES[key].name))) return { status: "degraded" };
    const waits = await Promise.all(keys.map((key) => oldestReadyWaitMs(input.queues, key, input.now)));
    return { status: Math.max(0, ...waits) > QUEUE_WAIT_DEGRADED_MS ? "degraded" : "operational" };
  });
}

/** How long the oldest job ready to run in the queue has waited (0 when none waits). */
async function oldestReadyWaitMs(queues: ProducerQueues, key: QueueKey, now: number): Promise<number> {
  const [oldest] = await queues.get(key).getJobs(["wait"], 0, 0, true);
  if (!oldest) return 0;
  // A delayed job became ready when its delay ran out, not when it was added.
  return now - (oldest.timestamp + (oldest.delay ?? 0));
}

/** An engine consumes the webhook-delivery queue, and no delivery attempt is long overdue. */
export function checkWebhookDelivery(input: FleetCheckInput & { db: Database }): Promise<ComponentSample> {
  return runTimedCheck("webhook_delivery", async () => {
    const fleet = await readEngineFleet(input.redis, input.keyPrefix, input.staleAfterMs, input.now);
    if (!fleet.consumedQueues.has(QUEUES["webhook-delivery"].name)) return { status: "down" };
    const row = await input.db
      .selectFrom("webhook_deliveries")
      .select((eb) => eb.fn.min("next_attempt_at").as("oldest_due"))
      .where("status", "in", ["pending", "retrying"])
      .where("next_attempt_at", "<", new Date(input.now))
      .executeTakeFirst();
    const overdueMs = row?.oldest_due ? input.now - new Date(row.oldest_due).getTime() : 0;
    if (overdueMs > WEBHOOK_OVERDUE_MS.down) return { status: "down" };
    return { status: overdueMs > WEBHOOK_OVERDUE_MS.degraded ? "degraded" : "operational" };
  });
}
