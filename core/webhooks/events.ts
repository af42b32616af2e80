import { sql, type QueryCreator, type Transaction } from "kysely";
import { z } from "zod";
import type { KeyMode } from "../contracts/api-keys.js";
import type { WebhookEventBody, WebhookEventType } from "../contracts/webhook-events.js";
import type { Database } from "../db/client.js";
import type { DB } from "../db/types.js";
import { newId } from "../ids.js";
import type { ProducerQueues } from "../queues.js";
import { ClaimedEndpointSchema, type ClaimedAttempt, type ClaimedDelivery } from "./claimed-attempt.js";
import { enqueueDeliveryAttempt } from "./delivery-jobs.js";

export interface NewWebhookEvent {
  userId: string;
  type: WebhookEventType;
  data: Record<string, unknown>;
  now: Date;
  /**
   * The mode of the activity the event reports (the key's, the workflow's, the analysis's...).
   * It goes to the account's endpoints of that mode only: test-mode events to test endpoints,
   * live events to live ones.
   */
  mode: KeyMode;
  /**
   * Deliver to this one endpoint of the account only, whatever it subscribes to (the test
   * event of POST /v1/webhook-endpoints/{id}/test). It must be active, not deleted and of the
   * event's mode.
   */
  onlyEndpointId?: string;
  /**
   * Claims the first attempt of up to `count` of the deliveries for the caller, which makes
   * them itself (the engine's FirstAttempts): their attempt is 1 and their next_attempt_at
   * `leaseUntil`, as claimAttempt leaves them. The others are pending, for jobs.
   */
  claimFirstAttempts?: { count: number; leaseUntil: Date };
}

/** Delivery ids made ahead of the statement that records an event; more endpoints take a second one. */
export const PREPARED_DELIVERY_IDS = 8;

type Executor = Database | Transaction<DB>;

const ClaimedEndpointsSchema = z.array(ClaimedEndpointSchema);

/** A claimed delivery as a statement returns it (ClaimedEndpointSchema), from its "deliveries" and "endpoints" CTEs. */
export const CLAIMED_DELIVERY_JSON = sql<unknown>`json_build_object(
  'delivery_id', deliveries.id, 'endpoint_id', endpoints.id, 'url', endpoints.url, 'secret', endpoints.secret,
  'previous_secret', endpoints.previous_secret, 'previous_secret_expires_at', endpoints.previous_secret_expires_at,
  'failing_since', endpoints.failing_since)`;

export interface RecordedEvent {
  eventId: string;
  /** The deliveries whose first attempt is left to a job (`enqueueDeliveries`). */
  deliveryIds: string[];
  /** The deliveries whose first attempt was claimed for the caller (`claimFirstAttempts`). */
  claimed: ClaimedDelivery[];
}

/**
 * Records an event and one pending delivery per active endpoint of the account and of the event's
 * mode subscribed to its type, in one statement (inside the caller's transaction, if any). An
 * account with more than PREPARED_DELIVERY_IDS subscribed endpoints needs a second statement for
 * the rest; outside a transaction the first statement then writes nothing, and both run again
 * in one transaction, so an event never lacks deliveries. Enqueue
 * the returned deliveries after commit (`enqueueDeliveries`); a delivery whose job was lost is
 * picked up again by the engine's sweep of due deliveries.
 */
export async function recordWebhookEvent(db: Executor, event: NewWebhookEvent): Promise<RecordedEvent> {
  const body = newWebhookEventBody(event);
  const eventId = body.id;
  const prepared = newDeliveryIds(PREPARED_DELIVERY_IDS);
  // Outside a transaction, nothing is written unless every delivery fits in this statement.
  const fits =
    db.isTransaction
      ? sql<boolean>`true`
      : sql<boolean>`(${subscribedEndpoints(db, event).select((eb) => eb.fn.countAll().as("count"))}) <= ${prepared.length}`;
  const claims = { count: event.claimFirstAttempts?.count ?? 0, leaseUntil: event.claimFirstAttempts?.leaseUntil ?? event.now };
  // Foreign keys are checked at the statement's end, after the event's insert.
  const row = await db
    .with("recorded", (qb) =>
      qb
        .insertInto("webhook_events")
        .columns(["id", "user_id", "mode", "type", "payload", "created_at"])
        .expression(
          db
            .selectNoFrom([
              sql.val(eventId).as("id"),
              sql.val(event.userId).as("user_id"),
              sql.val(event.mode).as("mode"),
              sql.val(event.type).as("type"),
              sql.val(JSON.stringify(body)).as("payload"),
              sql.val(event.now).as("created_at"),
            ])
            .where(fits),
        ),
    )
    .with("endpoints", () => numberedEndpoints(subscribedEndpoints(db, event)).where(fits))
    .with("deliveries", (qb) => insertDeliveries(qb, eventId, prepared, event.now, claims))
    .selectNoFrom((eb) => [
      fits.as("fits"),
      eb.selectFrom("endpoints").select((count) => count.fn.countAll<string>().as("count")).as("matching"),
      sql<string[]>`array(select id from deliveries where attempt = 0)`.as("delivery_ids"),
      sql<unknown>`(select coalesce(json_agg(${CLAIMED_DELIVERY_JSON}), '[]')
        from deliveries join endpoints on endpoints.id = deliveries.endpoint_id where deliveries.attempt = 1)`.as("claimed"),
    ])
    .executeTakeFirstOrThrow();
  if (!row.fits) return db.transaction().execute((trx) => recordWebhookEvent(trx, event));
  const claimed = claimedDeliveries(body, row.claimed);
  const matching = Number(row.matching ?? 0);
  if (matching <= prepared.length) return { eventId, deliveryIds: row.delivery_ids, claimed };
  // Inside a transaction: the endpoints not yet delivered to are numbered again, from 1.
  const rest = await db
    .with("endpoints", () => numberedEndpoints(undeliveredEndpoints(db, event, eventId)))
    .with("deliveries", (qb) => insertDeliveries(qb, eventId, newDeliveryIds(matching - prepared.length), event.now, { count: 0, leaseUntil: event.now }))
    .selectFrom("deliveries")
    .select("id")
    .execute();
  return { eventId, deliveryIds: [...row.delivery_ids, ...rest.map((delivery) => delivery.id)], claimed };
}

