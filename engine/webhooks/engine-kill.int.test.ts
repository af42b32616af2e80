import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../core/ids.js";
import { createProducerQueues, type ProducerQueues } from "../../core/queues.js";
import { connectRedis, type Redis } from "../../core/redis.js";
import { enqueueDeliveries, recordWebhookEvent } from "../../core/webhooks/events.js";
import { createAccount } from "../../testing/accounts.js";
import { useTestDatabase } from "../../testing/database.js";
import { startEngineProcess, type EngineProcess } from "../../testing/engine-process.js";
import { waitFor } from "../../testing/wait-for.js";
import { baseTestConfig } from "../../testing/environment.js";
import { startHttpReceiver, type HttpReceiver } from "../../testing/http-receiver.js";
import { useRedisNamespace } from "../../testing/redis.js";
import { insertWebhookEndpoint } from "../../testing/webhooks.js";
import { WEBHOOK_TIMEOUT_MS } from "./deliver-webhook.js";
import { requeueDueDeliveries } from "./requeue-due-deliveries.js";

/**
 * Issue 13: an engine killed (SIGKILL) while a webhook request is in flight. The attempt it
 * claimed is never recorded; the sweep of overdue deliveries (every minute, for deliveries more
 * than a minute past their lease) has the next attempt made by another engine. The endpoint gets
 * the same event again (same webhook-id, so a receiver that deduplicates sees it once) and the
 * delivery ends succeeded: nothing lost, and no attempt made twice.
 */
const database = useTestDatabase();
const namespace = useRedisNamespace();
let connection: Redis;
let queues: ProducerQueues;
let receiver: HttpReceiver;
const engines: EngineProcess[] = [];

async function startEngine(): Promise<EngineProcess> {
  const engine = await startEngineProcess({
    DATABASE_URL: database.current.url,
    REDIS_KEY_PREFIX: namespace.keyPrefix,
    QUEUE_PREFIX: namespace.queuePrefix,
    OUTBOUND_ALLOW_PRIVATE: "true",
    JOB_LOCK_MS: "1000",
  });
  engines.push(engine);
  return engine;
}

beforeAll(async () => {
  connection = connectRedis(baseTestConfig(), "worker");
  queues = createProducerQueues(connection, namespace.queuePrefix);
  receiver = await startHttpReceiver();
});
afterAll(async () => {
  await Promise.allSettled(engines.map((engine) => engine.stop()));
  await queues.close();
  await connection.quit();
  await receiver.close();
});

describe("an engine killed during a webhook delivery", () => {
  it("has the delivery finished by another engine: the event arrives again with the same id, and the delivery succeeds", async () => {
    // The first request hangs (the engine dies waiting for it); the next is answered.
    receiver.respondWith((request, response) => {
      if (receiver.received.indexOf(request) === 0) return;
      response.writeHead(204);
      response.end();
    });
    const { db } = database.current;
    const { id: userId } = await createAccount(db);
    await insertWebhookEndpoint(db, userId, receiver.url);
    const { deliveryIds } = await recordWebhookEvent(db, { userId, type: "workflow.completed", data: { workflow_id: newId("wf") }, now: new Date(), mode: "live" });
    const deliveryId = deliveryIds[0] ?? "";

    const first = await startEngine();
    await enqueueDeliveries(queues, deliveryIds);
    await receiver.waitForRequests(1, 15_000);
    await first.kill();
    const delivery = () => db.selectFrom("webhook_deliveries").select(["status", "attempt"]).where("id", "=", deliveryId).executeTakeFirstOrThrow();
    expect(await delivery()).toEqual({ status: "pending", attempt: 1 });

    await startEngine();
    // What the engine's minute sweep does once the claimed attempt's lease is a minute past.
    const sweepTime = new Date(Date.now() + WEBHOOK_TIMEOUT_MS + 61_000);
    expect(await requeueDueDeliveries(db, queues, { now: sweepTime })).toBe(1);
    const finished = await waitFor(async () => ((await delivery()).status === "succeeded" ? delivery() : undefined), 30_000);

    expect(finished).toEqual({ status: "succeeded", attempt: 2 });
    expect(receiver.received).toHaveLength(2);
    const ids = receiver.received.map((request) => request.headers["webhook-id"]);
    expect(ids[0]).toMatch(/^evt_/);
    expect(ids[1]).toBe(ids[0]);
    expect(receiver.received[1]?.body).toBe(receiver.received[0]?.body);
    const attempts = await db.selectFrom("webhook_delivery_attempts").select(["attempt", "response_status"]).where("delivery_id", "=", deliveryId).execute();
    expect(attempts).toEqual([{ attempt: 2, response_status: 204 }]);
    // A second sweep finds nothing to do: the delivery is closed.
    expect(await requeueDueDeliveries(db, queues, { now: sweepTime })).toBe(0);
  }, 60_000);
});
