import { BillingPeriodSchema, CheckoutIntentSchema, type CheckoutIntent } from "../../../../../core/contracts/checkout";
import type { Plan } from "../../../../../core/contracts/plans";
import type { BillingPeriod } from "../../../../../core/plans";

/**
 * What the checkout page (or the dashboard's checkout section) was asked to sell (SPEC:
 * ?plan=&tier=&period=&amount=, all required). `amount` is what the pricing page showed (US dollars per month); it is only
 * compared with the server's price, never charged, and an amount that is not a price is reported, not charged either.
 */
export interface CheckoutQuery {
  /** The catalogue's package_name: "starter", "professional_100000", ... */
  packageName: string;
  period: BillingPeriod;
  /** Null when the link's amount is not a price (negative, or not a number): checkout says so. */
  shownMonthlyCents: number | null;
  /** `intent=renew|change` (renewal reminders, the plan picker); absent: a purchase. */
  intent?: CheckoutIntent;
}

/** The query as a checkout order, or null when a parameter is missing or unreadable (SPEC: back to /dashboard). An unknown intent is ignored. */
export function parseCheckoutQuery(params: URLSearchParams): CheckoutQuery | null {
  const plan = params.get("plan")?.trim().toLowerCase() ?? "";
  const tier = params.get("tier")?.trim() ?? "";
  const period = BillingPeriodSchema.safeParse(params.get("period"));
  const rawAmount = params.get("amount")?.trim() ?? "";
  if (plan === "" || tier === "" || !period.success || rawAmount === "") return null;
  if (!/^[a-z0-9_]+$/.test(plan) || !/^\d+$/.test(tier)) return null;
  const amount = /^\d+(\.\d+)?$/.test(rawAmount) ? Number(rawAmount) : Number.NaN;
  const intent = CheckoutIntentSchema.safeParse(params.get("intent"));
  return {
    packageName: packageNameOf(plan, tier),
    period: period.data,
    shownMonthlyCents: Number.isFinite(amount) ? Math.round(amount * 100) : null,
    ...(intent.success ? { intent: intent.data } : {}),
  };
}

/** "professional" with tier 100000 is the package "professional_100000"; other plans are named as they are. */
export function packageNameOf(plan: string, tier: string): string {
  return plan === "professional" ? `professional_${tier}` : plan;
}

/** The plan a query names, if the catalogue sells it through checkout. */
export function findCheckoutPlan(plans: readonly Plan[], query: CheckoutQuery): Plan | undefined {
  return plans.find((plan) => plan.package_name === query.packageName && !plan.contact_sales && plan.monthly_price_cents > 0);
}

/** Whether the address asks for a checkout (SPEC: plan, tier, period and amount together open the dashboard's checkout section). */
export function hasCheckoutQuery(params: URLSearchParams): boolean {
  return ["plan", "tier", "period", "amount"].every((name) => params.has(name));
}
