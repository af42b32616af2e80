import type { KeyMode } from "../../core/contracts/api-keys.js";
import type { CreateWebhookEndpointRequest, RecoverDeliveriesRequest, RecoverDeliveriesResult, UpdateWebhookEndpointRequest } from "../../core/contracts/webhook-endpoints.js";
import type { WebhookEventType } from "../../core/contracts/webhook-events.js";
import type { Database } from "../../core/db/client.js";
import { AppError } from "../../core/errors.js";
import type { Logger } from "../../core/logger.js";
import { enqueue, type ProducerQueues } from "../../core/queues.js";
import { ensureDeliveryAttempt } from "../../core/webhooks/delivery-jobs.js";
import { enqueueDeliveries, recordWebhookEvent } from "../../core/webhooks/events.js";
import { RECOVERY_BATCH, enqueueRecovered, reopenFailedDeliveries } from "../../core/webhooks/recover-deliveries.js";
import { PREVIOUS_SECRET_GRACE_MS, generateWebhookSecret } from "../../core/webhooks/signing.js";
import { findDelivery, reopenDelivery, type DeliveryRow } from "./delivery-queries.js";
import { deleteEndpoint, endpointMode, findEndpoint, findEndpointOrDeleted, insertEndpoint, replaceEndpointSecret, updateEndpoint, type EndpointOwner, type EndpointRow } from "./endpoint-queries.js";
import { sampleEventData } from "./sample-events.js";

/**
 * The rules of webhook endpoints: secrets, re-enabling, replays and test events. An endpoint of
 * another account or of a mode the caller does not see is 404, whatever the operation.
 */

export interface WebhookServiceDeps {
  db: Database;
  queues: ProducerQueues;
  logger: Logger;
}

const notFound = () => new AppError("NOT_FOUND", "No such webhook endpoint.");

export async function requireEndpoint(db: Database, owner: EndpointOwner, endpointId: string): Promise<EndpointRow> {
  const endpoint = await findEndpoint(db, owner, endpointId);
  if (!endpoint) throw notFound();
  return endpoint;
}

/** The endpoint even if deleted (until purged): reading it and its delivery log. */
export async function requireEndpointOrDeleted(db: Database, owner: EndpointOwner, endpointId: string): Promise<EndpointRow> {
  const endpoint = await findEndpointOrDeleted(db, owner, endpointId);
  if (!endpoint) throw notFound();
  return endpoint;
}

/** A new endpoint of `mode` with a fresh secret; the secret is returned this once. */
export async function createWebhookEndpoint(
  db: Database,
  owner: { userId: string; mode: KeyMode },
  request: CreateWebhookEndpointRequest,
  now: Date,
): Promise<{ endpoint: EndpointRow; secret: string }> {
  const secret = generateWebhookSecret();
  const endpoint = await insertEndpoint(db, { userId: owner.userId, mode: owner.mode, url: request.url, events: request.events, description: request.description ?? null, secret, now });
  return { endpoint, secret };
}

export async function updateWebhookEndpoint(db: Database, owner: EndpointOwner, endpointId: string, request: UpdateWebhookEndpointRequest, now: Date): Promise<EndpointRow> {
  if (Object.values(request).every((value) => value === undefined)) {
    throw new AppError("VALIDATION_FAILED", undefined, { details: [{ field: "(root)", message: "Give at least one field to update" }] });
  }
  const endpoint = await updateEndpoint(
    db,
    owner,
    endpointId,
    { url: request.url, events: request.events, description: request.description, isActive: request.is_active },
    now,
  );
  if (!endpoint) throw notFound();
  return endpoint;
}

/** Replaces the secret; deliveries keep a second signature with the old one for 24 hours. */
export async function rotateWebhookSecret(db: Database, owner: EndpointOwner, endpointId: string, now: Date): Promise<{ endpoint: EndpointRow; secret: string }> {
  const secret = generateWebhookSecret();
  const endpoint = await replaceEndpointSecret(db, owner, endpointId, secret, new Date(now.getTime() + PREVIOUS_SECRET_GRACE_MS), now);
  if (!endpoint) throw notFound();
  return { endpoint, secret };
}

export async function deleteWebhookEndpoint(db: Database, owner: EndpointOwner, endpointId: string, now: Date): Promise<Date> {
  const deletedAt = await db.transaction().execute((trx) => deleteEndpoint(trx, owner, endpointId, now));
  if (!deletedAt) throw notFound();
  return deletedAt;
}

