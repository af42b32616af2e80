import type { BillingSubscription } from "../../../../../core/contracts/billing";
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

export function periodLabel(period: BillingPeriod | null): string | null {
  return period ? PERIOD_TERMS[period].label : null;
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
