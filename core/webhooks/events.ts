import { sql, type QueryCreator, type Transaction } from "kysely";
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

/** Delivery ids made ahead of the statement that records an event; more endpoints take a second one. */
export const PREPARED_DELIVERY_IDS = 8;

/**
 * Records an event and one pending delivery per active endpoint of the account subscribed to its
 * type, inside the caller's transaction, so the event exists exactly when the change it reports
 * does. It is one statement (the endpoints, the event and its deliveries), and a second only for
 * an account with more than PREPARED_DELIVERY_IDS subscribed endpoints. Enqueue the returned
 * deliveries after commit (`enqueueDeliveries`); a delivery whose job was lost is picked up again
 * by the engine's sweep of due deliveries.
 */
export async function recordWebhookEvent(
  db: Database | Transaction<DB>,
  event: NewWebhookEvent,
): Promise<{ eventId: string; deliveryIds: string[] }> {
  const eventId = newId("evt");
  const body: WebhookEventBody = { id: eventId, type: event.type, timestamp: event.now.toISOString(), data: event.data };
  const insertEvent = { id: eventId, user_id: event.userId, type: event.type, payload: JSON.stringify(body), created_at: event.now };
  if (!event.deliver) {
    await db.insertInto("webhook_events").values(insertEvent).execute();
    return { eventId, deliveryIds: [] };
  }
  const prepared = newDeliveryIds(PREPARED_DELIVERY_IDS);
  // Foreign keys are checked at the statement's end, after the event's insert.
  const recorded = await db
    .with("recorded", (qb) => qb.insertInto("webhook_events").values(insertEvent))
    .with("endpoints", () => numberedEndpoints(db, event, eventId))
    .with("deliveries", (qb) => insertDeliveries(qb, eventId, prepared, event.now))
    .selectNoFrom((eb) => [
      eb.selectFrom("endpoints").select((count) => count.fn.countAll<string>().as("count")).as("matching"),
      sql<string[]>`array(select id from deliveries)`.as("delivery_ids"),
    ])
    .executeTakeFirstOrThrow();
  const matching = Number(recorded.matching ?? 0);
  if (matching <= prepared.length) return { eventId, deliveryIds: recorded.delivery_ids };
  // The endpoints not yet delivered to are numbered again, from 1.
  const rest = await db
    .with("endpoints", () => numberedEndpoints(db, event, eventId))
    .with("deliveries", (qb) => insertDeliveries(qb, eventId, newDeliveryIds(matching - prepared.length), event.now))
    .selectFrom("deliveries")
    .select("id")
    .execute();
  return { eventId, deliveryIds: [...recorded.delivery_ids, ...rest.map((row) => row.id)] };
}

function newDeliveryIds(count: number): string[] {
  return Array.from({ length: count }, () => newId("del"));
}

/** The endpoints that get the event and have no delivery of it yet, numbered from 1 in id order. */
function numberedEndpoints(db: Database | Transaction<DB>, event: NewWebhookEvent, eventId: string) {
  return db
    .selectFrom("webhook_endpoints")
    .select(["id", sql<number>`row_number() over (order by webhook_endpoints.id)`.as("n")])
    .where("user_id", "=", event.userId)
    .where("is_active", "=", true)
    .where("deleted_at", "is", null)
    .$if(event.onlyEndpointId === undefined, (query) => query.where(sql<boolean>`(${event.type} = any(events) or '*' = any(events))`))
    .$if(event.onlyEndpointId !== undefined, (query) => query.where("id", "=", event.onlyEndpointId ?? ""))
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("webhook_deliveries").select("webhook_deliveries.id").where("event_id", "=", eventId).whereRef("endpoint_id", "=", "webhook_endpoints.id"))),
    );
}

/** One pending delivery for each numbered endpoint that has an id ready; returns their ids. */
function insertDeliveries(qb: QueryCreator<DB & { endpoints: { id: string; n: number } }>, eventId: string, ids: readonly string[], now: Date) {
  return qb
    .insertInto("webhook_deliveries")
    .columns(["id", "event_id", "endpoint_id", "status", "next_attempt_at", "created_at", "updated_at"])
    .expression((eb) =>
      eb
        .selectFrom("endpoints")
        .select([
          sql<string>`(${sql.val(ids)}::text[])[endpoints.n]`.as("id"),
          sql.val(eventId).as("event_id"),
          "endpoints.id as endpoint_id",
          sql.val("pending").as("status"),
          sql.val(now).as("next_attempt_at"),
          sql.val(now).as("created_at"),
          sql.val(now).as("updated_at"),
        ])
        .where("endpoints.n", "<=", ids.length),
    )
    .returning("id");
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
