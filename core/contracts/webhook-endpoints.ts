import { z } from "zod";
import { KeyModeSchema } from "./api-keys.js";
import { WEBHOOK_EVENT_TYPES, WebhookEventFilterSchema } from "./webhook-events.js";

/**
 * The public API for outgoing-webhook endpoints (`/v1/webhook-endpoints`, DESIGN.md section 7),
 * shared by the gateway and the portal. An endpoint belongs to an account and a mode (the mode
 * of the key that created it). The signing secret appears only in the answers to create and
 * rotate-secret.
 */

export const WEBHOOK_URL_MAX_LENGTH = 2_048;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 500;
export const DELIVERY_STATUSES = ["pending", "retrying", "succeeded", "failed"] as const;

/** An absolute http(s) URL without user name or password. Where it may point is checked when sending. */
export const WebhookUrlSchema = z
  .string({ error: "url is required" })
  .trim()
  .min(1, "url is required")
  .max(WEBHOOK_URL_MAX_LENGTH, `url must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`)
  .superRefine((value, context) => {
    const url = URL.parse(value);
    if (!url) {
      context.addIssue({ code: "custom", message: "url must be an absolute http or https URL" });
    } else if (url.protocol !== "http:" && url.protocol !== "https:") {
      context.addIssue({ code: "custom", message: "url must use http or https" });
    } else if (url.username || url.password) {
      context.addIssue({ code: "custom", message: "url must not contain a user name or password" });
    }
  });

/** The event types an endpoint receives ("*" for all); duplicates are dropped. */
export const WebhookEventFiltersSchema = z
  .array(WebhookEventFilterSchema, { error: "events must be a list of event types" })
  .min(1, "Give at least one event type (or \"*\" for all)")
  .max(WEBHOOK_EVENT_TYPES.length + 1)
  .transform((events) => [...new Set(events)]);

const DescriptionSchema = z.string().trim().max(WEBHOOK_DESCRIPTION_MAX_LENGTH, `description must be at most ${WEBHOOK_DESCRIPTION_MAX_LENGTH} characters`);

export const CreateWebhookEndpointRequestSchema = z.object({
  url: WebhookUrlSchema,
  events: WebhookEventFiltersSchema,
  description: DescriptionSchema.nullable().optional(),
});
export type CreateWebhookEndpointRequest = z.infer<typeof CreateWebhookEndpointRequestSchema>;

/** PATCH changes the fields it names. Re-enabling (is_active true) also clears the failure record. */
export const UpdateWebhookEndpointRequestSchema = z.object({
  url: WebhookUrlSchema.optional(),
  events: WebhookEventFiltersSchema.optional(),
  description: DescriptionSchema.nullable().optional(),
  is_active: z.boolean().optional(),
});
export type UpdateWebhookEndpointRequest = z.infer<typeof UpdateWebhookEndpointRequestSchema>;

/** POST /{id}/test: the type of the sample event (default workflow.completed). */
export const TestWebhookRequestSchema = z.object({
  type: z.enum(WEBHOOK_EVENT_TYPES).optional(),
});

export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

const IsoDateTimeSchema = z.iso.datetime({ offset: true, error: "Expected an ISO 8601 date-time, such as 2026-12-01T09:00:00Z" });
/** A date (midnight UTC) or a date-time, as the workflow list's created_after and created_before take. */
const IsoDateOrDateTimeSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: "Expected an ISO 8601 date or date-time" });

/** One value or several: repeated (`?status=a&status=b`) or comma-separated (`?status=a,b`). */
function oneOrSeveral<const T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess(
    (input) => (Array.isArray(input) ? input : [input]).flatMap((value) => (typeof value === "string" ? value.split(",") : [value])),
    z.array(z.enum(values, { error: `Expected one of ${values.join(", ")}` })).min(1),
  );
}

