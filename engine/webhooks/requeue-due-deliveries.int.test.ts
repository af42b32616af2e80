import { describe, expect, it } from "vitest";
import { newId } from "../../core/ids.js";
import { deliveryJobId, enqueueDeliveryAttempt } from "../../core/webhooks/delivery-jobs.js";
import { enqueueDeliveries, recordWebhookEvent } from "../../core/webhooks/events.js";
import { createAccount } from "../../testing/accounts.js";
import { useTestDatabase } from "../../testing/database.js";
import { useTestEngine } from "../../testing/engine.js";
import { waitFor } from "../../testing/wait-for.js";
import { useHttpReceiver } from "../../testing/http-receiver.js";
import { insertWebhookEndpoint } from "../../testing/webhooks.js";
import { requeueDueDeliveries } from "./requeue-due-deliveries.js";

const database = useTestDatabase();
const engine = useTestEngine(database, () => ({ OUTBOUND_ALLOW_PRIVATE: "true" }));
const receiver = useHttpReceiver();

const db = () => database.current.db;
const queues = () => engine.current.queues;
const MINUTE_MS = 60_000;

/** A delivery whose job never made it to the queue, due `overdueMs` ago. */
async function lostDelivery(overdueMs = 5 * MINUTE_MS): Promise<{ deliveryId: string; endpointId: string }> {
  const { id: userId } = await createAccount(db());
  const { id: endpointId } = await insertWebhookEndpoint(db(), userId, receiver.current.url);
  const { deliveryIds } = await recordWebhookEvent(db(), { userId, type: "workflow.completed", data: { workflow_id: newId("wf") }, now: new Date(), mode: "live" });
  const deliveryId = deliveryIds[0] ?? "";
  await db().updateTable("webhook_deliveries").set({ next_attempt_at: new Date(Date.now() - overdueMs) }).where("id", "=", deliveryId).execute();
  return { deliveryId, endpointId };
}

const statusOf = async (id: string) => (await db().selectFrom("webhook_deliveries").select(["status", "attempt"]).where("id", "=", id).executeTakeFirstOrThrow());
const succeeded = (id: string) => waitFor(async () => ((await statusOf(id)).status === "succeeded" ? statusOf(id) : undefined));

describe("requeue-due-webhooks", () => {
  it("is scheduled every minute", async () => {
    const schedulers = await queues().get("maintenance").getJobSchedulers();
    expect(schedulers.find((s) => s.key === "requeue-due-webhooks-every-minute")?.every).toBe(MINUTE_MS);
  });

  it("re-enqueues a delivery whose job was lost, and it is delivered once", async () => {
    const { deliveryId, endpointId } = await lostDelivery();
    const fresh = await lostDelivery(0);

    expect(await engine.current.runJob("maintenance", { task: "requeue-due-webhooks" })).toEqual({ requeued: expect.any(Number) });
    expect(await succeeded(deliveryId)).toEqual({ status: "succeeded", attempt: 1 });
    expect(receiver.current.received.map((r) => r.path)).toEqual([`/hooks/${endpointId}`]);
    // Due just now: its own job is on the way, the sweep leaves it alone.
    expect(await queues().get("webhook-delivery").getJob(deliveryJobId(fresh.deliveryId, 1))).toBeUndefined();
    expect(await statusOf(fresh.deliveryId)).toEqual({ status: "pending", attempt: 0 });
  });

  it("is idempotent: a delivery whose job exists is not enqueued again", async () => {
    const waiting = await lostDelivery();
    await enqueueDeliveryAttempt(queues(), waiting.deliveryId, 1, 10 * MINUTE_MS);
    const lost = await lostDelivery();

    const sweeps = [await requeueDueDeliveries(db(), queues()), await requeueDueDeliveries(db(), queues())];
    await succeeded(lost.deliveryId);
    expect(sweeps).toEqual([1, 0]);
    expect(receiver.current.received).toHaveLength(1);
    expect(await (await queues().get("webhook-delivery").getJob(deliveryJobId(waiting.deliveryId, 1)))?.getState()).toBe("delayed");
    // Out of the way of the next tests: no job, and closed.
    await (await queues().get("webhook-delivery").getJob(deliveryJobId(waiting.deliveryId, 1)))?.remove();
    await db().updateTable("webhook_deliveries").set({ status: "failed" }).where("id", "=", waiting.deliveryId).execute();
  });

  it("makes the next attempt of one an engine abandoned mid-way", async () => {
    const { deliveryId } = await lostDelivery();
    // Attempt 1 was claimed (its lease ran out two minutes ago) but never finished.
    await db().updateTable("webhook_deliveries").set({ attempt: 1, next_attempt_at: new Date(Date.now() - 2 * MINUTE_MS) }).where("id", "=", deliveryId).execute();

    expect(await requeueDueDeliveries(db(), queues())).toBe(1);
    expect(await succeeded(deliveryId)).toEqual({ status: "succeeded", attempt: 2 });
  });

  it("replaces a finished job that found nothing to do when the delivery is open again", async () => {
    const { deliveryId, endpointId } = await lostDelivery(0);
    await db().updateTable("webhook_endpoints").set({ is_active: false }).where("id", "=", endpointId).execute();
    await enqueueDeliveries(queues(), [deliveryId]);
    await waitFor(async () => ((await statusOf(deliveryId)).status === "failed" ? true : undefined));
    expect(await (await queues().get("webhook-delivery").getJob(deliveryId))?.getState()).toBe("completed");

    await db().updateTable("webhook_endpoints").set({ is_active: true }).where("id", "=", endpointId).execute();
    await db().updateTable("webhook_deliveries").set({ status: "pending", next_attempt_at: new Date(Date.now() - 5 * MINUTE_MS) }).where("id", "=", deliveryId).execute();
    expect(await requeueDueDeliveries(db(), queues())).toBe(1);
    expect(await succeeded(deliveryId)).toEqual({ status: "succeeded", attempt: 1 });
  });

  it("goes through every overdue delivery, page by page", async () => {
    const lost = await Promise.all(Array.from({ length: 5 }, () => lostDelivery(30 * MINUTE_MS)));
    // Only these are overdue at this earlier "now".
    const now = new Date(Date.now() - 20 * MINUTE_MS);
    expect(await requeueDueDeliveries(db(), queues(), { now, overdueMs: 0, batchSize: 2 })).toBe(5);
    for (const { deliveryId } of lost) await succeeded(deliveryId);
    expect(receiver.current.received).toHaveLength(5);
  });
});
