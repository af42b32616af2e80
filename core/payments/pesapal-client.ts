import type { z } from "zod";
import type { GatewayConfig } from "../config.js";
import type { Logger } from "../logger.js";
import { centsToAmountString } from "./pesapal-amounts.js";
import { PesapalError } from "./pesapal-error.js";
import { ipnMatches, normalizeStatus, submitOrderBody } from "./pesapal-mapping.js";
import {
  envelopeError,
  envelopeStatus,
  IpnListSchema,
  IpnRowSchema,
  PesapalEnvelopeSchema,
  RegisterIpnResponseSchema,
  SubmitOrderResponseSchema,
  TokenResponseSchema,
  TransactionStatusResponseSchema,
} from "./pesapal-responses.js";

export { PesapalError } from "./pesapal-error.js";
export { MERCHANT_REFERENCE_PATTERN } from "./pesapal-mapping.js";

/** An order as Sluice submits it; amounts in integer cents, converted to Pesapal's major units on the wire. */
export interface SubmitOrderInput {
  merchantReference: string;
  amountCents: number;
  currency: string;
  description: string;
  callbackUrl: string;
  cancellationUrl?: string;
  notificationId: string;
  billingAddress: {
    email_address?: string;
    phone_number?: string;
    country_code?: string;
    first_name?: string;
    last_name?: string;
    line_1?: string;
    city?: string;
    state?: string;
    postal_code?: string;
  };
}

/**
 * GetTransactionStatus, normalized: 0 INVALID (pending, not final), 1 COMPLETED, 2 FAILED, 3 REVERSED.
 * A pending order may lack amount, currency and reference: then 0, "" and "".
 */
export interface TransactionStatus {
  statusCode: 0 | 1 | 2 | 3;
  /** Pesapal's `description` (the reason, e.g. "Unable to Authorize Transaction…"), else `payment_status_description`. */
  description: string;
  amountCents: number;
  currency: string;
  merchantReference: string;
  confirmationCode: string | null;
  paymentMethod: string | null;
  paymentAccount: string | null;
  createdDate: string | null;
  paymentStatusCode: string | null;
}

export interface PesapalClient {
  submitOrder(order: SubmitOrderInput): Promise<{ orderTrackingId: string; merchantReference: string; redirectUrl: string }>;
  getTransactionStatus(orderTrackingId: string): Promise<TransactionStatus>;
  /** The ipn_id for this URL and method; looks the URL up in GetIpnList before registering. */
  ensureIpn(url: string, notificationType: "GET" | "POST"): Promise<string>;
  refund(input: { confirmationCode: string; amountCents: number; username: string; remarks: string }): Promise<void>;
  cancelOrder(orderTrackingId: string): Promise<void>;
}

export interface PesapalClientOptions {
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  fetch?: typeof fetch;
  now?: () => Date;
  logger?: Logger;
  /** Per-call timeout; 15 s when absent. */
  timeoutMs?: number;
}

/** PESAPAL_BASE_URL, or the local sandbox under PUBLIC_URL, or Pesapal's live API. */
export function pesapalBaseUrl(config: GatewayConfig): string {
  if (config.PESAPAL_BASE_URL) return config.PESAPAL_BASE_URL.replace(/\/+$/, "");
  if (config.PAYMENT_PROVIDER === "sandbox") return `${config.PUBLIC_URL.replace(/\/+$/, "")}/sandbox/pesapal`;
  return "https://pay.pesapal.com/v3";
}

/** Tokens live at most 5 minutes; refresh this long before the stated expiry. */
const TOKEN_REFRESH_MARGIN_MS = 30_000;
const TOKEN_MAX_LIFETIME_MS = 5 * 60_000;
const REQUEST_TIMEOUT_MS = 15_000;

interface CachedToken {
  token: string;
  refreshAt: number;
}

type Call = { method: "GET" | "POST"; path: string; body?: unknown; authenticated: boolean };
type Reply = { httpStatus: number; body: unknown };