/** The body an event is stored and sent with, under a new event id. */
export function newWebhookEventBody(event: Pick<NewWebhookEvent, "type" | "data" | "now">): WebhookEventBody {
  return { id: newId("evt"), type: event.type, timestamp: event.now.toISOString(), data: event.data };
}

/** The deliveries of an event whose first attempt a statement claimed, from its JSON list of them. */
export function claimedDeliveries(body: WebhookEventBody, claimed: unknown): ClaimedDelivery[] {
  return ClaimedEndpointsSchema.parse(claimed).map((endpoint) => ({ deliveryId: endpoint.delivery_id, claim: claimedAttempt(body, endpoint) }));
}

function claimedAttempt(body: WebhookEventBody, endpoint: z.infer<typeof ClaimedEndpointSchema>): ClaimedAttempt {
  return {
    eventId: body.id,
    endpointId: endpoint.endpoint_id,
    runStartAttempt: 0,
    url: endpoint.url,
    secret: endpoint.secret,
    previousSecret: endpoint.previous_secret,
    previousSecretExpiresAt: endpoint.previous_secret_expires_at,
    failingSince: endpoint.failing_since,
    payload: body,
  };
}

export function newDeliveryIds(count: number): string[] {
  return Array.from({ length: count }, () => newId("del"));
}

/** How many endpoints would get the event now. */
export async function countSubscribedEndpoints(db: Executor, event: SubscribedTo): Promise<number> {
  const row = await subscribedEndpoints(db, event)
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

type SubscribedTo = Pick<NewWebhookEvent, "userId" | "mode" | "type" | "onlyEndpointId">;

/** The active endpoints of the account and of the event's mode that get the event. */
function subscribedEndpoints(db: Executor, event: SubscribedTo) {
  return db
    .selectFrom("webhook_endpoints")
    .where("user_id", "=", event.userId)
    .where("mode", "=", event.mode)
    .where("is_active", "=", true)
    .where("deleted_at", "is", null)
    .$if(event.onlyEndpointId === undefined, (query) => query.where(sql<boolean>`(${event.type} = any(events) or '*' = any(events))`))
    .$if(event.onlyEndpointId !== undefined, (query) => query.where("id", "=", event.onlyEndpointId ?? ""));
}

/** The subscribed endpoints that have no delivery of the event yet. */
function undeliveredEndpoints(db: Executor, event: SubscribedTo, eventId: string) {
  return subscribedEndpoints(db, event).where(({ not, exists, selectFrom }) =>
    not(exists(selectFrom("webhook_deliveries").select("webhook_deliveries.id").where("event_id", "=", eventId).whereRef("endpoint_id", "=", "webhook_endpoints.id"))),
  );
}

/** The endpoints, numbered from 1 in id order, with what a claimed first attempt needs of them. */
function numberedEndpoints(endpoints: ReturnType<typeof subscribedEndpoints>) {
  return endpoints.select([
    "id",
    "url",
    "secret",
    "previous_secret",
    "previous_secret_expires_at",
    "failing_since",
    sql<number>`row_number() over (order by webhook_endpoints.id)`.as("n"),
  ]);
}

/**
 * One pending delivery for each numbered endpoint that has an id ready, the first `claims.count`
 * with their first attempt claimed; returns their ids and attempts.
 */
function insertDeliveries(qb: QueryCreator<DB & { endpoints: { id: string; n: number } }>, eventId: string, ids: readonly string[], now: Date, claims: { count: number; leaseUntil: Date }) {
  const claimed = sql<boolean>`endpoints.n <= ${claims.count}`;
  return qb
    .insertInto("webhook_deliveries")
    .columns(["id", "event_id", "endpoint_id", "status", "attempt", "next_attempt_at", "created_at", "updated_at"])
    .expression((eb) =>
      eb
        .selectFrom("endpoints")
        .select([
          sql<string>`(${sql.val(ids)}::text[])[endpoints.n]`.as("id"),
          sql.val(eventId).as("event_id"),
          "endpoints.id as endpoint_id",
          sql.val("pending").as("status"),
          sql<number>`case when ${claimed} then 1 else 0 end`.as("attempt"),
          sql<Date>`case when ${claimed} then ${claims.leaseUntil}::timestamptz else ${now}::timestamptz end`.as("next_attempt_at"),
          sql.val(now).as("created_at"),
          sql.val(now).as("updated_at"),
        ])
        .where("endpoints.n", "<=", ids.length),
    )
    .returning(["id", "endpoint_id", "attempt"]);
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
