import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { BillingPeriodSchema, PaymentOrderSchema, PaymentVerificationSchema, type PaymentOrder } from "../../core/contracts/checkout.js";
import { AppError, detailsFromZodIssues } from "../../core/errors.js";
import type { AppEnv } from "../app-env.js";
import { validationHook } from "../http/errors.js";
import { jsonResponse } from "../http/route-helpers.js";
import { currentSession } from "../http/session-auth.js";
import { IPN_PATH } from "../payments/checkout-service.js";
import type { PaymentDeps } from "../payments/payment-deps.js";
import { findCustomerOrder } from "../payments/payment-queries.js";
import { reconcilePayment } from "../payments/reconcile-service.js";
import { ipnAcknowledgement, serializeVerification } from "../payments/serializers.js";
import { verifyPayment } from "../payments/verify-service.js";

const TrackingId = z.string().trim().min(1).max(100).regex(/^[A-Za-z0-9-]+$/, "Not an order tracking id");
const MerchantReference = z.string().trim().min(1).max(50).regex(/^[A-Za-z0-9-]+$/, "Not a merchant reference");

const verifyRoute = createRoute({
  method: "get",
  path: "/api/payments/verify",
  hide: true,
  request: {
    query: z
      .object({ OrderTrackingId: TrackingId.optional(), OrderMerchantReference: MerchantReference.optional(), status: z.string().max(50).optional() })
      .refine((q) => q.OrderTrackingId !== undefined || q.OrderMerchantReference !== undefined, {
        message: "OrderTrackingId or OrderMerchantReference is required",
        path: ["OrderTrackingId"],
      }),
  },
  responses: { 200: jsonResponse(PaymentVerificationSchema, "Where the payment stands, after asking the provider.") },
});

const orderRoute = createRoute({
  method: "get",
  path: "/api/payments/orders/{orderTrackingId}",
  hide: true,
  request: { params: z.object({ orderTrackingId: TrackingId }) },
  responses: { 200: jsonResponse(PaymentOrderSchema, "The signed-in user's order as recorded: plan, period, amount and status.") },
});

/** The order shown around the provider's page; another account's order is not found. */
async function customerOrder(deps: PaymentDeps, userId: string, orderTrackingId: string): Promise<PaymentOrder> {
  const row = await findCustomerOrder(deps.db, userId, orderTrackingId);
  if (!row) throw new AppError("NOT_FOUND", "No such order on this account.");
  return {
    order_tracking_id: orderTrackingId,
    merchant_reference: row.merchant_reference,
    status: PaymentOrderSchema.shape.status.parse(row.status),
    plan: row.package_name,
    plan_display_name: row.display_name,
    period: BillingPeriodSchema.parse(row.billing_period),
    amount: row.amount,
    currency: row.currency,
    expires_at: row.status === "pending" && row.expires_at ? row.expires_at.toISOString() : null,
  };
}

/** Pesapal's IPN: GET with query parameters or POST with a JSON body; the parameter names' case is not trusted. */
const IpnSchema = z.object({
  ordertrackingid: TrackingId,
  ordermerchantreference: MerchantReference.optional(),
  ordernotificationtype: z.string().trim().min(1).max(50).default("IPNCHANGE"),
});

async function ipnFields(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  let fields: Record<string, unknown> = c.req.query();
  if (c.req.method === "POST") {
    const text = await c.req.text();
    let body: unknown;
    try {
      body = text.trim().startsWith("{") ? JSON.parse(text) : Object.fromEntries(new URLSearchParams(text));
    } catch {
      throw new AppError("MALFORMED_JSON");
    }
    if (typeof body === "object" && body !== null && !Array.isArray(body)) fields = { ...fields, ...(body as Record<string, unknown>) };
  }
  return Object.fromEntries(Object.entries(fields).map(([name, value]) => [name.toLowerCase(), value]));
}

/** The payment callback check for the portal (/api, session) and the provider's IPN (/payments, no session). */
export function paymentRoutes(deps: PaymentDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(verifyRoute, async (c) => {
    const query = c.req.valid("query");
    const result = await verifyPayment(deps, currentSession(c).userId, {
      orderTrackingId: query.OrderTrackingId,
      merchantReference: query.OrderMerchantReference,
      cancelled: query.status === "cancelled",
      payload: c.req.query(),
    });
    return c.json(serializeVerification(result), 200);
  });

  app.openapi(orderRoute, async (c) => c.json(await customerOrder(deps, currentSession(c).userId, c.req.valid("param").orderTrackingId), 200));

  const ipn = async (c: Context<AppEnv>) => {
    const parsed = IpnSchema.safeParse(await ipnFields(c));
    if (!parsed.success) throw new AppError("BAD_REQUEST", "Not a payment notification.", { details: detailsFromZodIssues(parsed.error.issues) });
    const notification = {
      notificationType: parsed.data.ordernotificationtype,
      orderTrackingId: parsed.data.ordertrackingid,
      merchantReference: parsed.data.ordermerchantreference ?? null,
    };
    const result = await reconcilePayment(deps, {
      kind: "ipn",
      orderTrackingId: notification.orderTrackingId,
      merchantReference: notification.merchantReference,
      payload: { method: c.req.method, ...parsed.data },
    });
    return c.json(ipnAcknowledgement(notification, result.found && !result.providerError), 200);
  };
  app.get(IPN_PATH, ipn);
  app.post(IPN_PATH, ipn);

  return app;
}
