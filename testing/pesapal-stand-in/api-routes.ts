import { randomBytes, randomUUID } from "node:crypto";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import type { z } from "zod";
import { pesapalError, refusal, transactionStatusBody } from "./pesapal-bodies.js";
import {
  CancelOrderRequestSchema,
  firstIssue,
  RefundRequestSchema,
  RegisterIpnRequestSchema,
  SubmitOrderRequestSchema,
  TokenRequestSchema,
} from "./request-schemas.js";
import { findOrder, pesapalDate, type StandInOrder, type StandInState } from "./stand-in-state.js";

/**
 * Pesapal API 3.0 under <baseUrl>/api (PESAPAL.md 1.2): JSON in and out, business errors as
 * HTTP 200 with a "500" status, a missing or expired bearer token as HTTP 401 with an empty body
 * and a WWW-Authenticate challenge (what an ASP.NET bearer-token API answers).
 */

export interface ApiSettings {
  state: StandInState;
  consumerKey: string;
  consumerSecret: string;
  tokenLifetimeMs: number;
  hostedPageUrl: (orderTrackingId: string) => string;
}

const CARD_METHODS = new Set(["Visa", "MasterCard"]);

export function createApiRoutes(settings: ApiSettings): Hono {
  const { state } = settings;
  const app = new Hono();

  app.use("*", async (c, next) => {
    await next();
    const url = new URL(c.req.url);
    state.apiCalls.push({ method: c.req.method, path: `${url.pathname}${url.search}`, httpStatus: c.res.status });
  });

  const requireToken: MiddlewareHandler = async (c, next) => {
    const token = /^Bearer\s+(\S+)$/i.exec(c.req.header("Authorization") ?? "")?.[1];
    const expiresAt = token ? state.tokens.get(token) : undefined;
    if (expiresAt === undefined || expiresAt <= Date.now()) {
      c.header("WWW-Authenticate", token ? 'Bearer error="invalid_token"' : "Bearer");
      return c.body(null, 401);
    }
    await next();
  };

  app.post("/Auth/RequestToken", async (c) => {
    const body = await readBody(c, TokenRequestSchema);
    if (!body.ok) return body.response;
    if (body.data.consumer_key !== settings.consumerKey || body.data.consumer_secret !== settings.consumerSecret) {
      return c.json(pesapalError("invalid_consumer_key_or_secret_provided", ""));
    }
    const expiresAt = Date.now() + settings.tokenLifetimeMs;
    const token = jwtShapedToken(expiresAt);
    state.tokens.set(token, expiresAt);
    // .NET prints seven fractional digits: 2021-08-26T12:29:30.5177702Z
    const expiryDate = new Date(expiresAt).toISOString().replace(/\.(\d{3})Z$/, ".$10000Z");
    return c.json({ token, expiryDate, error: null, status: "200", message: "Request processed successfully" });
  });

  app.post("/URLSetup/RegisterIPN", requireToken, async (c) => {
    const body = await readBody(c, RegisterIpnRequestSchema);
    if (!body.ok) return body.response;
    const registration = { ipnId: randomUUID(), url: body.data.url, notificationType: body.data.ipn_notification_type, createdDate: pesapalDate(new Date()) };
    state.ipns.push(registration);
    return c.json({ ...ipnRow(registration), error: null, status: "200" });
  });

  app.get("/URLSetup/GetIpnList", requireToken, (c) => c.json(state.ipns.map((registration) => ({ ...ipnRow(registration), error: null, status: "200" }))));

  app.post("/Transactions/SubmitOrderRequest", requireToken, async (c) => {
    const body = await readBody(c, SubmitOrderRequestSchema);
    if (!body.ok) return body.response;
    const request = body.data;
    const ipn = state.ipns.find((row) => row.ipnId.toLowerCase() === request.notification_id.toLowerCase());
    if (!ipn) return c.json(pesapalError("invalid_notification_id", "notification_id is not a registered IPN URL"));
    if ([...state.orders.values()].some((order) => order.merchantReference === request.id)) {
      return c.json(pesapalError("duplicate_merchant_reference", `an order with the merchant reference ${request.id} already exists`));
    }
    const billingAddress = Object.fromEntries(Object.entries(request.billing_address).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
    const order: StandInOrder = {
      orderTrackingId: randomUUID(),
      merchantReference: request.id,
      amount: request.amount,
      currency: request.currency,
      description: request.description,
      callbackUrl: request.callback_url,
      cancellationUrl: request.cancellation_url || null,
      redirectMode: request.redirect_mode || "TOP_WINDOW",
      notificationId: ipn.ipnId,
      billingAddress,
      accountNumber: request.account_number ?? null,
      createdDate: pesapalDate(new Date()),
      statusCode: 0,
      paymentMethod: null,
      paymentAccount: null,
      confirmationCode: null,
      paymentStatusCode: "",
      failureDescription: null,
      customerCancelled: false,
      cancelled: false,
      cancelRequests: 0,
      refund: null,
    };
    state.orders.set(order.orderTrackingId.toLowerCase(), order);
    return c.json({ order_tracking_id: order.orderTrackingId, merchant_reference: order.merchantReference, redirect_url: settings.hostedPageUrl(order.orderTrackingId), error: null, status: "200" });
  });

  app.get("/Transactions/GetTransactionStatus", requireToken, (c) => {
    // The docs spell orderTrackingId, some clients OrderTrackingId: the name is matched case-insensitively.
    const entry = Object.entries(c.req.query()).find(([name]) => name.toLowerCase() === "ordertrackingid");
    if (!entry || entry[1].trim() === "") return c.json(pesapalError("missing_order_tracking_id", "orderTrackingId is required"));
    const order = findOrder(state, entry[1]);
    if (!order) return c.json(pesapalError("invalid_order_tracking_id", "no order has this tracking id"));
    return c.json(transactionStatusBody(order));
  });

  app.post("/Transactions/RefundRequest", requireToken, async (c) => {
    const body = await readBody(c, RefundRequestSchema, (issue) => c.json(refusal(issue)));
    if (!body.ok) return body.response;
    const request = body.data;
    const order = [...state.orders.values()].find((candidate) => candidate.confirmationCode === request.confirmation_code);
    if (!order || order.statusCode !== 1) return c.json(refusal("Only completed payments can be refunded."));
    if (order.refund) return c.json(refusal("A refund has already been requested for this payment."));
    const asked = cents(request.amount);
    const paid = cents(order.amount);
    if (asked > paid) return c.json(refusal("The refund amount is more than the amount paid."));
    if (!CARD_METHODS.has(order.paymentMethod ?? "") && asked !== paid) return c.json(refusal("Mobile money payments can only be refunded in full."));
    order.refund = { amount: request.amount, username: request.username, remarks: request.remarks, requestedAt: new Date() };
    return c.json({ status: "200", message: "Refund request successfully" });
  });

  app.post("/Transactions/CancelOrder", requireToken, async (c) => {
    const body = await readBody(c, CancelOrderRequestSchema, (issue) => c.json(refusal(issue)));
    if (!body.ok) return body.response;
    const order = findOrder(state, body.data.order_tracking_id);
    if (!order) return c.json(refusal("Order not found."));
    order.cancelRequests += 1;
    if (order.cancelRequests > 1) return c.json(refusal("A cancellation has already been requested for this order."));
    if (order.statusCode === 1 || order.statusCode === 3) return c.json(refusal("A processed payment cannot be cancelled."));
    order.cancelled = true;
    return c.json({ status: "200", message: "Order successfully cancelled." });
  });

  return app;
}

type BodyResult<T> = { ok: true; data: T } | { ok: false; response: Response };

/** The JSON body parsed with `schema`; an unreadable body is a 400, an invalid one Pesapal's error (or `refuse`). */
async function readBody<S extends z.ZodType>(c: Context, schema: S, refuse?: (issue: string) => Response): Promise<BodyResult<z.infer<S>>> {
  let json: unknown;
  try {
    json = JSON.parse(await c.req.text());
  } catch {
    return { ok: false, response: c.json(pesapalError("invalid_request_data", "the body is not JSON"), 400) };
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { ok: true, data: parsed.data };
  const issue = firstIssue(parsed.error);
  return { ok: false, response: refuse ? refuse(issue) : c.json(pesapalError("invalid_request_data", issue)) };
}

function ipnRow(registration: StandInState["ipns"][number]) {
  return {
    url: registration.url,
    created_date: registration.createdDate,
    ipn_id: registration.ipnId,
    notification_type: registration.notificationType === "GET" ? 0 : 1,
    ipn_notification_type_description: registration.notificationType,
    ipn_status: 1,
    ipn_status_decription: "Active",
  };
}

function jwtShapedToken(expiresAt: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "HS256", typ: "JWT" })}.${part({ iss: "pesapal-stand-in", exp: Math.floor(expiresAt / 1000), jti: randomUUID() })}.${randomBytes(32).toString("base64url")}`;
}

function cents(amount: number): number {
  return Math.round(amount * 100);
}