function requireActive(endpoint: EndpointRow, doing: string): void {
  if (!endpoint.is_active) throw new AppError("CONFLICT", `The endpoint is disabled; enable it (is_active: true) before ${doing}.`);
}

/**
 * Sends a delivery's event again now, with a new run of retries; the attempt log is kept.
 * A delivery waiting for a retry has that retry brought forward.
 */
export async function replayWebhookDelivery(deps: WebhookServiceDeps, owner: EndpointOwner, endpointId: string, deliveryId: string, now: Date): Promise<DeliveryRow> {
  const endpoint = await requireEndpoint(deps.db, owner, endpointId);
  requireActive(endpoint, "replaying deliveries");
  const attemptsMade = await reopenDelivery(deps.db, endpoint.id, deliveryId, now);
  if (attemptsMade === undefined) throw new AppError("NOT_FOUND", "No such delivery for this endpoint.");
  // If Redis is away the delivery stays pending and the engine's sweep sends it.
  await ensureDeliveryAttempt(deps.queues, deliveryId, attemptsMade + 1, { promote: true }).catch((error: unknown) =>
    deps.logger.warn({ err: error, deliveryId }, "could not enqueue the replay; the engine's sweep will"),
  );
  const delivery = await findDelivery(deps.db, endpoint.id, deliveryId);
  if (!delivery) throw new AppError("NOT_FOUND", "No such delivery for this endpoint.");
  return delivery;
}

/**
 * Sends again every delivery of the window that has failed (finally: not one waiting for a
 * retry), each as a replay. The first RECOVERY_BATCH are reopened here and counted in the answer;
 * a window with more is finished by the engine's `webhook-recovery` job. Concurrent recoveries
 * of one window reopen each delivery once between them (reopenFailedDeliveries).
 */
export async function recoverFailedDeliveries(
  deps: WebhookServiceDeps,
  owner: EndpointOwner,
  endpointId: string,
  request: RecoverDeliveriesRequest,
  now: Date,
): Promise<RecoverDeliveriesResult> {
  const endpoint = await requireEndpoint(deps.db, owner, endpointId);
  requireActive(endpoint, "recovering failed deliveries");
  const until = request.until && Date.parse(request.until) < now.getTime() ? new Date(request.until) : now;
  const window = { endpointId: endpoint.id, since: new Date(request.since), until, asOf: now };
  const reopened = await reopenFailedDeliveries(deps.db, window, RECOVERY_BATCH, now);
  const continuesInBackground = reopened.length === RECOVERY_BATCH;
  // If Redis is away the reopened deliveries stay due and the engine's sweep sends them; the
  // rest of a large window waits for a new recovery.
  await enqueueRecovered(deps.queues, reopened).catch((error: unknown) =>
    deps.logger.warn({ err: error, endpointId }, "could not enqueue recovered deliveries; the engine's sweep will"),
  );
  if (continuesInBackground) {
    const payload = { endpoint_id: endpoint.id, since: window.since.toISOString(), until: until.toISOString(), as_of: now.toISOString() };
    await enqueue(deps.queues, "webhook-recovery", payload);
  }
  return { queued: reopened.length, continues_in_background: continuesInBackground, since: window.since.toISOString(), until: until.toISOString() };
}

/**
 * Records an event of sample data (`test: true`) in the endpoint's mode, delivered to this
 * endpoint only, whatever it subscribes to.
 */
export async function sendTestEvent(
  deps: WebhookServiceDeps,
  owner: EndpointOwner,
  endpointId: string,
  type: WebhookEventType,
  now: Date,
): Promise<{ eventId: string; deliveryId: string }> {
  const endpoint = await requireEndpoint(deps.db, owner, endpointId);
  requireActive(endpoint, "sending test events");
  const { eventId, deliveryId } = await deps.db.transaction().execute(async (trx) => {
    const mode = endpointMode(endpoint);
    const event = { userId: owner.userId, mode, type, data: sampleEventData(type, now, mode), now, onlyEndpointId: endpoint.id };
    const recorded = await recordWebhookEvent(trx, event);
    const [id] = recorded.deliveryIds;
    // Disabled or deleted since the check: nothing is recorded.
    if (!id) throw new AppError("CONFLICT", "The endpoint is disabled; enable it (is_active: true) before sending test events.");
    return { eventId: recorded.eventId, deliveryId: id };
  });
  await enqueueDeliveries(deps.queues, [deliveryId]).catch((error: unknown) =>
    deps.logger.warn({ err: error, deliveryId }, "could not enqueue the test delivery; the engine's sweep will"),
  );
  return { eventId, deliveryId };
}
