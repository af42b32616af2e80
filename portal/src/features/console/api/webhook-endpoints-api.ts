import type { z } from "zod";
import {
  DeletedWebhookEndpointSchema,
  TestEventResultSchema,
  WebhookDeliveryListSchema,
  WebhookDeliverySchema,
  WebhookEndpointListSchema,
  WebhookEndpointSchema,
  WebhookEndpointWithSecretSchema,
  type CreateWebhookEndpointRequest,
  type UpdateWebhookEndpointRequest,
  type WebhookDelivery,
  type WebhookEndpoint,
} from "../../../../../core/contracts/webhook-endpoints";
import type { WebhookEventType } from "../../../../../core/contracts/webhook-events";
import { apiRequest } from "../../../lib/api-client";

/**
 * The dashboard's copy of the webhook endpoints API (/api, cookie session): the endpoints of both
 * modes, each acted on in its own mode. Secrets come only from create and rotate.
 */

export type EndpointWithSecret = z.infer<typeof WebhookEndpointWithSecretSchema>;
export type TestEventResult = z.infer<typeof TestEventResultSchema>;

/** The dashboard lists at most this many endpoints, and this many recent deliveries per endpoint. */
const ENDPOINT_PAGE = 100;
export const RECENT_DELIVERIES = 20;

const endpointPath = (id: string) => `/api/webhook-endpoints/${encodeURIComponent(id)}`;

export async function listWebhookEndpoints(signal?: AbortSignal): Promise<WebhookEndpoint[]> {
  const { webhook_endpoints } = await apiRequest(`/api/webhook-endpoints?limit=${ENDPOINT_PAGE}`, { schema: WebhookEndpointListSchema, signal });
  return webhook_endpoints;
}

/** A new endpoint of `mode`: it receives that mode's events only. */
export function createWebhookEndpoint(request: CreateWebhookEndpointRequest, mode: WebhookEndpoint["mode"]): Promise<EndpointWithSecret> {
  return apiRequest(`/api/webhook-endpoints?mode=${mode}`, { method: "POST", body: request, schema: WebhookEndpointWithSecretSchema });
}

export function updateWebhookEndpoint(id: string, request: UpdateWebhookEndpointRequest): Promise<WebhookEndpoint> {
  return apiRequest(endpointPath(id), { method: "PATCH", body: request, schema: WebhookEndpointSchema });
}

export async function deleteWebhookEndpoint(id: string): Promise<void> {
  await apiRequest(endpointPath(id), { method: "DELETE", schema: DeletedWebhookEndpointSchema });
}

/** A new secret; deliveries carry the previous one's signature too for a day. */
export function rotateWebhookSecret(id: string): Promise<EndpointWithSecret> {
  return apiRequest(`${endpointPath(id)}/rotate-secret`, { method: "POST", schema: WebhookEndpointWithSecretSchema });
}

export async function listDeliveries(endpointId: string, signal?: AbortSignal): Promise<WebhookDelivery[]> {
  const { deliveries } = await apiRequest(`${endpointPath(endpointId)}/deliveries?limit=${RECENT_DELIVERIES}`, { schema: WebhookDeliveryListSchema, signal });
  return deliveries;
}

/** Sends the delivery's event again (a new attempt, same event id). */
export function replayDelivery(endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
  return apiRequest(`${endpointPath(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/replay`, { method: "POST", schema: WebhookDeliverySchema });
}

/** A sample event of `type`, delivered like a real one. */
export function sendTestEvent(endpointId: string, type: WebhookEventType): Promise<TestEventResult> {
  return apiRequest(`${endpointPath(endpointId)}/test`, { method: "POST", body: { type }, schema: TestEventResultSchema });
}
