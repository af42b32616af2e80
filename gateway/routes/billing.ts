import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { BillingOverviewSchema } from "../../core/contracts/billing.js";
import type { AppEnv } from "../app-env.js";
import { getBillingOverview, type BillingDeps } from "../billing/billing-service.js";
import { validationHook } from "../http/errors.js";
import { jsonResponse } from "../http/route-helpers.js";
import { currentSession } from "../http/session-auth.js";

const billingRoute = createRoute({
  method: "get",
  path: "/api/billing",
  hide: true,
  responses: { 200: jsonResponse(BillingOverviewSchema, "The signed-in user's subscription, this month's usage and the latest billing history.") },
});

/** The dashboard's billing section: the signed-in user's own subscription, usage and payments. */
export function billingRoutes(deps: BillingDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.openapi(billingRoute, async (c) => c.json(await getBillingOverview(deps, currentSession(c).userId), 200));
  return app;
}