export function createPesapalClient(options: PesapalClientOptions): PesapalClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  let cached: CachedToken | null = null;
  let pendingToken: Promise<string> | null = null;
  const ipnIds = new Map<string, Promise<string>>();

  async function send(call: Call, token: string | null): Promise<Reply> {
    const headers: Record<string, string> = { Accept: "application/json" };
    if (call.body !== undefined) headers["Content-Type"] = "application/json";
    if (token) headers.Authorization = `Bearer ${token}`;
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${call.path}`, {
        method: call.method,
        headers,
        ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      throw fail(call, timedOut ? "timeout" : "network_error", timedOut ? `no answer within ${timeoutMs} ms` : "the request did not reach Pesapal", null);
    }
    const text = await response.text().catch(() => "");
    let body: unknown = null;
    if (text.trim() !== "") {
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
    }
    return { httpStatus: response.status, body };
  }

  function fail(call: Call, code: string, message: string, httpStatus: number | null): PesapalError {
    options.logger?.warn({ pesapal: { method: call.method, path: call.path.split("?")[0], code, http_status: httpStatus } }, "pesapal call failed");
    return new PesapalError(code, `Pesapal ${call.path.split("?")[0]}: ${message}`, httpStatus);
  }

  /** Errors carried by the body (on any HTTP status), then by the HTTP status itself. */
  function checkReply(call: Call, reply: Reply, options: { tolerateError?: boolean } = {}): void {
    if (reply.body === undefined) throw fail(call, "invalid_response", "the response is not JSON", reply.httpStatus);
    const envelope = Array.isArray(reply.body) ? null : PesapalEnvelopeSchema.safeParse(reply.body ?? {});
    if (envelope && !options.tolerateError) {
      if (!envelope.success) throw fail(call, "invalid_response", "the response has an unexpected shape", reply.httpStatus);
      const error = envelopeError(envelope.data);
      if (error) throw fail(call, error.code, error.message || error.code, reply.httpStatus);
      const status = envelopeStatus(envelope.data);
      if (status !== null && status !== "200") throw fail(call, `status_${status}`, envelope.data.message || `status ${status}`, reply.httpStatus);
    }
    if (reply.httpStatus < 200 || reply.httpStatus > 299) throw fail(call, `http_${reply.httpStatus}`, `HTTP ${reply.httpStatus}`, reply.httpStatus);
  }

  function parse<S extends z.ZodType>(call: Call, reply: Reply, schema: S): z.infer<S> {
    const parsed = schema.safeParse(reply.body);
    if (!parsed.success) throw fail(call, "invalid_response", "the response has an unexpected shape", reply.httpStatus);
    return parsed.data;
  }

  async function requestToken(): Promise<string> {
    const call: Call = { method: "POST", path: "/api/Auth/RequestToken", body: { consumer_key: options.consumerKey, consumer_secret: options.consumerSecret }, authenticated: false };
    const reply = await send(call, null);
    checkReply(call, reply);
    const { token, expiryDate } = parse(call, reply, TokenResponseSchema);
    const issuedAt = now().getTime();
    const statedExpiry = Date.parse(expiryDate);
    const expiresAt = Math.min(Number.isNaN(statedExpiry) ? issuedAt + TOKEN_MAX_LIFETIME_MS : statedExpiry, issuedAt + TOKEN_MAX_LIFETIME_MS);
    cached = { token, refreshAt: expiresAt - TOKEN_REFRESH_MARGIN_MS };
    return token;
  }

  /** The cached token until its refresh time; concurrent callers share one RequestToken. */
  async function currentToken(): Promise<string> {
    if (cached && now().getTime() < cached.refreshAt) return cached.token;
    pendingToken ??= requestToken().finally(() => {
      pendingToken = null;
    });
    return pendingToken;
  }

  /** An authenticated call: on HTTP 401, one fresh token and exactly one retry. */
  async function authorized(call: Call): Promise<Reply> {
    const reply = await send(call, await currentToken());
    if (reply.httpStatus !== 401) return reply;
    cached = null;
    return send(call, await currentToken());
  }

  async function findIpn(url: string, notificationType: "GET" | "POST"): Promise<string | null> {
    const call: Call = { method: "GET", path: "/api/URLSetup/GetIpnList", authenticated: true };
    const reply = await authorized(call);
    checkReply(call, reply);
    const rows = parse(call, reply, IpnListSchema)
      .map((row) => IpnRowSchema.safeParse(row))
      .flatMap((row) => (row.success ? [row.data] : []));
    return rows.find((row) => row.url === url && ipnMatches(row, notificationType))?.ipn_id ?? null;
  }

  async function registerIpn(url: string, notificationType: "GET" | "POST"): Promise<string> {
    const call: Call = { method: "POST", path: "/api/URLSetup/RegisterIPN", body: { url, ipn_notification_type: notificationType }, authenticated: true };
    const reply = await authorized(call);
    checkReply(call, reply);
    return parse(call, reply, RegisterIpnResponseSchema).ipn_id;
  }

  return {
    async submitOrder(order) {
      const call: Call = { method: "POST", path: "/api/Transactions/SubmitOrderRequest", body: submitOrderBody(order), authenticated: true };
      const reply = await authorized(call);
      checkReply(call, reply);
      const parsed = parse(call, reply, SubmitOrderResponseSchema);
      return { orderTrackingId: parsed.order_tracking_id, merchantReference: parsed.merchant_reference, redirectUrl: parsed.redirect_url };
    },

    async getTransactionStatus(orderTrackingId) {
      const call: Call = { method: "GET", path: `/api/Transactions/GetTransactionStatus?orderTrackingId=${encodeURIComponent(orderTrackingId)}`, authenticated: true };
      const reply = await authorized(call);
      // A status body carries `error` even when fine, and a pending order carries payment_details_not_found: status_code decides.
      const status = TransactionStatusResponseSchema.safeParse(reply.body);
      checkReply(call, reply, { tolerateError: status.success && reply.httpStatus >= 200 && reply.httpStatus < 300 });
      const parsed = parse(call, reply, TransactionStatusResponseSchema);
      const normalized = normalizeStatus(parsed);
      if (!normalized) throw fail(call, "invalid_response", "the status or amount cannot be read", reply.httpStatus);
      return normalized;
    },

    async ensureIpn(url, notificationType) {
      const key = `${notificationType} ${url}`;
      let ipnId = ipnIds.get(key);
      if (!ipnId) {
        ipnId = findIpn(url, notificationType).then((found) => found ?? registerIpn(url, notificationType));
        ipnIds.set(key, ipnId);
        // A failure is not cached: the next call looks again.
        ipnId.catch(() => ipnIds.delete(key));
      }
      return ipnId;
    },

    async refund(input) {
      const body = { confirmation_code: input.confirmationCode, amount: centsToAmountString(input.amountCents), username: input.username, remarks: input.remarks };
      const call: Call = { method: "POST", path: "/api/Transactions/RefundRequest", body, authenticated: true };
      checkReply(call, await authorized(call));
    },

    async cancelOrder(orderTrackingId) {
      const call: Call = { method: "POST", path: "/api/Transactions/CancelOrder", body: { order_tracking_id: orderTrackingId }, authenticated: true };
      checkReply(call, await authorized(call));
    },
  };
}
