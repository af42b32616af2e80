import type { PaymentState } from "../../../../../core/contracts/checkout";
import { isApiError } from "../../../lib/api-client";

/** Texts of the checkout, callback and payment-success pages (SPEC section 8). */
export const PAYMENT_MESSAGES = {
  failedTitle: "Payment Failed",
  processingFailed: "Payment processing failed",
  initializationFailed: "Payment initialization failed",
  noRedirectUrl: "Invalid payment response - no redirect URL",
  notAuthenticated: "User not authenticated",
  plansFailed: "Could not load the plan catalogue. Please try again.",
  completed: "Payment completed successfully!",
  cancelled: "Payment was cancelled.",
  failed: "Payment failed. Please try again.",
  unverifiable: "Unable to verify payment status. Please contact support if you were charged.",
  verifyError: "Error verifying payment. Please contact support.",
  verificationFailedTitle: "Payment Verification Failed",
  verificationFailed: "Could not verify your payment. Please contact support.",
  stillProcessingTitle: "Payment Processing",
  stillProcessing: "Your payment is still being processed. Please check back in a few minutes.",
} as const;

/** The description of a "Payment Failed" toast after POST /api/checkout failed. */
export function checkoutFailureMessage(error: unknown): string {
  if (!isApiError(error)) return PAYMENT_MESSAGES.processingFailed;
  if (error.status === 401) return PAYMENT_MESSAGES.notAuthenticated;
  if (error.code === "INVALID_RESPONSE") return PAYMENT_MESSAGES.noRedirectUrl;
  if (error.code === "PAYMENT_PROVIDER_ERROR") return error.message || PAYMENT_MESSAGES.initializationFailed;
  return error.message ? `${PAYMENT_MESSAGES.processingFailed}: ${error.message}` : PAYMENT_MESSAGES.processingFailed;
}

/** The card the callback page ends on. */
export type CallbackOutcome = "completed" | "cancelled" | "failed";

/**
 * The callback page's card for a verified state. `pending` after the last check and `review`
 * (the provider's record disagrees with the order) cannot be confirmed: failed, with the
 * "contact support if you were charged" message.
 */
export function callbackOutcome(state: PaymentState): { outcome: CallbackOutcome; message: string } {
  switch (state) {
    case "completed":
      return { outcome: "completed", message: PAYMENT_MESSAGES.completed };
    case "cancelled":
      return { outcome: "cancelled", message: PAYMENT_MESSAGES.cancelled };
    case "failed":
    case "reversed":
      return { outcome: "failed", message: PAYMENT_MESSAGES.failed };
    case "pending":
    case "review":
      return { outcome: "failed", message: PAYMENT_MESSAGES.unverifiable };
  }
}
