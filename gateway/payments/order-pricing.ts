import type { CheckoutIntent, CheckoutQuote } from "../../core/contracts/checkout.js";
import type { Database } from "../../core/db/client.js";
import { AppError } from "../../core/errors.js";
import { formatUsd, PERIOD_TERMS, quotePrice, type BillingPeriod, type PriceQuote } from "../../core/plans.js";
import { findLiveSubscription, findPurchasablePlan, findScheduledChange, loadCurrentPlan } from "./payment-queries.js";
import { planChange, type PlanChange } from "./plan-change.js";
import { purchaseIntentProblem } from "./purchase-intent.js";

/**
 * The price of an order for this customer now: the catalogue price for the period, less the
 * unused time of the plan an upgrade replaces. Shared by the quote the portal shows and the
 * checkout that must charge exactly it; refusals are 422 VALIDATION_FAILED naming the field.
 */

export interface PricedOrder {
  plan: { package_name: string; display_name: string };
  period: BillingPeriod;
  change: PlanChange;
  quote: PriceQuote;
  currentPlanName: string | null;
}

export function invalidField(field: string, message: string): AppError {
  return new AppError("VALIDATION_FAILED", message, { details: [{ field, message }] });
}

const dateLabel = (at: Date) => at.toLocaleDateString("en-US", { timeZone: "UTC", year: "numeric", month: "long", day: "numeric" });

export async function priceOrder(db: Database, userId: string, request: { plan: string; period: BillingPeriod; intent?: CheckoutIntent | undefined }, now: Date): Promise<PricedOrder> {
  const plan = await findPurchasablePlan(db, request.plan);
  if (!plan) throw invalidField("plan", `There is no plan named "${request.plan}".`);
  if (plan.contact_sales) throw invalidField("plan", `The ${plan.display_name} plan is sold by our sales team: contact sales to buy it.`);
  if (plan.monthly_price_cents <= 0) throw invalidField("plan", `The ${plan.display_name} plan is free: it needs no payment.`);
  // Renewals and plan changes (SPEC.md section 5).
  if (request.intent && request.intent !== "purchase") {
    const problem = purchaseIntentProblem(request.intent, plan, await findLiveSubscription(db, userId));
    if (problem) throw invalidField("intent", problem);
  }
  const scheduled = await findScheduledChange(db, userId);
  if (scheduled?.current_period_start) {
    throw invalidField(
      "plan",
      `Your change to ${scheduled.display_name} on ${dateLabel(scheduled.current_period_start)} is already paid for. Contact support to change it before then.`,
    );
  }

  const current = await loadCurrentPlan(db, userId, now);
  const change = planChange({ now, current, target: { packageName: plan.package_name, monthlyPriceCents: plan.monthly_price_cents }, period: request.period });
  const quote = quotePrice(plan.monthly_price_cents, request.period, { creditCents: change.creditCents });
  if (quote.totalCents <= 0) {
    throw invalidField(
      "period",
      `The unused time of your current plan (${formatUsd(change.creditCents)}) covers the whole price of ${plan.display_name} (${PERIOD_TERMS[request.period].label.toLowerCase()}). Choose a longer billing period.`,
    );
  }
  const currentPlanName = current && change.kind !== "new" ? await displayName(db, current.packageName) : null;
  return { plan, period: request.period, change, quote, currentPlanName };
}

export function quoteOf(priced: PricedOrder): CheckoutQuote {
  return {
    plan: priced.plan.package_name,
    plan_display_name: priced.plan.display_name,
    period: priced.period,
    change: priced.change.kind,
    current_plan_display_name: priced.currentPlanName,
    subtotal_cents: priced.quote.subtotalCents,
    credit_cents: priced.quote.discountCents,
    total_cents: priced.quote.totalCents,
    starts_at: priced.change.start.toISOString(),
    ends_at: priced.change.end.toISOString(),
  };
}

async function displayName(db: Database, packageName: string): Promise<string> {
  const row = await db.selectFrom("package_definitions").select("display_name").where("package_name", "=", packageName).executeTakeFirst();
  return row?.display_name ?? packageName;
}
