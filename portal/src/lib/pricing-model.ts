import type { CheckoutIntent } from "../../../core/contracts/checkout";
import { PLAN_CATALOGUE, UNLIMITED, checkoutParams, findPlan, type BillingPeriod, type PlanDefinition } from "../../../core/plans";

/** The three plan cards of the pricing page, read from the one catalogue in core/plans. */
export interface PricingPlans {
  free: PlanDefinition;
  starter: PlanDefinition;
  professionalTiers: PlanDefinition[];
  enterprise: PlanDefinition;
}

export function getPricingPlans(catalogue: readonly PlanDefinition[] = PLAN_CATALOGUE): PricingPlans {
  return {
    free: requirePlan("free", catalogue),
    starter: requirePlan("starter", catalogue),
    professionalTiers: catalogue.filter((p) => p.package_name.startsWith("professional_")),
    enterprise: requirePlan("enterprise", catalogue),
  };
}

function requirePlan(name: string, catalogue: readonly PlanDefinition[]): PlanDefinition {
  const plan = findPlan(name, catalogue);
  if (!plan) throw new Error(`The plan catalogue has no "${name}" plan`);
  return plan;
}

const integer = new Intl.NumberFormat("en-US");

/** "100,000 requests / month", or "Unlimited requests". */
export function formatRequests(limit: number): string {
  return limit === UNLIMITED ? "Unlimited requests" : `${integer.format(limit)} requests / month`;
}

/** "10 GB", "1 TB", "2.5 TB" (decimal units, as in the catalogue), or "Unlimited". */
export function formatDataLimit(bytes: number): string {
  if (bytes === UNLIMITED) return "Unlimited";
  const tb = bytes / 1e12;
  if (tb >= 1) return `${integer.format(Number(tb.toFixed(2)))} TB`;
  return `${integer.format(Number((bytes / 1e9).toFixed(2)))} GB`;
}

/** "100K" / "2.5M" labels for the request-volume selector. */
export function formatVolume(limit: number): string {
  return new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 }).format(limit);
}

/**
 * Where a plan button leads: the checkout page with the SPEC's plan, tier, period and amount,
 * and the intent "change" for a change of Professional volume (the server's Professional-only rule).
 */
export function checkoutHref(plan: PlanDefinition, period: BillingPeriod, intent?: CheckoutIntent): string {
  const query = checkoutParams(plan, period);
  if (intent) query.set("intent", intent);
  return `/checkout?${query.toString()}`;
}
