import {
  CheckoutQuoteSchema,
  CheckoutResponseSchema,
  PaymentVerificationSchema,
  type CheckoutIntent,
  type CheckoutQuote,
  type CheckoutRequest,
  type CheckoutResponse,
  type PaymentVerification,
} from "../../../../../core/contracts/checkout";
import type { BillingPeriod } from "../../../../../core/plans";
import { apiRequest } from "../../../lib/api-client";

/** The calls of the gateway's plan, checkout and payment-verification API (same origin, cookie session). */

/** What the order costs this customer now: the catalogue price less any credit for the plan it replaces, and the period it buys. */
export function getCheckoutQuote(order: { plan: string; period: BillingPeriod; intent?: CheckoutIntent | undefined }, signal?: AbortSignal): Promise<CheckoutQuote> {
  const query = new URLSearchParams({ plan: order.plan, period: order.period });
  if (order.intent) query.set("intent", order.intent);
  return apiRequest(`/api/checkout/quote?${query.toString()}`, { schema: CheckoutQuoteSchema, signal });
}

/** Creates a pending order; the answer's redirect_url is the provider's payment page. */
export function startCheckout(request: CheckoutRequest): Promise<CheckoutResponse> {
  return apiRequest("/api/checkout", { method: "POST", body: request, schema: CheckoutResponseSchema });
}

/** Asks the server where a payment stands; the server asks the provider, never the browser. */
export function verifyPayment(ids: PaymentIds, signal?: AbortSignal): Promise<PaymentVerification> {
  const query = new URLSearchParams();
  if (ids.orderTrackingId) query.set("OrderTrackingId", ids.orderTrackingId);
  if (ids.merchantReference) query.set("OrderMerchantReference", ids.merchantReference);
  return apiRequest(`/api/payments/verify?${query.toString()}`, { schema: PaymentVerificationSchema, signal });
}

export interface PaymentIds {
  orderTrackingId: string | null;
  merchantReference: string | null;
}
