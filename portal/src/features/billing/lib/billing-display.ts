import type { BillingHistoryEntry } from "../../../../../core/contracts/billing";
import { PERIOD_TERMS, type BillingPeriod } from "../../../../../core/plans";

/** Toast texts of the billing section. */
export const BILLING_MESSAGES = {
  fetchFailed: "Failed to fetch billing information",
} as const;

/** The query flags the payment callback leaves on /dashboard (SPEC: refresh after 2 s, then drop them). */
export const PAYMENT_SUCCESS_FLAGS = ["success", "payment_success", "payment_completed"] as const;
export const PAYMENT_REFRESH_DELAY_MS = 2_000;

export function hasPaymentSuccessFlag(params: URLSearchParams): boolean {
  return PAYMENT_SUCCESS_FLAGS.some((flag) => params.get(flag) === "true");
}

/** The invoice cell: the server's invoice number, or "#" and the first 8 characters of the id. */
export function invoiceLabel(entry: Pick<BillingHistoryEntry, "id" | "invoice">): string {
  return entry.invoice.trim() !== "" ? entry.invoice : `#${entry.id.slice(0, 8)}`;
}

export function periodLabel(period: BillingPeriod | null): string | null {
  return period ? PERIOD_TERMS[period].label : null;
}
