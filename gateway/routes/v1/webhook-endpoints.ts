import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { CreateWebhookEndpointRequestSchema, TestWebhookRequestSchema, UpdateWebhookEndpointRequestSchema } from "../../../core/contracts/webhook-endpoints.js";
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
  DeletedWebhookEndpointResponseSchema,
  EndpointIdParamsSchema,
  PageQueryParamsSchema,
  TestEventResultResponseSchema,
  WebhookEndpointListResponseSchema,
  WebhookEndpointResponseSchema,
  WebhookEndpointWithSecretResponseSchema,
} from "../../webhooks/api-schemas.js";
import { endpointPrincipal, PUBLIC_ENDPOINT_API, type EndpointPrincipal } from "../../webhooks/endpoint-principal.js";
import { listEndpoints, type EndpointOwner } from "../../webhooks/endpoint-queries.js";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  requireEndpointOrDeleted,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhookEndpoint,
} from "../../webhooks/endpoint-service.js";
import { serializeEndpoint } from "../../webhooks/serializers.js";
import { API_KEY_SECURITY } from "../../openapi-document.js";

const tags = ["Webhooks"];
const security = API_KEY_SECURITY;
const errors = (...codes: ErrorCode[]) => errorResponses("BAD_REQUEST", "UNAUTHORIZED", "FORBIDDEN", "RATE_LIMITED", "QUOTA_EXCEEDED", ...codes);

/**
 * The endpoint routes under `base`: the public API's (/v1, documented) and the dashboard's
 * (/api, hidden), the same contract either way.
 */
function endpointRouteDefinitions(base: string, hide: boolean) {
  const listRoute = createRoute({
    method: "get",
    path: base,
    tags,
    summary: "List webhook endpoints",
    security,
    hide,
    request: { query: PageQueryParamsSchema },
    responses: { 200: jsonResponse(WebhookEndpointListResponseSchema, "The account's endpoints of the key's mode, newest first."), ...errors() },
  });

  const createEndpointRoute = createRoute({
    method: "post",
    path: base,
    tags,
    summary: "Create a webhook endpoint",
    description:
      "Needs a key with admin permission. The endpoint has the key's mode: a test key's endpoints receive test-mode events only, a live key's live ones. The answer carries the signing secret; it is not shown again (rotate it to get a new one).",
    security,
    hide,
    request: jsonBody(CreateWebhookEndpointRequestSchema),
    responses: { 201: jsonResponse(WebhookEndpointWithSecretResponseSchema, "The new endpoint and its signing secret."), ...errors("MALFORMED_JSON", "VALIDATION_FAILED") },
  });

  const getRoute = createRoute({
    method: "get",
    path: `${base}/{id}`,
    tags,
    summary: "Get a webhook endpoint",
    description: "A deleted endpoint is still answered, with `deleted_at`, until its delivery log's retention period ends.",
    security,
    hide,
    request: { params: EndpointIdParamsSchema },
    responses: { 200: jsonResponse(WebhookEndpointResponseSchema, "The endpoint."), ...errors("NOT_FOUND") },
  });

  const updateRoute = createRoute({
    method: "patch",
    path: `${base}/{id}`,
    tags,
    summary: "Update a webhook endpoint",
    description: "Changes the fields given (at least one). `is_active: true` re-enables a disabled endpoint and clears its failure record. Needs admin permission.",
    security,
    hide,
    request: { params: EndpointIdParamsSchema, ...jsonBody(UpdateWebhookEndpointRequestSchema) },
    responses: { 200: jsonResponse(WebhookEndpointResponseSchema, "The updated endpoint."), ...errors("MALFORMED_JSON", "NOT_FOUND", "VALIDATION_FAILED") },
  });

  const deleteRoute = createRoute({
    method: "delete",
    path: `${base}/{id}`,
    tags,
    summary: "Delete a webhook endpoint",
    description:
      "It receives nothing more: deliveries not yet made are closed as failed, and its signing secret is erased. It leaves the list, but it and its delivery log stay readable (GET, with `deleted_at`) for the delivery log's retention period. Needs admin permission.",
    security,
    hide,
    request: { params: EndpointIdParamsSchema },
    responses: { 200: jsonResponse(DeletedWebhookEndpointResponseSchema, "Deleted."), ...errors("NOT_FOUND") },
  });

  const rotateRoute = createRoute({
    method: "post",
    path: `${base}/{id}/rotate-secret`,
    tags,
    summary: "Rotate an endpoint's signing secret",
    description:
      "Returns the new secret once. For 24 hours every delivery's webhook-signature carries a signature with the new secret and one with the old (space-separated, new first), so receivers can switch over; X-Webhook-Signature-256 uses the new secret. Needs admin permission.",
    security,
    hide,
    request: { params: EndpointIdParamsSchema },
    responses: { 200: jsonResponse(WebhookEndpointWithSecretResponseSchema, "The endpoint and its new signing secret."), ...errors("NOT_FOUND") },
  });

  const testRoute = createRoute({
    method: "post",
    path: `${base}/{id}/test`,
    tags,
    summary: "Send a test event",
    description: "Records an event of the given type (default workflow.completed) with sample data and `data.test: true`, delivered to this endpoint only. Needs admin permission.",
    security,
    hide,
    request: { params: EndpointIdParamsSchema, body: { content: { "application/json": { schema: TestWebhookRequestSchema } }, required: false } },
    responses: { 202: jsonResponse(TestEventResultResponseSchema, "The event and its delivery, on its way."), ...errors("MALFORMED_JSON", "NOT_FOUND", "CONFLICT", "VALIDATION_FAILED") },
  });
  return { listRoute, createEndpointRoute, getRoute, updateRoute, deleteRoute, rotateRoute, testRoute };
}

