import { sql, type RawBuilder, type Transaction } from "kysely";
import { z } from "zod";
import type { KeyMode } from "../contracts/api-keys.js";
import type { WebhookEventBody, WebhookEventType } from "../contracts/webhook-events.js";
import type { Database } from "../db/client.js";
import type { DB } from "../db/types.js";
import { newId, newIds } from "../ids.js";
import type { ProducerQueues } from "../queues.js";
import { ClaimedEndpointSchema, type ClaimedAttempt, type ClaimedDelivery } from "./claimed-attempt.js";
import { enqueueDeliveryAttempt } from "./delivery-jobs.js";

/**
 * How an event is recorded: the event and one pending delivery per active endpoint of the
 * account and of the event's mode subscribed to its type, in one statement with the change the
 * event reports (an execution started or completed) or alone (recordWebhookEvent). One builder,
 * eventStatementParts, writes both.
 */

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

/** Delivery ids a statement has ready per event; an account with more endpoints runs it again with room for all. */
export const PREPARED_DELIVERY_IDS = 8;

export interface RecordedEvent {
  eventId: string;
  /** The deliveries whose first attempt is left to a job (`enqueueDeliveries`). */
  deliveryIds: string[];
  /** The deliveries whose first attempt was claimed for the caller (`claimFirstAttempts`). */
  claimed: ClaimedDelivery[];
}

/** What a statement built from eventStatementParts answers for each event (eventOutcomeColumns). */
export interface EventOutcome {
  /** False when the account has more subscribed endpoints than the statement had room for: nothing was written. */
  fits: boolean;
  /** How many endpoints get the event: the room to run the statement again with when it did not fit. */
  subscribed: number;
  /** The deliveries whose first attempt is left to a job. */
  deliveryIds: string[];
  /** The deliveries whose first attempt was claimed, as a JSON list for claimedDeliveries. */
  claimed: unknown;
}

/** The outcome columns as a statement returns them. */
export interface EventOutcomeRow {
  fits: boolean;
  subscribed: number;
  delivery_ids: string[];
  claimed: unknown;
}

/**
 * Records an event and its deliveries in one statement, inside the caller's transaction if any;
 * enqueue the returned deliveries after commit (`enqueueDeliveries`). A delivery whose job was
 * lost is picked up again by the engine's sweep of due deliveries.
 */
export async function recordWebhookEvent(db: Database | Transaction<DB>, event: NewWebhookEvent): Promise<RecordedEvent> {
  const body = newWebhookEventBody(event);
  const claims = event.claimFirstAttempts ?? { count: 0, leaseUntil: event.now };
  const record = async (capacity?: number): Promise<EventOutcome> => {
    const parts = eventStatementParts(event.type, 1, { capacity, onlyEndpointId: event.onlyEndpointId });
    const { rows } = await sql<EventOutcomeRow>`
      with input as (
        select ${body.id}::text as subject_id, ${body.id}::text as event_id, ${event.userId}::text as user_id, ${event.mode}::text as mode,
          ${event.now}::timestamptz as now, ${JSON.stringify(body)}::jsonb as payload, ${claims.count}::int as claims,
          ${claims.leaseUntil}::timestamptz as lease_until, 1 as position
      ),
      ${parts.subscriptions},
      changed as (select subject_id as id from fitting),
      ${parts.recording}
      select ${parts.outcome} from input
    `.execute(db);
    return eventOutcome(rows[0] as EventOutcomeRow);
  };
  const outcome = await withRoomForEveryEndpoint(await record(), record);
  return { eventId: body.id, deliveryIds: outcome.deliveryIds, claimed: claimedDeliveries(body, outcome.claimed) };
}

/**
 * Runs a statement again, with room for every subscribed endpoint, until its event fits: nothing
 * was written by a statement whose event did not, and endpoints may be added meanwhile.
 */
export async function withRoomForEveryEndpoint<T extends EventOutcome>(first: T, again: (capacity: number) => Promise<T>): Promise<T> {
  let outcome = first;
  while (!outcome.fits) outcome = await again(outcome.subscribed);
  return outcome;
}

export interface EventStatementParts {
  /** `endpoints` (each input row's subscribed endpoints, numbered from 1) and `fitting` (the input rows whose deliveries fit). */
  subscriptions: RawBuilder<unknown>;
  /** `recorded` (the events of the changed rows) and `deliveries` (theirs, returning id, event_id, endpoint_id, attempt). */
  recording: RawBuilder<unknown>;
  /** The EventOutcomeRow columns of an `input` row, for the statement's final select. */
  outcome: RawBuilder<unknown>;
}

