import type { KeyMode } from "../core/contracts/api-keys.js";
import type { Database } from "../core/db/client.js";
import { newId } from "../core/ids.js";
import { generateWebhookSecret } from "../core/webhooks/signing.js";

export interface TestEndpointOptions {
  secret?: string;
  previousSecret?: string;
  previousSecretExpiresAt?: Date;
  failingSince?: Date;
  events?: string[];
  mode?: KeyMode;
  /** Its id: ids made in one millisecond sort at random, so a test that needs an order gives them. */
  id?: string;
}

/**
 * A webhook endpoint written straight to the database, at `${baseUrl}/hooks/<its id>`: live,
 * every event and a fresh secret unless `options` says otherwise.
 */
export async function insertWebhookEndpoint(db: Database, userId: string, baseUrl: string, options: TestEndpointOptions = {}): Promise<{ id: string; secret: string }> {
  const secret = options.secret ?? generateWebhookSecret();
  const id = options.id ?? newId("whe");
  await db
    .insertInto("webhook_endpoints")
    .values({
      id,
      user_id: userId,
      mode: options.mode ?? "live",
      url: `${baseUrl}/hooks/${id}`,
      events: options.events ?? ["*"],
      secret,
      previous_secret: options.previousSecret ?? null,
      previous_secret_expires_at: options.previousSecretExpiresAt ?? null,
      failing_since: options.failingSince ?? null,
    })
    .execute();
  return { id, secret };
}

export interface TestDeliveryOptions {
  type?: string;
  status?: "pending" | "retrying" | "succeeded" | "failed";
  createdAt: Date;
  /** Attempts made (3 unless given; 0 for a pending delivery). */
  attempts?: number;
  mode?: KeyMode;
}

/**
 * An event of the account and its delivery to one endpoint, written straight to the database as
 * the engine leaves them (a failed one with its last error): for delivery-log filters and recovery.
 */
export async function insertDelivery(db: Database, userId: string, endpointId: string, options: TestDeliveryOptions): Promise<{ eventId: string; deliveryId: string }> {
  const eventId = newId("evt");
  const deliveryId = newId("del");
  const type = options.type ?? "workflow.completed";
  const status = options.status ?? "failed";
  const attempts = options.attempts ?? (status === "pending" ? 0 : 3);
  const payload = { id: eventId, type, timestamp: options.createdAt.toISOString(), data: { workflow_id: newId("wf"), execution_id: newId("exec") } };
  await db.insertInto("webhook_events").values({ id: eventId, user_id: userId, mode: options.mode ?? "live", type, payload: JSON.stringify(payload), created_at: options.createdAt }).execute();
  await db
    .insertInto("webhook_deliveries")
    .values({
      id: deliveryId,
      event_id: eventId,
      endpoint_id: endpointId,
      status,
      attempt: attempts,
      // Not due for a day, so no sweep sends it meanwhile.
      next_attempt_at: status === "pending" || status === "retrying" ? new Date(Date.now() + 24 * 3_600_000) : null,
      response_status: status === "failed" ? 503 : status === "succeeded" ? 200 : null,
      error: status === "failed" ? "The endpoint answered HTTP 503." : null,
      created_at: options.createdAt,
      updated_at: options.createdAt,
    })
    .execute();
  return { eventId, deliveryId };
}
