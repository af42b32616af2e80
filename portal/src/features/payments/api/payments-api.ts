import {
  CheckoutQuoteSchema,
  CheckoutResponseSchema,
  PaymentOrderSchema,
  PaymentVerificationSchema,
  type CheckoutIntent,
  type CheckoutQuote,
  type CheckoutRequest,
  type CheckoutResponse,
  type PaymentOrder,
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

/** The signed-in user's order as the server recorded it (plan, period, amount, status); the provider is not asked. */
export function getPaymentOrder(orderTrackingId: string, signal?: AbortSignal): Promise<PaymentOrder> {
  return apiRequest(`/api/payments/orders/${encodeURIComponent(orderTrackingId)}`, { schema: PaymentOrderSchema, signal });
}

/** Asks the server where a payment stands; the server asks the provider, never the browser. */
export function verifyPayment(ids: PaymentIds, signal?: AbortSignal): Promise<PaymentVerification> {
  const query = new URLSearchParams();
  if (ids.orderTrackingId) query.set("OrderTrackingId", ids.orderTrackingId);
  if (ids.merchantReference) query.set("OrderMerchantReference", ids.merchantReference);
  if (ids.cancelled) query.set("status", "cancelled");
  return apiRequest(`/api/payments/verify?${query.toString()}`, { schema: PaymentVerificationSchema, signal });
}

export interface PaymentIds {
  orderTrackingId: string | null;
  merchantReference: string | null;
  /** The customer came back by the cancel link: the server cancels an order the provider still has open. */
  cancelled?: boolean;
}
