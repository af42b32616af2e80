import { z } from "zod";

/**
 * Events an account's webhook endpoints can subscribe to (DESIGN.md section 7). Every delivery's
 * body is `{id: evt_..., type, timestamp, data}`; `data` carries the fields named per type.
 */
export const WEBHOOK_EVENT_TYPES = [
  "workflow.triggered",
  "workflow.completed",
  "workflow.failed",
  "workflow.cancelled",
  "processing.started",
  "processing.completed",
  "processing.failed",
  "usage.threshold_reached",
  "stream.anomaly_detected",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** An endpoint's `events`: the types it receives, or "*" for all of them. */
export const WebhookEventFilterSchema = z.enum([...WEBHOOK_EVENT_TYPES, "*"]);

export interface WebhookEventBody<T extends string = WebhookEventType> {
  id: string;
  type: T;
  /** ISO 8601 UTC. */
  timestamp: string;
  data: Record<string, unknown>;
}
