import { DELIVERY_STATUSES, type WebhookEndpoint } from "../../../../../core/contracts/webhook-endpoints";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "../../../../../core/contracts/webhook-events";
import type { Tone } from "./workflow-display";

/** How webhook endpoints, their event filters and deliveries read in the dashboard. */

export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  pending: "Pending",
  retrying: "Retrying",
  succeeded: "Delivered",
  failed: "Failed",
};

export const DELIVERY_STATUS_TONES: Record<DeliveryStatus, Tone> = {
  pending: "slate",
  retrying: "amber",
  succeeded: "green",
  failed: "red",
};

/** Deliveries the engine has yet to settle: the log is read again until none are left. */
export function isDeliveryOpen(status: DeliveryStatus): boolean {
  return status === "pending" || status === "retrying";
}

export type EndpointMode = WebhookEndpoint["mode"];

/** An endpoint's mode: it receives the events of that mode's activity only. */
export const ENDPOINT_MODE_LABELS: Record<EndpointMode, string> = { live: "Live", test: "Test" };
export const ENDPOINT_MODE_TONES: Record<EndpointMode, Tone> = { live: "blue", test: "amber" };
export const ENDPOINT_MODE_HINTS: Record<EndpointMode, string> = {
  live: "Receives what your live keys do, and usage alerts.",
  test: "Receives only what your test keys do: their workflow runs, analyses and streams.",
};

export const ALL_EVENTS = "*";
export const ALL_EVENTS_LABEL = "All events";

/** An endpoint's filter for display: "All events" alone when it has "*". */
export function eventLabels(events: WebhookEndpoint["events"]): string[] {
  return events.includes(ALL_EVENTS) ? [ALL_EVENTS_LABEL] : [...events];
}

/** The event types a test event may have, as the select offers them. */
export const TEST_EVENT_OPTIONS: ReadonlyArray<{ value: WebhookEventType; label: string }> = WEBHOOK_EVENT_TYPES.map((type) => ({ value: type, label: type }));

/** The events the endpoint listens to, for the test event's default: its first, or workflow.completed. */
export function defaultTestEvent(endpoint: Pick<WebhookEndpoint, "events">): WebhookEventType {
  return endpoint.events.find((event): event is WebhookEventType => event !== ALL_EVENTS) ?? "workflow.completed";
}

/** The HTTP status an attempt got, or an em dash when no answer arrived (the error says why). */
export function formatResponseCode(code: number | null): string {
  return code === null ? "—" : String(code);
}

/** The delivery log's filter choices: "" is every status, or every event type. */
export const DELIVERY_STATUS_FILTER_OPTIONS: ReadonlyArray<{ value: DeliveryStatus | ""; label: string }> = [
  { value: "", label: "All statuses" },
  ...DELIVERY_STATUSES.map((status) => ({ value: status, label: DELIVERY_STATUS_LABELS[status] })),
];
export const EVENT_TYPE_FILTER_OPTIONS: ReadonlyArray<{ value: WebhookEventType | ""; label: string }> = [{ value: "", label: "All event types" }, ...TEST_EVENT_OPTIONS];

export function isDeliveryStatus(value: string): value is DeliveryStatus {
  return DELIVERY_STATUSES.some((status) => status === value);
}

export function isEventType(value: string): value is WebhookEventType {
  return WEBHOOK_EVENT_TYPES.some((type) => type === value);
}

/** A datetime-local input's value (local time, to the minute) for a moment. */
export function toLocalInputValue(at: Date): string {
  const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** A datetime-local input's value as an ISO instant, or undefined when it is not a time. */
export function fromLocalInputValue(value: string): string | undefined {
  const at = new Date(value);
  return value && !Number.isNaN(at.getTime()) ? at.toISOString() : undefined;
}
