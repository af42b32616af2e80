import type { PaymentVerification } from "../../core/contracts/checkout.js";
import type { ReconcileResult } from "./reconcile-service.js";

/** The spec's callback-page messages, by state. */
const MESSAGES: Record<PaymentVerification["status"], string> = {
  pending: "Your payment is still being processed. Please check back in a few minutes.",
  completed: "Payment completed successfully!",
  failed: "Payment failed. Please try again.",
  cancelled: "Payment was cancelled.",
  reversed: "This payment was reversed. Please contact support.",
  review: "Unable to verify payment status. Please contact support if you were charged.",
};

export function serializeVerification(result: Extract<ReconcileResult, { found: true }>): PaymentVerification {
  const { order } = result;
  return {
    status: result.state,
    order_tracking_id: order.provider_order_tracking_id ?? "",
    merchant_reference: order.merchant_reference,
    plan: order.package_name,
    period: order.billing_period === "yearly" || order.billing_period === "threeYears" ? order.billing_period : "monthly",
    amount: order.amount,
    currency: order.currency,
    invoice_number: result.invoiceNumber,
    message: MESSAGES[result.state],
  };
}

/** The acknowledgement Pesapal requires (PESAPAL.md 1.5): 200 processed, 500 received but not processed (it resends). */
export function ipnAcknowledgement(notification: { notificationType: string; orderTrackingId: string; merchantReference: string | null }, processed: boolean) {
  return {
    orderNotificationType: notification.notificationType,
    orderTrackingId: notification.orderTrackingId,
    orderMerchantReference: notification.merchantReference ?? "",
    status: processed ? 200 : 500,
  };
}