/**
 * Outgoing webhook endpoints (DESIGN.md section 7), which belong to an account and a mode: the
 * public API's by default (a key's own mode), or the dashboard's copy (both modes).
 */
export function webhookEndpointRoutes(deps: { db: Database; queues: ProducerQueues; logger: Logger; now: () => Date }, surface: ApiSurface<EndpointPrincipal> = PUBLIC_ENDPOINT_API) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const principalOf = (c: Context<AppEnv>, change: boolean): EndpointPrincipal => endpointPrincipal(surface, c, change);
  const ownerOf = (c: Context<AppEnv>, change: boolean): EndpointOwner => principalOf(c, change);
  const { listRoute, createEndpointRoute, getRoute, updateRoute, deleteRoute, rotateRoute, testRoute } = endpointRouteDefinitions(`${surface.prefix}/webhook-endpoints`, surface.hide);

  app.openapi(listRoute, async (c) => {
    const page = c.req.valid("query");
    const { rows, total } = await listEndpoints(deps.db, ownerOf(c, false), page);
    const now = deps.now();
    return c.json({ webhook_endpoints: rows.map((row) => serializeEndpoint(row, now)), total, page: page.page, limit: page.limit }, 200);
  });

  app.openapi(createEndpointRoute, async (c) => {
    const now = deps.now();
    const principal = principalOf(c, true);
    const { endpoint, secret } = await createWebhookEndpoint(deps.db, { userId: principal.userId, mode: principal.createMode }, c.req.valid("json"), now);
    return c.json({ ...serializeEndpoint(endpoint, now), secret }, 201);
  });

  app.openapi(getRoute, async (c) => {
    const endpoint = await requireEndpointOrDeleted(deps.db, ownerOf(c, false), c.req.valid("param").id);
    return c.json(serializeEndpoint(endpoint, deps.now()), 200);
  });

  app.openapi(updateRoute, async (c) => {
    const now = deps.now();
    const endpoint = await updateWebhookEndpoint(deps.db, ownerOf(c, true), c.req.valid("param").id, c.req.valid("json"), now);
    return c.json(serializeEndpoint(endpoint, now), 200);
  });

  app.openapi(deleteRoute, async (c) => {
    const deletedAt = await deleteWebhookEndpoint(deps.db, ownerOf(c, true), c.req.valid("param").id, deps.now());
    return c.json({ message: "Webhook endpoint deleted.", deleted_at: deletedAt.toISOString() }, 200);
  });

  app.openapi(rotateRoute, async (c) => {
    const now = deps.now();
    const { endpoint, secret } = await rotateWebhookSecret(deps.db, ownerOf(c, true), c.req.valid("param").id, now);
    return c.json({ ...serializeEndpoint(endpoint, now), secret }, 200);
  });

  app.openapi(testRoute, async (c) => {
    const owner = ownerOf(c, true);
    const type = c.req.valid("json").type ?? "workflow.completed";
    const { eventId, deliveryId } = await sendTestEvent(deps, owner, c.req.valid("param").id, type, deps.now());
    return c.json({ event_id: eventId, delivery_id: deliveryId }, 202);
  });

  return app;
}
