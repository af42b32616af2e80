import type { BillingHistoryEntry, BillingOverview, BillingSubscription } from "../../../../../core/contracts/billing";
import { PERIOD_TERMS, checkoutParams, type BillingPeriod, type PlanDefinition } from "../../../../../core/plans";

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

/** SPEC "Billing display": Active, Inactive (a plan that ran out) or No Plan (never paid). */
export type SubscriptionLabel = "Active" | "Inactive" | "No Plan";

export function subscriptionLabel(subscription: BillingSubscription): SubscriptionLabel {
  if (subscription.status === "active") return "Active";
  if (subscription.status === "expired") return "Inactive";
  return "No Plan";
}

/** SPEC: billing history colours, completed green, pending yellow, failed red, anything else blue. */
export type StatusTone = "green" | "yellow" | "red" | "blue";

export function historyStatusTone(status: BillingHistoryEntry["status"]): StatusTone {
  switch (status) {
    case "completed":
      return "green";
    case "pending":
      return "yellow";
    case "failed":
      return "red";
    default:
      return "blue";
  }
}

export function historyStatusLabel(status: BillingHistoryEntry["status"]): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/** The invoice cell: the server's invoice number, or "#" and the first 8 characters of the id. */
export function invoiceLabel(entry: Pick<BillingHistoryEntry, "id" | "invoice">): string {
  return entry.invoice.trim() !== "" ? entry.invoice : `#${entry.id.slice(0, 8)}`;
}

/** "$1,824.00"; other currencies in their own symbol. Amounts are integer cents. */
export function formatMoney(cents: number, currency = "USD"): string {
  try {
    return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

export function periodLabel(period: BillingPeriod | null): string | null {
  return period ? PERIOD_TERMS[period].label : null;
}

const integer = new Intl.NumberFormat("en-US");

export interface UsageView {
  used: string;
  /** "100,000", or "Unlimited". */
  limit: string;
  /** 0 to 100 (rounded down), null when unlimited. */
  percent: number | null;
  nearLimit: boolean;
}

export function usageView(usage: BillingOverview["usage"]): UsageView {
  const { requests_used: used, requests_limit: limit } = usage;
  const percent = limit === null ? null : limit <= 0 ? 100 : Math.min(100, Math.floor((used / limit) * 100));
  return { used: integer.format(used), limit: limit === null ? "Unlimited" : integer.format(limit), percent, nearLimit: usage.near_limit };
}

/** The plan the user is on for the picker: only a running subscription counts. */
export interface CurrentPlan {
  subscribed: boolean;
  /** package_name ("starter", "professional_100000", "enterprise"), or null. */
  plan: string | null;
}

export function currentPlanOf(subscription: BillingSubscription): CurrentPlan {
  const subscribed = subscription.status === "active" && subscription.plan !== null && subscription.plan !== "free";
  return { subscribed, plan: subscribed ? subscription.plan : null };
}

export type PlanFamily = "starter" | "professional" | "enterprise";

function familyOf(plan: string | null): PlanFamily | null {
  if (plan === "starter" || plan === "enterprise") return plan;
  if (plan?.startsWith("professional_")) return "professional";
  return null;
}

export type PlanButtonLabel = "Get Started" | "Current Plan" | "Change Plan" | "Upgrade" | "Downgrade" | "Contact Sales";

/**
 * SPEC "Plan button label". `selectedPlan` is the package of the card (for Professional, the
 * selected volume).
 */
export function planButtonLabel(family: PlanFamily, selectedPlan: string, current: CurrentPlan): PlanButtonLabel {
  const currentFamily = current.subscribed ? familyOf(current.plan) : null;
  if (family === "enterprise") return currentFamily === "enterprise" ? "Current Plan" : "Contact Sales";
  if (!current.subscribed) return "Get Started";
  if (family === "starter") return currentFamily === "starter" ? "Current Plan" : "Downgrade";
  if (currentFamily === "professional") return current.plan === selectedPlan ? "Current Plan" : "Change Plan";
  return "Upgrade";
}

/**
 * Where a plan button leads: the checkout page with the SPEC's plan, tier, period and amount;
 * "Change Plan" says so, for the server's Professional-only rule.
 */
export function checkoutHref(plan: PlanDefinition, period: BillingPeriod, label?: PlanButtonLabel): string {
  const query = checkoutParams(plan, period);
  if (label === "Change Plan") query.set("intent", "change");
  return `/checkout?${query.toString()}`;
}

export const NEAR_LIMIT_WARNING = "You have used 95% or more of this month's requests. Upgrade to avoid interruptions.";
