import type { PaymentVerification } from "../../../../../core/contracts/checkout";
import { checkoutHref, type PricedPlan } from "../../../lib/pricing-model";

/** Where "Try Again" goes when the order is unknown: the plan picker. */
export const RETRY_WITHOUT_ORDER = "/dashboard?section=billing";

/**
 * The callback's "Try Again" (SPEC: to /checkout): the same plan and period as the payment that
 * did not go through, at the catalogue's current price. Without the order, or for a plan the
 * catalogue no longer sells, the dashboard's plan picker.
 */
export function retryCheckoutHref(verification: Pick<PaymentVerification, "plan" | "period"> | null, plans: readonly PricedPlan[] | null): string {
  const plan = verification && plans?.find((candidate) => candidate.package_name === verification.plan);
  return plan && verification ? checkoutHref(plan, verification.period) : RETRY_WITHOUT_ORDER;
}
