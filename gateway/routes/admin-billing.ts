import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { idParam } from "../http/path-params.js";
import type { Context } from "hono";
import {
  AdminBillingActionSchema,
  AdminBillingListSchema,
  AdminBillingQuerySchema,
  CompletePaymentRequestSchema,
  RefundRequestSchema,
  SetUserPackageRequestSchema,
  UserPackageSchema,
} from "../../core/contracts/admin-billing.js";
import type { AppEnv } from "../app-env.js";
import { listAdminBilling } from "../admin/billing-admin-rows.js";
import { applyPlanFromPayment, completePayment, markReviewed, refundPayment } from "../admin/billing-admin-service.js";
import { setUserPackage } from "../admin/user-package-service.js";
import { clientAddress } from "../http/client-address.js";
import { validationHook } from "../http/errors.js";
import { jsonBody, jsonResponse } from "../http/route-helpers.js";
import { currentSession } from "../http/session-auth.js";
import type { PaymentDeps } from "../payments/payment-deps.js";
import { findUserEmail } from "../payments/payment-queries.js";

const BillingIdParams = z.object({ id: idParam("bill", "No billing record has this id.") });

const listRoute = createRoute({
  method: "get",
  path: "/api/admin/billing",
  hide: true,
  request: { query: AdminBillingQuerySchema },
  responses: { 200: jsonResponse(AdminBillingListSchema, "The latest billing history rows of every user, and how many are pending.") },
});

const completeRoute = createRoute({
  method: "post",
  path: "/api/admin/billing/{id}/complete",
  hide: true,
  request: { params: BillingIdParams, ...jsonBody(CompletePaymentRequestSchema) },
  responses: { 200: jsonResponse(AdminBillingActionSchema, "The payment, now completed.") },
});

const applyPlanRoute = createRoute({
  method: "post",
  path: "/api/admin/billing/{id}/apply-plan",
  hide: true,
  request: { params: BillingIdParams, ...jsonBody(CompletePaymentRequestSchema) },
  responses: { 200: jsonResponse(AdminBillingActionSchema, "The payment, completed, and the plan it bought applied to its user.") },
});

const refundRoute = createRoute({
  method: "post",
  path: "/api/admin/billing/{id}/refund",
  hide: true,
  request: { params: BillingIdParams, ...jsonBody(RefundRequestSchema) },
  responses: { 200: jsonResponse(AdminBillingActionSchema, "The payment, refunded through the provider.") },
});

const markReviewedRoute = createRoute({
  method: "post",
  path: "/api/admin/billing/{id}/mark-reviewed",
  hide: true,
  request: { params: BillingIdParams },
  responses: { 200: jsonResponse(AdminBillingActionSchema, "The payment, out of the review queue and otherwise unchanged.") },
});

const setPackageRoute = createRoute({
  method: "put",
  path: "/api/admin/users/{id}/package",
  hide: true,
  request: { params: z.object({ id: idParam("usr", "No user has this id.") }), ...jsonBody(SetUserPackageRequestSchema) },
  responses: { 200: jsonResponse(UserPackageSchema, "The account's package, now applied on every gateway.") },
});

/** Payment management and package assignment on the admin dashboard; /api/admin/* is admin-only (requireAdmin in app.ts). */
export function adminBillingRoutes(deps: PaymentDeps & { trustProxy: boolean }) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const actor = (c: Context<AppEnv>) => ({ actorId: currentSession(c).userId, ip: clientAddress(c, deps.trustProxy) });

  app.openapi(listRoute, async (c) => c.json(await listAdminBilling(deps, c.req.valid("query")), 200));

  app.openapi(completeRoute, async (c) => {
    const { invoice_number, confirm_review } = c.req.valid("json");
    return c.json(await completePayment(deps, { billingId: c.req.valid("param").id, ...actor(c), invoiceNumber: invoice_number, confirmReview: confirm_review }), 200);
  });

  app.openapi(applyPlanRoute, async (c) => {
    const { invoice_number, confirm_review } = c.req.valid("json");
    return c.json(await applyPlanFromPayment(deps, { billingId: c.req.valid("param").id, ...actor(c), invoiceNumber: invoice_number, confirmReview: confirm_review }), 200);
  });

  app.openapi(markReviewedRoute, async (c) => c.json(await markReviewed(deps, { billingId: c.req.valid("param").id, ...actor(c) }), 200));

  app.openapi(refundRoute, async (c) => {
    const who = actor(c);
    const admin = await findUserEmail(deps.db, who.actorId);
    const result = await refundPayment(deps, { billingId: c.req.valid("param").id, ...who, actorEmail: admin?.email ?? who.actorId, remarks: c.req.valid("json").remarks });
    return c.json(result, 200);
  });

  app.openapi(setPackageRoute, async (c) => c.json(await setUserPackage(deps, { userId: c.req.valid("param").id, ...actor(c), ...c.req.valid("json") }), 200));

  return app;
}
