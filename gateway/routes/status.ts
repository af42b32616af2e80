import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
// A subscription is an e-mail address, checked as the auth forms check one.
import { EmailRequestSchema } from "../../core/contracts/auth-requests.js";
import { StatusMessageSchema, StatusPageSchema, StatusTokenRequestSchema } from "../../core/contracts/status.js";
import type { AppEnv } from "../app-env.js";
import type { AuthDeps } from "../auth/auth-deps.js";
import { validationHook } from "../http/errors.js";
import { jsonBody, jsonResponse, requestOrigin } from "../http/route-helpers.js";
import { buildStatusReport } from "../status/status-report.js";
import { confirmStatusSubscription, endStatusSubscription, requestStatusSubscription } from "../status/status-subscriptions.js";

const statusRoute = createRoute({
  method: "get",
  path: "/api/status",
  hide: true,
  responses: { 200: jsonResponse(StatusPageSchema, "Every component's health, uptime, response time and 90-day history, and the latest incidents.") },
});

const subscribeRoute = createRoute({
  method: "post",
  path: "/api/status/subscribe",
  hide: true,
  request: jsonBody(EmailRequestSchema),
  responses: { 200: jsonResponse(StatusMessageSchema, "A confirmation link is sent; the same answer whether or not the address is already subscribed.") },
});

const confirmRoute = createRoute({
  method: "post",
  path: "/api/status/subscription/confirm",
  hide: true,
  request: jsonBody(StatusTokenRequestSchema),
  responses: { 200: jsonResponse(StatusMessageSchema, "The subscription is confirmed.") },
});

const unsubscribeRoute = createRoute({
  method: "post",
  path: "/api/status/subscription/unsubscribe",
  hide: true,
  request: jsonBody(StatusTokenRequestSchema),
  responses: { 200: jsonResponse(StatusMessageSchema, "The subscription has ended.") },
});

/** The public status page's API (no session; state changes still carry the CSRF header). */
export function statusRoutes(deps: AuthDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(statusRoute, async (c) => {
    const report = await buildStatusReport(deps.db, new Date());
    // The probe samples once a minute; browsers and caches may reuse an answer briefly.
    c.header("Cache-Control", "public, max-age=15");
    return c.json(report, 200);
  });

  app.openapi(subscribeRoute, async (c) =>
    c.json(await requestStatusSubscription(deps, c.req.valid("json").email, requestOrigin(c, deps).ip), 200),
  );

  app.openapi(confirmRoute, async (c) => c.json(await confirmStatusSubscription(deps, c.req.valid("json").token, requestOrigin(c, deps).ip), 200));

  app.openapi(unsubscribeRoute, async (c) => c.json(await endStatusSubscription(deps, c.req.valid("json").token, requestOrigin(c, deps).ip), 200));

  return app;
}
