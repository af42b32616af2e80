import { FREE_PLAN_NAME, PERIOD_TERMS, type BillingPeriod } from "../../core/plans.js";
import { addMonths } from "../../core/payments/timeline.js";

/**
 * What buying a plan does to the plan running now (DESIGN.md section 9), a pure rule shared by
 * the checkout's price and the activation:
 * - `new`: nothing paid is running (free, never paid, or past its expiry): starts now.
 * - `renewal`: the same plan again: runs on from the current end.
 * - `upgrade`: another plan costing at least as much per month: starts now, and the unused
 *   time of the current period is credited against the price.
 * - `downgrade`: a cheaper plan: starts when the current period ends.
 */

export type PlanChangeKind = "new" | "renewal" | "upgrade" | "downgrade";

export interface CurrentPlan {
  packageName: string;
  monthlyPriceCents: number;
  /** user_packages.expires_at: null never ends (the free plan, or a plan assigned without one). */
  expiresAt: Date | null;
  /** The timeline's standing paid periods not yet over: the prices and spans an upgrade's credit is prorated over. */
  paidPeriods?: readonly PaidSpan[];
}

export interface PaidSpan {
  priceCents: number;
  startsAt: Date;
  endsAt: Date;
}

export interface PlanChange {
  kind: PlanChangeKind;
  /** Unused time of the current period, in cents (only for an upgrade). */
  creditCents: number;
  start: Date;
  end: Date;
}

const DAY_MS = 86_400_000;

export function planChange(input: {
  now: Date;
  current: CurrentPlan | undefined;
  target: { packageName: string; monthlyPriceCents: number };
  period: BillingPeriod;
}): PlanChange {
  const { now, current, target } = input;
  const span = (start: Date, kind: PlanChangeKind, creditCents = 0): PlanChange => ({
    kind,
    creditCents,
    start,
    end: addMonths(start, PERIOD_TERMS[input.period].months),
  });
  const runningUntil = current && current.packageName !== FREE_PLAN_NAME && (current.expiresAt === null || current.expiresAt > now) ? current.expiresAt : undefined;
  if (!current || runningUntil === undefined) return span(now, current?.packageName === target.packageName ? "renewal" : "new");
  if (current.packageName === target.packageName) return span(runningUntil ?? now, "renewal");
  if (target.monthlyPriceCents < current.monthlyPriceCents && runningUntil !== null) return span(runningUntil, "downgrade");
  return span(now, "upgrade", unusedCredit(current, now));
}

/**
 * What the paid time not yet used is worth: each standing period's price per day times its whole
 * days left (all of it for a period not begun). An upgrade cuts all of them, so this is their
 * credit. Whole days keep a quote valid for the rest of the day it was shown on.
 */
export function unusedCredit(current: CurrentPlan, now: Date): number {
  let credit = 0;
  for (const period of current.paidPeriods ?? []) {
    if (period.endsAt <= now) continue;
    const periodDays = Math.max(1, Math.round((period.endsAt.getTime() - period.startsAt.getTime()) / DAY_MS));
    const from = period.startsAt > now ? period.startsAt : now;
    const daysLeft = Math.floor((period.endsAt.getTime() - from.getTime()) / DAY_MS);
    credit += Math.max(0, Math.round((period.priceCents * daysLeft) / periodDays));
  }
  return credit;
}
