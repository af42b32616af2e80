import type { WebhookDelivery, WebhookEndpoint } from "../../core/contracts/webhook-endpoints.js";
import { DELIVERY_STATUSES } from "../../core/contracts/webhook-endpoints.js";
import { WebhookEventFilterSchema } from "../../core/contracts/webhook-events.js";
import type { AttemptRow, DeliveryRow } from "./delivery-queries.js";
import { endpointMode, type EndpointRow } from "./endpoint-queries.js";

/** Response bodies of the webhook-endpoint API, field by field; the secret is never among them. */

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

export function serializeEndpoint(row: EndpointRow, now: Date): WebhookEndpoint {
  const graceEnds = row.previous_secret && row.previous_secret_expires_at && row.previous_secret_expires_at > now ? row.previous_secret_expires_at : null;
  return {
    id: row.id,
    mode: endpointMode(row),
    url: row.url,
    events: row.events.flatMap((event) => {
      const parsed = WebhookEventFilterSchema.safeParse(event);
      return parsed.success ? [parsed.data] : [];
    }),
    description: row.description,
    is_active: row.is_active,
    disabled_at: iso(row.disabled_at),
    failing_since: iso(row.failing_since),
    previous_secret_expires_at: iso(graceEnds),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    deleted_at: iso(row.deleted_at),
  };
}

export function serializeDelivery(row: DeliveryRow, attempts: readonly AttemptRow[]): WebhookDelivery {
  return {
    id: row.id,
    event_id: row.event_id,
    event_type: row.event_type,
    status: DELIVERY_STATUSES.find((status) => status === row.status) ?? "pending",
    attempt_count: row.attempt,
    response_status: row.response_status,
    response_body_excerpt: row.response_body_excerpt,
    duration_ms: row.duration_ms,
    error: row.error,
    next_attempt_at: row.status === "pending" || row.status === "retrying" ? iso(row.next_attempt_at) : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    attempts: attempts.map((attempt) => ({
      attempt: attempt.attempt,
      requested_at: attempt.requested_at.toISOString(),
      response_status: attempt.response_status,
      duration_ms: attempt.duration_ms,
      error: attempt.error,
    })),
  };
}
