import { z } from "@hono/zod-openapi";
import { KEY_MODES } from "../../core/contracts/api-keys.js";
import { idParam } from "../http/path-params.js";
import {
  DeletedWebhookEndpointSchema,
  DeliveryAttemptSchema,
  PageQuerySchema,
  RecoverDeliveriesRequestSchema,
  RecoverDeliveriesResultSchema,
  TestEventResultSchema,
  WebhookDeliveryListSchema,
  WebhookDeliverySchema,
  WebhookEndpointListSchema,
  WebhookEndpointSchema,
  WebhookEndpointWithSecretSchema,
} from "../../core/contracts/webhook-endpoints.js";

/** The contract schemas of core/contracts/webhook-endpoints.ts, named for openapi.yaml. */

const endpointMode = z.enum(KEY_MODES).openapi({
  description: "The mode of the key that created it, read-only: it receives only that mode's events, and only keys of that mode see it.",
  readOnly: true,
});
export const WebhookEndpointResponseSchema = z.object({ ...WebhookEndpointSchema.shape, mode: endpointMode }).openapi("WebhookEndpoint");
export const WebhookEndpointWithSecretResponseSchema = z
  .object({ ...WebhookEndpointWithSecretSchema.shape, mode: endpointMode })
  .openapi("WebhookEndpointWithSecret", { description: "The endpoint and its signing secret (whsec_…), shown only in this answer." });
export const WebhookEndpointListResponseSchema = z
  .object({ ...WebhookEndpointListSchema.shape, webhook_endpoints: z.array(WebhookEndpointResponseSchema) })
  .openapi("WebhookEndpointList");
export const DeletedWebhookEndpointResponseSchema = z.object(DeletedWebhookEndpointSchema.shape).openapi("DeletedWebhookEndpoint");

const DeliveryAttemptResponseSchema = z.object(DeliveryAttemptSchema.shape).openapi("WebhookDeliveryAttempt");
export const WebhookDeliveryResponseSchema = z
  .object({ ...WebhookDeliverySchema.shape, attempts: z.array(DeliveryAttemptResponseSchema) })
  .openapi("WebhookDelivery");
export const WebhookDeliveryListResponseSchema = z
  .object({ ...WebhookDeliveryListSchema.shape, deliveries: z.array(WebhookDeliveryResponseSchema) })
  .openapi("WebhookDeliveryList");
export const TestEventResultResponseSchema = z.object(TestEventResultSchema.shape).openapi("WebhookTestEvent");

export const RecoverDeliveriesRequestBodySchema = RecoverDeliveriesRequestSchema.meta({ id: "RecoverWebhookDeliveriesRequest" });
export const RecoverDeliveriesResponseSchema = z.object(RecoverDeliveriesResultSchema.shape).openapi("RecoverWebhookDeliveriesResult");

export const PageQueryParamsSchema = z.object(PageQuerySchema.shape);

const endpointId = idParam("whe", "No such webhook endpoint.");
export const EndpointIdParamsSchema = z.object({ id: endpointId });
export const DeliveryIdParamsSchema = z.object({ id: endpointId, delivery_id: idParam("del", "No such delivery for this endpoint.", "delivery_id") });
