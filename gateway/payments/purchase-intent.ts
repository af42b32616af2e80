import type { CheckoutIntent } from "../../core/contracts/checkout.js";

/** The spec's checkout rules for renewals and plan changes (SPEC.md section 5), over the live subscription. */

export const NO_SUBSCRIPTION_TO_RENEW = "No active subscription to renew";
export const PLAN_CHANGE_PROFESSIONAL_ONLY = "Plan changes are only available for existing Professional subscribers";

const isProfessional = (packageName: string) => packageName.startsWith("professional_");

/**
 * Why this checkout may not go ahead, or undefined. `live` is the account's active or past-due
 * subscription. A renewal pays for the plan running now; a change moves a Professional
 * subscriber to another Professional volume.
 */
export function purchaseIntentProblem(intent: CheckoutIntent, plan: { package_name: string; display_name: string }, live: { plan_name: string } | undefined): string | undefined {
  switch (intent) {
    case "purchase":
      return undefined;
    case "renew":
      if (!live) return NO_SUBSCRIPTION_TO_RENEW;
      return live.plan_name === plan.package_name ? undefined : `A renewal is for your current plan; ${plan.display_name} is not it.`;
    case "change":
      if (!live || !isProfessional(live.plan_name) || !isProfessional(plan.package_name)) return PLAN_CHANGE_PROFESSIONAL_ONLY;
      return live.plan_name === plan.package_name ? `${plan.display_name} is your current plan.` : undefined;
  }
}
