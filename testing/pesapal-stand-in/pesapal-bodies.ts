import type { StandInOrder } from "./stand-in-state.js";

/** The JSON bodies Pesapal API 3.0 answers with (PESAPAL.md 1.1, 1.4, pitfalls 1-4). */

/** The observed error shape (`error_type`, not the documented `type`), with status "500". */
export function pesapalError(code: string, message: string, errorType = "api_error") {
  return { error: { error_type: errorType, code, message, call_back_url: null }, status: "500" };
}

/** A business refusal that carries only a status and a message (RefundRequest, CancelOrder). */
export function refusal(message: string) {
  return { status: "500", message };
}

/** The callback URL with the order's tracking id and reference, as Pesapal echoes it in status answers. */
export function callbackWith(order: StandInOrder, notificationType?: "CALLBACKURL"): string {
  const url = new URL(order.callbackUrl);
  url.searchParams.set("OrderTrackingId", order.orderTrackingId);
  url.searchParams.set("OrderMerchantReference", order.merchantReference);
  if (notificationType) url.searchParams.set("OrderNotificationType", notificationType);
  return url.toString();
}

const DESCRIPTIONS = { 0: "INVALID", 1: "Completed", 2: "Failed", 3: "Reversed" } as const;
const NO_ERROR = { error_type: null, code: null, message: null, call_back_url: null };

/**
 * GetTransactionStatus. Before payment: status_code 0 / INVALID with error payment_details_not_found
 * "Pending Payment" (and status "500"); once final: an `error` whose members are all null and status "200".
 * Casing as in Pesapal's samples ("Completed"), which differs from its docs ("COMPLETED").
 */
export function transactionStatusBody(order: StandInOrder) {
  const callback = callbackWith(order);
  const pending = order.statusCode === 0;
  return {
    payment_method: order.paymentMethod ?? "",
    amount: order.amount,
    created_date: order.createdDate,
    confirmation_code: order.confirmationCode ?? "",
    order_tracking_id: order.orderTrackingId,
    payment_status_description: DESCRIPTIONS[order.statusCode],
    description: pending ? null : (order.failureDescription ?? ""),
    message: "Request processed successfully",
    payment_account: order.paymentAccount ?? "",
    call_back_url: callback,
    status_code: order.statusCode,
    merchant_reference: order.merchantReference,
    payment_status_code: order.paymentStatusCode,
    currency: order.currency,
    error: pending ? { error_type: "api_error", code: "payment_details_not_found", message: "Pending Payment", call_back_url: callback } : NO_ERROR,
    status: pending ? "500" : "200",
  };
}
