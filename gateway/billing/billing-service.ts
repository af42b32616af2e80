import { BILLING_HISTORY_LIMIT, BillingHistoryStatusSchema, NEAR_LIMIT_PERCENT, type BillingOverview, type BillingUsage, type ScheduledChange } from "../../core/contracts/billing.js";
import type { Database } from "../../core/db/client.js";
import type { Logger } from "../../core/logger.js";
import { nextMonthStart, utcDay } from "../../core/metering/calendar.js";
import { BILLING_PERIODS, UNLIMITED } from "../../core/plans.js";
import type { Redis } from "../../core/redis.js";
import { planLimits, selectAccountPlans } from "../metering/key-context.js";
import { findScheduledChange } from "../payments/payment-queries.js";
import { monthRequests } from "../usage/usage-service.js";
import { findLatestSubscription, findUserPackage, listBillingHistory, listPackageNames } from "./billing-queries.js";
import { isInReview } from "../../core/payments/order-review.js";
import { paymentLabel } from "../payments/billing-terms.js";
import { deriveSubscription, isNearLimit } from "./subscription-state.js";
import { listTimeline } from "./timeline.js";

export interface BillingDeps {
  db: Database;
  /** The gateway's key-prefixed client (the metered path's counters). */
  redis: Redis;
  logger: Logger;
  now: () => Date;
}

/** The signed-in user's subscription, this month's usage against the allowance, and the latest billing rows. */
export async function getBillingOverview(deps: BillingDeps, userId: string): Promise<BillingOverview> {
  const now = deps.now();
  const [subscription, scheduled, pkg, names, usage, history, timeline] = await Promise.all([
    findLatestSubscription(deps.db, userId),
    findScheduledChange(deps.db, userId),
    findUserPackage(deps.db, userId),
    listPackageNames(deps.db),
    monthUsage(deps, userId, now),
    listBillingHistory(deps.db, userId, BILLING_HISTORY_LIMIT),
    listTimeline(deps.db, userId, now),
  ]);
  const displayNames = new Map(names.map((row) => [row.package_name, row.display_name]));
  return {
    subscription: deriveSubscription({ now, subscription, pkg, timeline, displayName: (name) => displayNames.get(name) ?? null }),
    scheduled_change: scheduledChangeOf(scheduled),
    usage,
    history: history.map((row) => ({
      id: row.id,
      // The table's check constraint allows exactly these; a flagged payment reads "review" until an administrator decides.
      status: isInReview(row) ? "review" : BillingHistoryStatusSchema.parse(row.status),
      amount: Number(row.amount),
      currency: row.currency,
      date: new Date(row.billing_date).toISOString(),
      invoice: paymentLabel(row),
      plan: row.package_name,
      period: BILLING_PERIODS.find((p) => p === row.billing_period) ?? null,
      payment_method: row.payment_method,
    })),
    timeline,
  };
}

function scheduledChangeOf(row: Awaited<ReturnType<typeof findScheduledChange>>): ScheduledChange | null {
  const period = BILLING_PERIODS.find((p) => p === row?.billing_period);
  if (!row || !period || !row.current_period_start || !row.next_billing_date) return null;
  return {
    plan: row.plan_name,
    plan_display_name: row.display_name,
    period,
    starts_at: row.current_period_start.toISOString(),
    ends_at: row.next_billing_date.toISOString(),
  };
}

/** Requests this calendar month against the allowance. */
async function monthUsage(deps: BillingDeps, userId: string, now: Date): Promise<BillingUsage> {
  const resetDate = utcDay(nextMonthStart(now));
  const [requests, plan] = await Promise.all([monthRequests(deps, [userId], now), selectAccountPlans(deps.db, now).where("u.id", "=", userId).executeTakeFirst()]);
  const used = requests.get(userId) ?? 0;
  const limit = plan ? planLimits(plan).monthlyRequests : UNLIMITED;
  const requestsLimit = limit === UNLIMITED ? null : limit;
  return { requests_used: used, requests_limit: requestsLimit, near_limit: isNearLimit(used, requestsLimit, NEAR_LIMIT_PERCENT), reset_date: resetDate };
}
