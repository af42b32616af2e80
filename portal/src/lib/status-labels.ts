import type { BillingHistoryEntry, SubscriptionStatus } from "../../../core/contracts/billing";

/**
 * What the portal calls each subscription and payment state, on every screen that shows one (the
 * billing section, the admin's users and payments): one map each, so two screens cannot name one
 * state differently. status-labels.test.tsx renders those screens against these maps.
 */

/** SPEC "Billing display": Active, Inactive (a plan that ran out) or No Plan (never paid). */
export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = { none: "No Plan", active: "Active", expired: "Inactive" };

type PaymentStatus = BillingHistoryEntry["status"];

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: "Pending",
  completed: "Completed",
  failed: "Failed",
  cancelled: "Cancelled",
  refunded: "Refunded",
  review: "In Review",
};

/** SPEC billing history colours: completed green, pending yellow, failed red, anything else blue. */
export const PAYMENT_STATUS_CLASSES: Record<PaymentStatus, string> = {
  completed: "bg-green-100 text-green-800",
  pending: "bg-yellow-100 text-yellow-900",
  failed: "bg-red-100 text-red-800",
  cancelled: "bg-blue-100 text-blue-800",
  refunded: "bg-blue-100 text-blue-800",
  review: "bg-blue-100 text-blue-800",
};
