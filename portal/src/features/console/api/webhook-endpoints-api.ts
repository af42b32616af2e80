import type { z } from "zod";
import {
  DeletedWebhookEndpointSchema,
  RecoverDeliveriesResultSchema,
  TestEventResultSchema,
  WebhookDeliveryListSchema,
  WebhookDeliverySchema,
  WebhookEndpointListSchema,
  WebhookEndpointSchema,
  WebhookEndpointWithSecretSchema,
  type CreateWebhookEndpointRequest,
  type RecoverDeliveriesResult,
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

/** The log's filters as the dashboard offers them: one status, one event type, a start time (ISO). */
export interface DeliveryFilters {
  status?: WebhookDelivery["status"] | undefined;
  eventType?: WebhookEventType | undefined;
  createdAfter?: string | undefined;
}

function deliveriesPath(endpointId: string, filters: DeliveryFilters, limit: number): string {
  const query = new URLSearchParams({ limit: String(limit) });
  if (filters.status) query.set("status", filters.status);
  if (filters.eventType) query.set("event_type", filters.eventType);
  if (filters.createdAfter) query.set("created_after", filters.createdAfter);
  return `${endpointPath(endpointId)}/deliveries?${query.toString()}`;
}

/** The latest deliveries that pass the filters. */
export async function listDeliveries(endpointId: string, filters: DeliveryFilters, signal?: AbortSignal): Promise<WebhookDelivery[]> {
  const { deliveries } = await apiRequest(deliveriesPath(endpointId, filters, RECENT_DELIVERIES), { schema: WebhookDeliveryListSchema, signal });
  return deliveries;
}

/** How many deliveries created since `since` have failed: what a recovery from then would send again. */
export async function countFailedSince(endpointId: string, since: string, signal?: AbortSignal): Promise<number> {
  const { total } = await apiRequest(deliveriesPath(endpointId, { status: "failed", createdAfter: since }, 1), { schema: WebhookDeliveryListSchema, signal });
  return total;
}

/** Sends again every delivery created since `since` that failed. */
export function recoverFailedDeliveries(endpointId: string, since: string): Promise<RecoverDeliveriesResult> {
  return apiRequest(`${endpointPath(endpointId)}/recover`, { method: "POST", body: { since }, schema: RecoverDeliveriesResultSchema });
}

/** Sends the delivery's event again (a new attempt, same event id). */
export function replayDelivery(endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
  return apiRequest(`${endpointPath(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/replay`, { method: "POST", schema: WebhookDeliverySchema });
}

/** A sample event of `type`, delivered like a real one. */
export function sendTestEvent(endpointId: string, type: WebhookEventType): Promise<TestEventResult> {
  return apiRequest(`${endpointPath(endpointId)}/test`, { method: "POST", body: { type }, schema: TestEventResultSchema });
}
