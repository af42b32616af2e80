import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { DeliveryListQuerySchema } from "../../../core/contracts/webhook-endpoints.js";
import type { Database } from "../../../core/db/client.js";
import type { ErrorCode } from "../../../core/errors.js";
import type { Logger } from "../../../core/logger.js";
import type { ProducerQueues } from "../../../core/queues.js";
import type { AppEnv } from "../../app-env.js";
import { errorResponses } from "../../http/error-responses.js";
import type { ApiSurface } from "../../http/api-surface.js";
import { validationHook } from "../../http/errors.js";
import { jsonBody, jsonResponse } from "../../http/route-helpers.js";
import {
  DeliveryIdParamsSchema,
  EndpointIdParamsSchema,
  RecoverDeliveriesRequestBodySchema,
  RecoverDeliveriesResponseSchema,
  WebhookDeliveryListResponseSchema,
  WebhookDeliveryResponseSchema,
} from "../../webhooks/api-schemas.js";
import { attemptsOf, listDeliveries } from "../../webhooks/delivery-queries.js";
import { endpointPrincipal, PUBLIC_ENDPOINT_API, type EndpointPrincipal } from "../../webhooks/endpoint-principal.js";
import type { EndpointOwner } from "../../webhooks/endpoint-queries.js";
import { recoverFailedDeliveries, replayWebhookDelivery, requireEndpointOrDeleted } from "../../webhooks/endpoint-service.js";
import { serializeDelivery } from "../../webhooks/serializers.js";
import { API_KEY_SECURITY } from "../../openapi-document.js";

const tags = ["Webhooks"];
const security = API_KEY_SECURITY;
const errors = (...codes: ErrorCode[]) => errorResponses("BAD_REQUEST", "UNAUTHORIZED", "FORBIDDEN", "RATE_LIMITED", "QUOTA_EXCEEDED", ...codes);

/** The delivery-log routes under `base` (/v1 documented, /api hidden), one contract. */
function deliveryRouteDefinitions(base: string, hide: boolean) {
  const deliveriesRoute = createRoute({
    method: "get",
    path: `${base}/{id}/deliveries`,
    tags,
    summary: "List an endpoint's deliveries",
    description:
      "Newest first. Filters apply together: `status` and `event_type` take one value or several (repeated, or comma-separated), `created_after` (inclusive) and `created_before` (exclusive), each a date or a date-time, bound the creation time. An unknown parameter or a bad value is 400 BAD_REQUEST naming it. A deleted endpoint's log stays readable for the delivery log's retention period.",
    security,
    hide,
    request: { params: EndpointIdParamsSchema, query: DeliveryListQuerySchema },
    responses: { 200: jsonResponse(WebhookDeliveryListResponseSchema, "Deliveries, newest first, each with every attempt made."), ...errors("NOT_FOUND") },
  });

  const replayRoute = createRoute({
    method: "post",
    path: `${base}/{id}/deliveries/{delivery_id}/replay`,
    tags,
    summary: "Replay a delivery",
    description: "Sends the same event (same id and body) again now, with a new run of retries; earlier attempts stay in the log. Needs admin permission.",
    security,
    hide,
    request: { params: DeliveryIdParamsSchema },
    responses: { 202: jsonResponse(WebhookDeliveryResponseSchema, "The delivery, pending again."), ...errors("NOT_FOUND", "CONFLICT") },
  });

  const recoverRoute = createRoute({
    method: "post",
    path: `${base}/{id}/recover`,
    tags,
    summary: "Recover failed deliveries",
    description:
      "Sends again every delivery to this endpoint that failed (after its last retry; not one still retrying) and was created in the window `since` (inclusive) to `until` (exclusive, default now), each as a replay: same event id and body, a fresh signature timestamp, a new run of retries. Up to 500 are queued by the request and counted in `queued`; when the window holds more, `continues_in_background` is true and the engine queues the rest. Calling it again, even at the same time, sends no delivery twice: only deliveries still failed are queued. A disabled endpoint is refused with 409: enable it first. Needs admin permission.",
    security,
    hide,
    request: { params: EndpointIdParamsSchema, ...jsonBody(RecoverDeliveriesRequestBodySchema) },
    responses: {
      202: jsonResponse(RecoverDeliveriesResponseSchema, "The failed deliveries of the window, queued again."),
      ...errors("MALFORMED_JSON", "NOT_FOUND", "CONFLICT", "VALIDATION_FAILED"),
    },
  });
  return { deliveriesRoute, replayRoute, recoverRoute };
}

/** An endpoint's delivery log: list with filters, replay one, recover the failed ones of a window. */
export function webhookDeliveryRoutes(deps: { db: Database; queues: ProducerQueues; logger: Logger; now: () => Date }, surface: ApiSurface<EndpointPrincipal> = PUBLIC_ENDPOINT_API) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const ownerOf = (c: Context<AppEnv>, change: boolean): EndpointOwner => endpointPrincipal(surface, c, change);
  const { deliveriesRoute, replayRoute, recoverRoute } = deliveryRouteDefinitions(`${surface.prefix}/webhook-endpoints`, surface.hide);

  app.openapi(deliveriesRoute, async (c) => {
    const endpoint = await requireEndpointOrDeleted(deps.db, ownerOf(c, false), c.req.valid("param").id);
    const query = c.req.valid("query");
    const { rows, total } = await listDeliveries(deps.db, endpoint.id, query);
    const attempts = await attemptsOf(deps.db, rows.map((row) => row.id));
    return c.json({ deliveries: rows.map((row) => serializeDelivery(row, attempts.get(row.id) ?? [])), total, page: query.page, limit: query.limit }, 200);
  });

  app.openapi(replayRoute, async (c) => {
    const { id, delivery_id } = c.req.valid("param");
    const delivery = await replayWebhookDelivery(deps, ownerOf(c, true), id, delivery_id, deps.now());
    const attempts = await attemptsOf(deps.db, [delivery.id]);
    return c.json(serializeDelivery(delivery, attempts.get(delivery.id) ?? []), 202);
  });

  app.openapi(recoverRoute, async (c) => {
    const result = await recoverFailedDeliveries(deps, ownerOf(c, true), c.req.valid("param").id, c.req.valid("json"), deps.now());
    return c.json(result, 202);
  });

  return app;
}
