import type { CheckoutIntent } from "../../../core/contracts/checkout";
import type { Plan } from "../../../core/contracts/plans";
import { FREE_PLAN_NAME, UNLIMITED, checkoutParams, type BillingPeriod } from "../../../core/plans";
import { formatSize } from "../../../core/size-units";

/**
 * The plan cards of the pricing page and the dashboard's plan picker, read from the catalogue
 * the gateway serves (`GET /api/plans`). A plan an administrator has withdrawn is absent.
 */
export interface PricingPlans<T extends { package_name: string } = Plan> {
  free: T | undefined;
  starter: T | undefined;
  professionalTiers: T[];
  enterprise: T | undefined;
}

export function getPricingPlans<T extends { package_name: string }>(catalogue: readonly T[]): PricingPlans<T> {
  const named = (name: string) => catalogue.find((plan) => plan.package_name === name);
  return {
    free: named(FREE_PLAN_NAME),
    starter: named("starter"),
    professionalTiers: catalogue.filter((plan) => plan.package_name.startsWith("professional_")),
    enterprise: named("enterprise"),
  };
}

const integer = new Intl.NumberFormat("en-US");

/** "100,000 requests / month", or "Unlimited requests". */
export function formatRequests(limit: number): string {
  return limit === UNLIMITED ? "Unlimited requests" : `${integer.format(limit)} requests / month`;
}

/** "10GB", "1TB", "2.5TB" (decimal units written as SPEC.md writes them), or "Unlimited". */
export function formatDataLimit(bytes: number): string {
  return bytes === UNLIMITED ? "Unlimited" : formatSize(bytes);
}

/** "100K" / "2.5M" labels for the request-volume selector. */
export function formatVolume(limit: number): string {
  return new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 }).format(limit);
}

/** What a checkout link needs of a catalogue plan. */
export type PricedPlan = Pick<Plan, "package_name" | "request_limit" | "monthly_price_cents">;

/**
 * Where a plan button leads: the checkout page with the SPEC's plan, tier, period and amount,
 * and the intent "change" for a change of Professional volume (the server's Professional-only rule).
 */
export function checkoutHref(plan: PricedPlan, period: BillingPeriod, intent?: CheckoutIntent): string {
  const query = checkoutParams(plan, period);
  if (intent) query.set("intent", intent);
  return `/checkout?${query.toString()}`;
}
