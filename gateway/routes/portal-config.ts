import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { GatewayConfig } from "../../core/config.js";
import { PortalConfigSchema, type PortalConfig } from "../../core/contracts/portal-config.js";
import { paymentPageLocations } from "../../core/payments/payment-pages.js";
import type { AppEnv } from "../app-env.js";
import { enabledProviders } from "../auth/oauth/providers.js";
import { validationHook } from "../http/errors.js";
import { jsonResponse } from "../http/route-helpers.js";
import { oauthStartPath } from "./auth/oauth.js";

const getRoute = createRoute({
  method: "get",
  path: "/api/portal-config",
  hide: true,
  responses: { 200: jsonResponse(PortalConfigSchema, "What the portal shows differently in this deployment: product name, payment page locations, sign-in providers.") },
});

/** The portal's run-time configuration (no session), read once when the portal starts (DESIGN.md section 1). */
export function portalConfigRoutes(deps: { config: GatewayConfig }) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const body = serializePortalConfig(deps.config);

  app.openapi(getRoute, (c) => {
    // Settings change when the gateway restarts with new ones; a cached copy is checked first.
    c.header("Cache-Control", "no-cache");
    return c.json(body, 200);
  });

  return app;
}

export function serializePortalConfig(config: GatewayConfig): PortalConfig {
  return {
    product_name: config.PRODUCT_NAME,
    payment_page_locations: paymentPageLocations(config),
    oauth_providers: enabledProviders(config).map((provider) => ({ id: provider.id, name: provider.name, start_url: oauthStartPath(provider.id) })),
  };
}
