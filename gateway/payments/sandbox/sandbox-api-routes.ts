import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import { Hono, type Context } from "hono";
import { z } from "zod";
import type { Redis } from "../../../core/redis.js";
import type { AppEnv } from "../../app-env.js";
import { errorBody, orderStatus, transactionStatusBody, unauthorizedBody } from "./pesapal-shapes.js";
import {
  createOrder,
  findIpn,
  findOrder,
  findOrderByConfirmationCode,
  isTokenValid,
  issueToken,
  listIpns,
  pesapalDate,
  readSettings,
  registerIpn,
  updateOrder,
  type IpnRegistration,
} from "./sandbox-store.js";
import { checkSubmitOrderRequest } from "./submit-order-request.js";

/** Pesapal API 3.0 under /api (PESAPAL.md 1.2), as the sandbox serves it. */

export interface SandboxApiDeps {
  redis: Redis;
  publicUrl: string;
  consumerKey: string;
  consumerSecret: string;
  now: () => Date;
}

const TOKEN_PATH = "/api/Auth/RequestToken";

const sameSecret = (given: string, expected: string) =>
  timingSafeEqual(createHash("sha256").update(given).digest(), createHash("sha256").update(expected).digest());

/** The JSON body, or undefined when there is none or it is not JSON. */
async function readJson(c: Context<AppEnv>): Promise<unknown> {
  try {
    return await c.req.json<unknown>();
  } catch {
    return undefined;
  }
}

/** "2021-08-26T12:29:30.5177702Z": .NET's seven fractional digits. */
const dotNetUtc = (date: Date) => date.toISOString().replace("Z", "0000Z");

function ipnRow(registration: IpnRegistration) {
  return {
    url: registration.url,
    created_date: registration.created_date,
    ipn_id: registration.ipn_id,
    notification_type: registration.notification_type === "GET" ? 0 : 1,
    ipn_notification_type_description: registration.notification_type,
    ipn_status: 1,
    ipn_status_decription: "Active",
    error: null,
    status: "200",
  };
}

const CredentialsSchema = z.object({ consumer_key: z.string(), consumer_secret: z.string() });
const RegisterIpnSchema = z.object({
  url: z.url({ protocol: /^https?$/ }).max(2_000),
  ipn_notification_type: z.enum(["GET", "POST"]),
});
const RefundSchema = z.object({
  confirmation_code: z.string().min(1),
  amount: z.union([z.number(), z.string().trim().regex(/^\d+(\.\d+)?$/).transform(Number)]).refine((value) => value > 0),
  username: z.string().trim().min(1),
  remarks: z.string().trim().min(1),
});
const CancelSchema = z.object({ order_tracking_id: z.string().min(1) });

const refusal = (code: string, message: string) => ({ ...errorBody(code, message), message });

