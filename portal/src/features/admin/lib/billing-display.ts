import type { AdminBillingEntry } from "../../../../../core/contracts/admin-billing";

/** SPEC "Billing payment (admin)": what the administrator may do with one payment. */
export interface BillingRowActions {
  /** Pending: "Mark Complete". */
  complete: boolean;
  /** Pending: "Complete & Update Plan"; completed: re-apply the plan. */
  applyPlan: "complete-and-apply" | "reapply" | null;
  /** Completed through the provider, within the refund window. */
  refund: boolean;
}

export function billingRowActions(entry: Pick<AdminBillingEntry, "status" | "refundable">): BillingRowActions {
  if (entry.status === "pending") return { complete: true, applyPlan: "complete-and-apply", refund: false };
  if (entry.status === "completed") return { complete: false, applyPlan: "reapply", refund: entry.refundable };
  return { complete: false, applyPlan: null, refund: false };
}

export function statusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}
