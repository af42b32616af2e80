import { CreateWebhookEndpointRequestSchema, type CreateWebhookEndpointRequest } from "../../../../../core/contracts/webhook-endpoints";
import type { WebhookEventFilterSchema } from "../../../../../core/contracts/webhook-events";
import { fieldErrorsFromIssues, type FormResult } from "../../../lib/form-errors";
import type { z } from "zod";
import { ALL_EVENTS } from "./webhook-display";

/** The create-endpoint form: its values and their check with the contract's own schema. */

export type EventFilter = z.infer<typeof WebhookEventFilterSchema>;

export const ENDPOINT_FIELDS = ["url", "events", "description"] as const;
export type EndpointField = (typeof ENDPOINT_FIELDS)[number];

export interface EndpointFormValues {
  url: string;
  events: EventFilter[];
  description: string;
}

export const DEFAULT_ENDPOINT_VALUES: EndpointFormValues = { url: "", events: [ALL_EVENTS], description: "" };

/** Ticks or unticks one box. "All events" stands alone: ticking it clears the others, ticking another clears it. */
export function toggleEvent(events: readonly EventFilter[], event: EventFilter, checked: boolean): EventFilter[] {
  if (!checked) return events.filter((item) => item !== event);
  if (event === ALL_EVENTS) return [ALL_EVENTS];
  return [...events.filter((item) => item !== ALL_EVENTS && item !== event), event];
}

export function validateEndpointForm(values: EndpointFormValues): FormResult<EndpointField, CreateWebhookEndpointRequest> {
  const description = values.description.trim();
  const parsed = CreateWebhookEndpointRequestSchema.safeParse({ url: values.url, events: values.events, description: description === "" ? null : description });
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, errors: fieldErrorsFromIssues(parsed.error.issues, ENDPOINT_FIELDS) };
}
