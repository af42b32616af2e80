import type { BillingSubscription } from "../../../core/contracts/billing";
import type { CheckoutIntent } from "../../../core/contracts/checkout";
import type { BillingPeriod } from "../../../core/plans";
import { checkoutHref, type PricedPlan } from "./pricing-model";

/** The plan buttons of the pricing page and the dashboard's plan picker (SPEC "Plan button label"). */

/** The plan the user is on: only a running subscription counts. */
export interface CurrentPlan {
  subscribed: boolean;
  /** package_name ("starter", "professional_100000", "enterprise"), or null. */
  plan: string | null;
  /** The paid period; a plan assigned without one (by an administrator) runs monthly. */
  period: BillingPeriod;
}

export const NOT_SUBSCRIBED: CurrentPlan = { subscribed: false, plan: null, period: "monthly" };

export function currentPlanOf(subscription: BillingSubscription): CurrentPlan {
  const subscribed = subscription.status === "active" && subscription.plan !== null && subscription.plan !== "free";
  return subscribed ? { subscribed, plan: subscription.plan, period: subscription.period ?? "monthly" } : NOT_SUBSCRIBED;
}

export type PlanFamily = "starter" | "professional" | "enterprise";

function familyOf(plan: string | null): PlanFamily | null {
  if (plan === "starter" || plan === "enterprise") return plan;
  if (plan?.startsWith("professional_")) return "professional";
  return null;
}

export type PlanButtonLabel = "Get Started" | "Current Plan" | "Change Plan" | "Upgrade" | "Downgrade" | "Contact Sales";

/**
 * SPEC "Plan button label", where "current" means the plan and the billing period the customer
 * pays for: the same plan in another period is a change (monthly to yearly at the same volume).
 * `selectedPlan` is the card's package (for Professional, the selected volume).
 */
export function planButtonLabel(family: PlanFamily, selectedPlan: string, period: BillingPeriod, current: CurrentPlan): PlanButtonLabel {
  const currentFamily = current.subscribed ? familyOf(current.plan) : null;
  if (family === "enterprise") return currentFamily === "enterprise" ? "Current Plan" : "Contact Sales";
  if (!current.subscribed) return "Get Started";
  const samePlan = current.plan === selectedPlan;
  if (samePlan) return current.period === period ? "Current Plan" : "Change Plan";
  if (family === "starter") return "Downgrade";
  if (currentFamily === "professional") return "Change Plan";
  return "Upgrade";
}

/**
 * Where a plan button leads: sales for Enterprise, else checkout. Another Professional volume
 * is a plan change (the server's Professional-only rule); the same plan in another period is a
 * purchase the server runs on from the current period's end.
 */
export function planButtonTarget(plan: PricedPlan, family: PlanFamily, period: BillingPeriod, current: CurrentPlan): string {
  if (family === "enterprise") return "/contact";
  const changesVolume = family === "professional" && current.subscribed && familyOf(current.plan) === "professional" && current.plan !== plan.package_name;
  const intent: CheckoutIntent | undefined = changesVolume ? "change" : undefined;
  return checkoutHref(plan, period, intent);
}