export function sandboxApiRoutes(deps: SandboxApiDeps) {
  const app = new Hono<AppEnv>();

  app.post(TOKEN_PATH, async (c) => {
    const credentials = CredentialsSchema.safeParse(await readJson(c));
    const valid =
      credentials.success && sameSecret(credentials.data.consumer_key, deps.consumerKey) && sameSecret(credentials.data.consumer_secret, deps.consumerSecret);
    if (!valid) {
      return c.json({
        token: null,
        expiryDate: "0001-01-01T00:00:00",
        ...errorBody("invalid_consumer_key_or_secret_provided", ""),
        message: "",
      });
    }
    const settings = await readSettings(deps.redis);
    const { token, expiresAt } = await issueToken(deps.redis, settings.token_lifetime_seconds, deps.now());
    return c.json({ token, expiryDate: dotNetUtc(expiresAt), error: null, status: "200", message: "Request processed successfully" });
  });

  // Every other call needs a live bearer token.
  app.use("/api/*", async (c, next) => {
    if (c.req.path.endsWith(TOKEN_PATH)) return next();
    const match = /^Bearer\s+(\S+)$/i.exec(c.req.header("Authorization") ?? "");
    if (!match?.[1] || !(await isTokenValid(deps.redis, match[1], deps.now()))) return c.json(unauthorizedBody(), 401);
    return next();
  });

  app.post("/api/URLSetup/RegisterIPN", async (c) => {
    const parsed = RegisterIpnSchema.safeParse(await readJson(c));
    if (!parsed.success) {
      return c.json(errorBody("invalid_ipn_registration", "url (absolute http(s)) and ipn_notification_type (GET or POST) are required"));
    }
    const registration = await registerIpn(deps.redis, parsed.data.url, parsed.data.ipn_notification_type, deps.now());
    return c.json(ipnRow(registration));
  });

  app.get("/api/URLSetup/GetIpnList", async (c) => c.json((await listIpns(deps.redis)).map(ipnRow)));

  app.post("/api/Transactions/SubmitOrderRequest", async (c) => {
    const body = await readJson(c);
    const check = checkSubmitOrderRequest(body);
    const reference = typeof body === "object" && body !== null && "id" in body && typeof body.id === "string" ? body.id : null;
    const failure = (code: string, message: string) =>
      c.json(errorBody(code, message, { order_tracking_id: null, merchant_reference: reference, redirect_url: null }));
    if (!check.ok) return failure(check.code, check.message);
    const request = check.value;
    if (!(await findIpn(deps.redis, request.notification_id))) {
      return failure("invalid_notification_id", "notification_id is not a registered IPN (RegisterIPN first)");
    }
    const trackingId = randomUUID();
    const created = await createOrder(deps.redis, {
      order_tracking_id: trackingId,
      merchant_reference: request.id,
      amount: request.amount,
      currency: request.currency,
      description: request.description,
      callback_url: request.callback_url,
      cancellation_url: request.cancellation_url ?? null,
      redirect_mode: request.redirect_mode ?? "TOP_WINDOW",
      notification_id: request.notification_id.toLowerCase(),
      branch: request.branch ?? null,
      account_number: request.account_number ?? null,
      billing_address: Object.fromEntries(Object.entries(request.billing_address).filter((entry): entry is [string, string] => typeof entry[1] === "string")),
      created_date: pesapalDate(deps.now()),
      payment: null,
      reversed_at: null,
      refund: null,
      cancelled_at: null,
    });
    if (!created) return failure("duplicate_merchant_reference", "id (the merchant reference) must be unique for every order request");
    return c.json({
      order_tracking_id: trackingId,
      merchant_reference: request.id,
      redirect_url: `${deps.publicUrl.replace(/\/+$/, "")}/sandbox/pesapal/pay/${trackingId}`,
      error: null,
      status: "200",
    });
  });

  app.get("/api/Transactions/GetTransactionStatus", async (c) => {
    // Documented as orderTrackingId; some clients send OrderTrackingId.
    const entry = Object.entries(c.req.query()).find(([name]) => name.toLowerCase() === "ordertrackingid");
    const order = entry?.[1] ? await findOrder(deps.redis, entry[1].trim()) : undefined;
    if (!order) return c.json(errorBody("invalid_order_tracking_id", "No order matches orderTrackingId"));
    return c.json(transactionStatusBody(order, deps.now()));
  });

  // Refund rules: only COMPLETED payments, at most what was collected, one refund per payment,
  // mobile money in full only. "200" means the request was received (the merchant approves later).
  app.post("/api/Transactions/RefundRequest", async (c) => {
    const parsed = RefundSchema.safeParse(await readJson(c));
    if (!parsed.success) return c.json(refusal("invalid_refund_request", "confirmation_code, amount, username and remarks are required"));
    const request = parsed.data;
    const found = await findOrderByConfirmationCode(deps.redis, request.confirmation_code);
    if (!found) return c.json(refusal("invalid_confirmation_code", "No payment matches confirmation_code"));
    const now = deps.now();
    const result = await updateOrder(deps.redis, found.order_tracking_id, (order) => {
      if (orderStatus(order, now).status_code !== 1 || !order.payment) return "Only completed payments can be refunded";
      if (order.refund) return "A refund has already been requested for this payment";
      const amount = Math.round(request.amount * 100) / 100;
      if (amount > order.amount) return "The refund amount is more than the amount collected";
      if (order.payment.channel === "mobile_money" && amount !== order.amount) return "Mobile money payments can only be refunded in full";
      return { ...order, refund: { amount, username: request.username, remarks: request.remarks, requested_at: now.toISOString() } };
    });
    if (!result) return c.json(refusal("invalid_confirmation_code", "No payment matches confirmation_code"));
    if ("refused" in result) return c.json(refusal("refund_rejected", result.refused));
    return c.json({ status: "200", message: "Refund request successfully" });
  });

  // Cancellation rules: only failed or pending orders, one request per order, never a processed payment.
  app.post("/api/Transactions/CancelOrder", async (c) => {
    const parsed = CancelSchema.safeParse(await readJson(c));
    if (!parsed.success) return c.json(refusal("invalid_cancel_request", "order_tracking_id is required"));
    const now = deps.now();
    const result = await updateOrder(deps.redis, parsed.data.order_tracking_id.trim(), (order) => {
      if (order.cancelled_at) return "A cancellation has already been requested for this order";
      if (order.payment?.outcome === "completed" || order.reversed_at) return "A processed payment cannot be cancelled";
      return { ...order, cancelled_at: now.toISOString() };
    });
    if (!result) return c.json(refusal("invalid_order_tracking_id", "No order matches order_tracking_id"));
    if ("refused" in result) return c.json(refusal("cancellation_rejected", result.refused));
    return c.json({ status: "200", message: "Order successfully cancelled." });
  });

  return app;
}
