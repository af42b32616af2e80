import { sql, type Transaction } from "kysely";
import type { WebhookEventBody, WebhookEventType } from "../contracts/webhook-events.js";
import type { Database } from "../db/client.js";
import type { DB } from "../db/types.js";
import { newId } from "../ids.js";
import type { ProducerQueues } from "../queues.js";
import { enqueueDeliveryAttempt } from "./delivery-jobs.js";

export interface NewWebhookEvent {
  userId: string;
  type: WebhookEventType;
  data: Record<string, unknown>;
  now: Date;
  /**
   * Test-mode activity records the event (it shows in the log) but delivers it nowhere:
   * test mode sends nothing outside.
   */
  deliver: boolean;
  /**
   * Deliver to this one endpoint of the account only, whatever it subscribes to (the test
   * event of POST /v1/webhook-endpoints/{id}/test). It must be active and not deleted.
   */
  onlyEndpointId?: string;
}

/**
 * Records an event and one pending delivery per active endpoint of the account subscribed to its
 * type, inside the caller's transaction, so the event exists exactly when the change it reports
 * does. Enqueue the returned deliveries after commit (`enqueueDeliveries`); a delivery whose job
 * was lost is picked up again by the engine's sweep of due deliveries.
 */
export async function recordWebhookEvent(
  db: Database | Transaction<DB>,
  event: NewWebhookEvent,
): Promise<{ eventId: string; deliveryIds: string[] }> {
  const eventId = newId("evt");
  const body: WebhookEventBody = { id: eventId, type: event.type, timestamp: event.now.toISOString(), data: event.data };
  const endpoints = event.deliver
    ? await db
        .selectFrom("webhook_endpoints")
        .select("id")
        .where("user_id", "=", event.userId)
        .where("is_active", "=", true)
        .where("deleted_at", "is", null)
        .$if(event.onlyEndpointId === undefined, (query) => query.where(sql<boolean>`(${event.type} = any(events) or '*' = any(events))`))
        .$if(event.onlyEndpointId !== undefined, (query) => query.where("id", "=", event.onlyEndpointId ?? ""))
        .execute()
    : [];
  const insertEvent = { id: eventId, user_id: event.userId, type: event.type, payload: JSON.stringify(body), created_at: event.now };
  if (endpoints.length === 0) {
    await db.insertInto("webhook_events").values(insertEvent).execute();
    return { eventId, deliveryIds: [] };
  }
  const deliveries = endpoints.map((endpoint) => ({
    id: newId("del"),
    event_id: eventId,
    endpoint_id: endpoint.id,
    status: "pending",
    next_attempt_at: event.now,
    created_at: event.now,
    updated_at: event.now,
  }));
  // One statement: the event and its deliveries (foreign keys are checked at its end).
  await db
    .with("recorded", (qb) => qb.insertInto("webhook_events").values(insertEvent))
    .insertInto("webhook_deliveries")
    .values(deliveries)
    .execute();
  return { eventId, deliveryIds: deliveries.map((delivery) => delivery.id) };
}

/**
 * Queues the first attempt of each delivery, right after commit (no polling: the first attempt
 * starts as soon as a worker is free). The job id is the delivery id, so a repeated call adds
 * nothing. If Redis is away this throws; the rows stay pending and the engine's sweep of due
 * deliveries enqueues them within a couple of minutes.
 */
export async function enqueueDeliveries(queues: ProducerQueues, deliveryIds: readonly string[]): Promise<void> {
  await Promise.all(deliveryIds.map((id) => enqueueDeliveryAttempt(queues, id, 1)));
}
