import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { CheckoutQuoteQuerySchema, CheckoutQuoteSchema, CheckoutRequestSchema, CheckoutResponseSchema } from "../../core/contracts/checkout.js";
import type { AppEnv } from "../app-env.js";
import { validationHook } from "../http/errors.js";
import { jsonBody, jsonResponse } from "../http/route-helpers.js";
import { currentSession } from "../http/session-auth.js";
import { startCheckout } from "../payments/checkout-service.js";
import { priceOrder, quoteOf } from "../payments/order-pricing.js";
import type { PaymentDeps } from "../payments/payment-deps.js";

const quoteRoute = createRoute({
  method: "get",
  path: "/api/checkout/quote",
  hide: true,
  request: { query: CheckoutQuoteQuerySchema },
  responses: { 200: jsonResponse(CheckoutQuoteSchema, "What the order would cost the signed-in user now, and the period it buys.") },
});

const checkoutRoute = createRoute({
  method: "post",
  path: "/api/checkout",
  hide: true,
  request: jsonBody(CheckoutRequestSchema),
  responses: { 201: jsonResponse(CheckoutResponseSchema, "The order was submitted; send the customer to redirect_url to pay.") },
});

/** Buying a package: the signed-in user's price, then the order, paid on the provider's hosted page. */
export function checkoutRoutes(deps: PaymentDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.openapi(quoteRoute, async (c) => {
    const priced = await priceOrder(deps.db, currentSession(c).userId, c.req.valid("query"), deps.now());
    return c.json(quoteOf(priced), 200);
  });
  app.openapi(checkoutRoute, async (c) => {
    const order = await startCheckout(deps, currentSession(c).userId, c.req.valid("json"));
    return c.json(order, 201);
  });
  return app;
}
