import type { SandboxOrder } from "./sandbox-store.js";

/**
 * Pesapal's response bodies as the sandbox writes them (PESAPAL.md 1.2–1.5), quirks included:
 * `status` is a string, business errors arrive with HTTP 200 and an `error` object whose key is
 * `error_type`, GetTransactionStatus carries an `error` object even on success, and the
 * payment_status_description casing drifts ("Completed", not "COMPLETED").
 */

export interface PesapalErrorObject {
  error_type: string;
  code: string;
  message: string;
}

/** A rejected call: HTTP 200 with status "500" (or "400"), as Pesapal answers business errors. */
export function errorBody(code: string, message: string, extra: Record<string, unknown> = {}) {
  return { ...extra, error: { error_type: "api_error", code, message } satisfies PesapalErrorObject, status: "500" };
}

/** A missing, invalid or expired bearer token: HTTP 401. */
export function unauthorizedBody() {
  return { error: { error_type: "authentication_error", code: "invalid_api_token", message: "Token is invalid or has expired" }, status: "401" };
}

export interface OrderStatus {
  status_code: 0 | 1 | 2 | 3;
  payment_status_description: string;
  description: string;
  payment_status_code: string;
}

/** The status an order reads at `now` (a completed payment reads 0 until it settles). */
export function orderStatus(order: SandboxOrder, now: Date): OrderStatus {
  const payment = order.payment;
  if (order.reversed_at) {
    return { status_code: 3, payment_status_description: "Reversed", description: "The payment was reversed", payment_status_code: "" };
  }
  if (payment?.outcome === "completed" && Date.parse(payment.settles_at) <= now.getTime()) {
    return { status_code: 1, payment_status_description: "Completed", description: payment.description, payment_status_code: "" };
  }
  if (payment?.outcome === "failed") {
    return { status_code: 2, payment_status_description: "Failed", description: payment.description, payment_status_code: payment.payment_status_code };
  }
  if (payment?.outcome === "cancelled" && payment.cancellation_status_code === 2) {
    return { status_code: 2, payment_status_description: "Failed", description: payment.description, payment_status_code: payment.payment_status_code };
  }
  if (payment?.outcome === "cancelled") {
    return { status_code: 0, payment_status_description: "INVALID", description: payment.description, payment_status_code: payment.payment_status_code };
  }
  return { status_code: 0, payment_status_description: "INVALID", description: "", payment_status_code: "" };
}

/** Where the customer's browser returns, with Pesapal's three query parameters. */
export function callbackUrl(base: string, order: SandboxOrder): string {
  const url = new URL(base);
  url.searchParams.set("OrderTrackingId", order.order_tracking_id);
  url.searchParams.set("OrderMerchantReference", order.merchant_reference);
  url.searchParams.set("OrderNotificationType", "CALLBACKURL");
  return url.toString();
}

/** GetTransactionStatus (PESAPAL.md 1.4). Before payment: status_code 0 with error code payment_details_not_found. */
export function transactionStatusBody(order: SandboxOrder, now: Date) {
  const status = orderStatus(order, now);
  const payment = order.payment;
  const paid = payment !== null && status.status_code !== 0;
  const returnUrl = new URL(order.callback_url);
  returnUrl.searchParams.set("OrderTrackingId", order.order_tracking_id);
  returnUrl.searchParams.set("OrderMerchantReference", order.merchant_reference);
  return {
    payment_method: paid ? payment.method : "",
    amount: order.amount,
    created_date: order.created_date,
    confirmation_code: paid ? (payment.confirmation_code ?? "") : "",
    payment_status_description: status.payment_status_description,
    description: status.description,
    message: "Request processed successfully",
    payment_account: paid ? payment.account : "",
    call_back_url: returnUrl.toString(),
    status_code: status.status_code,
    merchant_reference: order.merchant_reference,
    payment_status_code: status.payment_status_code,
    currency: order.currency,
    error:
      status.status_code === 0
        ? { error_type: "api_error", code: "payment_details_not_found", message: "Pending Payment", call_back_url: returnUrl.toString() }
        : { error_type: null, code: null, message: null, call_back_url: null },
    status: "200",
  };
}