/**
 * The event half of a statement that records `rows` events of `type`, with delivery ids for
 * `capacity` endpoints per event (an event whose account has more does not fit). The statement
 * provides:
 * - an `input` CTE, one row per event: subject_id (what the event reports on: the execution's
 *   id, or the event's), event_id, user_id, mode (the event goes to the account's endpoints of
 *   that mode), now, payload (the event's body), claims and lease_until (first attempts to claim
 *   for the caller, see NewWebhookEvent), position (from 1);
 * - between `subscriptions` and `recording`, its change as a CTE named `changed`, returning the
 *   subject_id (as `id`) of each row it changed and changing only rows in `fitting`: only those
 *   get their event.
 */
export function eventStatementParts(
  type: WebhookEventType,
  rows: number,
  options: { capacity?: number | undefined; onlyEndpointId?: string | undefined } = {},
): EventStatementParts {
  const capacity = options.capacity ?? PREPARED_DELIVERY_IDS;
  const gets =
    options.onlyEndpointId === undefined ? sql`(${sql.lit(type)} = any(e.events) or '*' = any(e.events))` : sql`e.id = ${options.onlyEndpointId}`;
  return {
    subscriptions: sql`
      endpoints as (
        select input.subject_id, e.id, e.url, e.secret, e.previous_secret, e.previous_secret_expires_at, e.failing_since,
          row_number() over (partition by input.subject_id order by e.id) as n
        from input join webhook_endpoints e on e.user_id = input.user_id and e.mode = input.mode
        where e.is_active and e.deleted_at is null and ${gets}
      ),
      fitting as (
        select input.* from input
        where (select count(*) from endpoints where endpoints.subject_id = input.subject_id) <= ${capacity}
      )`,
    // Foreign keys are checked at the statement's end, after the event's insert.
    recording: sql`
      recorded as (
        insert into webhook_events (id, user_id, mode, type, payload, created_at)
        select fitting.event_id, fitting.user_id, fitting.mode, ${sql.lit(type)}, fitting.payload, fitting.now
        from fitting join changed on changed.id = fitting.subject_id
      ),
      deliveries as (
        insert into webhook_deliveries (id, event_id, endpoint_id, status, attempt, next_attempt_at, created_at, updated_at)
        select
          (${newIds("del", rows * capacity)}::text[])[((fitting.position - 1) * ${capacity}::int + endpoints.n)::int],
          fitting.event_id, endpoints.id, 'pending',
          case when endpoints.n <= fitting.claims then 1 else 0 end,
          case when endpoints.n <= fitting.claims then fitting.lease_until else fitting.now end,
          fitting.now, fitting.now
        from fitting join changed on changed.id = fitting.subject_id join endpoints on endpoints.subject_id = fitting.subject_id
        returning id, event_id, endpoint_id, attempt
      )`,
    outcome: sql`
      exists (select 1 from fitting where fitting.subject_id = input.subject_id) as fits,
      (select count(*)::int from endpoints where endpoints.subject_id = input.subject_id) as subscribed,
      array(select deliveries.id from deliveries where deliveries.event_id = input.event_id and deliveries.attempt = 0 order by deliveries.id) as delivery_ids,
      (select coalesce(json_agg(json_build_object(
          'delivery_id', deliveries.id, 'endpoint_id', endpoints.id, 'url', endpoints.url, 'secret', endpoints.secret,
          'previous_secret', endpoints.previous_secret, 'previous_secret_expires_at', endpoints.previous_secret_expires_at,
          'failing_since', endpoints.failing_since)), '[]')
        from deliveries join endpoints on endpoints.id = deliveries.endpoint_id and endpoints.subject_id = input.subject_id
        where deliveries.event_id = input.event_id and deliveries.attempt = 1) as claimed`,
  };
}

export function eventOutcome(row: EventOutcomeRow): EventOutcome {
  return { fits: row.fits, subscribed: row.subscribed, deliveryIds: row.delivery_ids, claimed: row.claimed };
}

/** The body an event is stored and sent with, under a new event id. */
export function newWebhookEventBody(event: Pick<NewWebhookEvent, "type" | "data" | "now">): WebhookEventBody {
  return { id: newId("evt"), type: event.type, timestamp: event.now.toISOString(), data: event.data };
}

const ClaimedEndpointsSchema = z.array(ClaimedEndpointSchema);

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

/**
 * Queues the first attempt of each delivery, right after commit (no polling: the first attempt
 * starts as soon as a worker is free). The job id is the delivery id, so a repeated call adds
 * nothing. If Redis is away this throws; the rows stay pending and the engine's sweep of due
 * deliveries enqueues them within a couple of minutes.
 */
export async function enqueueDeliveries(queues: ProducerQueues, deliveryIds: readonly string[]): Promise<void> {
  await Promise.all(deliveryIds.map((id) => enqueueDeliveryAttempt(queues, id, 1)));
}
