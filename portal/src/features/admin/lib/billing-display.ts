import type { AdminBillingEntry } from "../../../../../core/contracts/admin-billing";
import type { BillingAction } from "../api/admin-api";

/** SPEC "Billing payment (admin)": what the administrator may do with one payment. */
export interface BillingRowActions {
  /** Pending: "Mark Complete". */
  complete: boolean;
  /** Pending: "Complete & Update Plan"; completed: re-apply the plan. */
  applyPlan: "complete-and-apply" | "reapply" | null;
  /** Completed through the provider, within the refund window. */
  refund: boolean;
  /** In the review queue: "Mark Reviewed" (leave it as it stands). */
  markReviewed: boolean;
}

export function billingRowActions(entry: Pick<AdminBillingEntry, "status" | "refundable" | "review_reason">): BillingRowActions {
  const markReviewed = entry.review_reason !== null;
  if (entry.status === "pending") return { complete: true, applyPlan: "complete-and-apply", refund: false, markReviewed };
  if (entry.status === "completed") return { complete: false, applyPlan: "reapply", refund: entry.refundable, markReviewed };
  return { complete: false, applyPlan: null, refund: false, markReviewed };
}

/** What each confirmed action is called: its button, the question the confirmation asks, and its confirm button while idle and busy. */
export const BILLING_ACTION_TEXTS: Record<Exclude<BillingAction, "refund">, { title: string; consequence: string; confirm: string; busy: string }> = {
  complete: {
    title: "Mark payment complete?",
    consequence: "is recorded as paid, with an invoice number. The plan is not changed.",
    confirm: "Mark Complete",
    busy: "Completing...",
  },
  "apply-plan": {
    title: "Complete payment and update plan?",
    consequence: "is recorded as paid and the plan it bought is applied to the account at once.",
    confirm: "Complete & Update Plan",
    busy: "Updating...",
  },
  "mark-reviewed": {
    title: "Mark payment reviewed?",
    consequence: "leaves the review queue as it stands: nothing is activated, revoked or refunded.",
    confirm: "Mark Reviewed",
    busy: "Saving...",
  },
};

/** Re-applying a completed payment's plan asks its own question. */
export const REAPPLY_TEXTS = { title: "Re-apply plan from payment?", consequence: "applies the plan it bought to the account again.", confirm: "Re-apply Plan", busy: "Applying..." };

export function statusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}