/** An inclusive start and an exclusive end, in that order when both are given. */
function refineTimeRange(range: { start?: string | undefined; end?: string | undefined; startName: string; endName: string }, context: z.core.$RefinementCtx) {
  if (range.start && range.end && Date.parse(range.start) >= Date.parse(range.end)) {
    context.addIssue({ code: "custom", path: [range.endName], message: `${range.endName} must be later than ${range.startName}` });
  }
}

/**
 * The delivery log's query: a page, and filters that all apply together. Unknown parameters are
 * refused (a misspelt filter would otherwise list everything).
 */
export const DeliveryListQuerySchema = PageQuerySchema.extend({
  status: oneOrSeveral(DELIVERY_STATUSES).optional(),
  event_type: oneOrSeveral(WEBHOOK_EVENT_TYPES).optional(),
  /** Deliveries created at or after this time. */
  created_after: IsoDateOrDateTimeSchema.optional(),
  /** Deliveries created before this time. */
  created_before: IsoDateOrDateTimeSchema.optional(),
})
  .strict()
  .superRefine((query, context) =>
    refineTimeRange({ start: query.created_after, end: query.created_before, startName: "created_after", endName: "created_before" }, context),
  );
export type DeliveryListQuery = z.infer<typeof DeliveryListQuerySchema>;

/** POST /{id}/recover: the window of deliveries (by creation time) to send again; `until` defaults to now. */
export const RecoverDeliveriesRequestSchema = z
  .object({ since: IsoDateTimeSchema, until: IsoDateTimeSchema.optional() })
  .strict()
  .superRefine((request, context) => refineTimeRange({ start: request.since, end: request.until, startName: "since", endName: "until" }, context));
export type RecoverDeliveriesRequest = z.infer<typeof RecoverDeliveriesRequestSchema>;

export const RecoverDeliveriesResultSchema = z.object({
  /** Failed deliveries of the window queued again by this request. */
  queued: z.number().int(),
  /** True when the window held more than one request handles: the engine queues the rest. */
  continues_in_background: z.boolean(),
  since: z.string(),
  until: z.string(),
});
export type RecoverDeliveriesResult = z.infer<typeof RecoverDeliveriesResultSchema>;

export const WebhookEndpointSchema = z.object({
  id: z.string(),
  /** live or test: it receives the events of that mode only. */
  mode: KeyModeSchema,
  url: z.string(),
  events: z.array(WebhookEventFilterSchema),
  description: z.string().nullable(),
  is_active: z.boolean(),
  /** When it was disabled (by its owner, or after 5 days of failed deliveries). */
  disabled_at: z.string().nullable(),
  /** Start of the current run of failed deliveries; null while deliveries succeed. */
  failing_since: z.string().nullable(),
  /** Until then the previous secret's signature is sent too (after a rotation). */
  previous_secret_expires_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** When it was deleted: it receives nothing more, and its delivery log stays readable until the retention period ends. */
  deleted_at: z.string().nullable(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

/** The answers to create and rotate-secret: the only time the secret is shown. */
export const WebhookEndpointWithSecretSchema = WebhookEndpointSchema.extend({ secret: z.string() });

export const WebhookEndpointListSchema = z.object({
  webhook_endpoints: z.array(WebhookEndpointSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

export const DeletedWebhookEndpointSchema = z.object({ message: z.string(), deleted_at: z.string() });

export const DeliveryAttemptSchema = z.object({
  attempt: z.number().int(),
  requested_at: z.string(),
  response_status: z.number().int().nullable(),
  duration_ms: z.number().int().nullable(),
  error: z.string().nullable(),
});

export const WebhookDeliverySchema = z.object({
  id: z.string(),
  event_id: z.string(),
  event_type: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  /** Attempts made so far, replays included. */
  attempt_count: z.number().int(),
  response_status: z.number().int().nullable(),
  /** The first kilobyte of the last response body. */
  response_body_excerpt: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  attempts: z.array(DeliveryAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveryListSchema = z.object({
  deliveries: z.array(WebhookDeliverySchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

export const TestEventResultSchema = z.object({ event_id: z.string(), delivery_id: z.string() });
