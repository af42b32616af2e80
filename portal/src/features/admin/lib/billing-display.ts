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

/** SPEC: completed green, pending yellow, failed red, anything else blue. */
export const STATUS_CLASSES: Record<AdminBillingEntry["status"], string> = {
  completed: "bg-green-100 text-green-800",
  pending: "bg-yellow-100 text-yellow-900",
  failed: "bg-red-100 text-red-800",
  refunded: "bg-blue-100 text-blue-800",
};

export function statusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/** "$1,824.00" from integer cents. */
export function formatMoney(cents: number, currency = "USD"): string {
  try {
    return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}
