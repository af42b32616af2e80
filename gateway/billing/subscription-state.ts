import { NO_SUBSCRIPTION, type BillingSubscription, type PaidPeriod } from "../../core/contracts/billing.js";
import { BILLING_PERIODS, FREE_PLAN_NAME, type BillingPeriod } from "../../core/plans.js";

/**
 * The spec's subscription derivation, over our rows: the live subscription (active, or past_due
 * while in the grace days) comes first; then an expired package or last subscription; then a
 * paid package assigned without a subscription (by an administrator); otherwise none.
 */

export interface SubscriptionRow {
  status: string;
  plan_name: string;
  billing_period: string;
  amount: number;
  currency: string;
  next_billing_date: Date | null;
}

export interface PackageRow {
  package_name: string;
  expires_at: Date | null;
}

const LIVE_STATUSES = new Set(["active", "past_due"]);

const periodOf = (value: string): BillingPeriod | null => BILLING_PERIODS.find((p) => p === value) ?? null;
const iso = (at: Date | null) => (at ? at.toISOString() : null);

export function deriveSubscription(input: {
  now: Date;
  /** The account's newest subscription (a live one when there is one). */
  subscription: SubscriptionRow | undefined;
  pkg: PackageRow | undefined;
  /** The account's paid periods: the one running now is the subscription's current period. */
  timeline: readonly PaidPeriod[];
  displayName: (packageName: string) => string | null;
}): BillingSubscription {
  const { now, subscription, pkg } = input;
  const running = input.timeline.find((period) => period.state === "current");
  const currentPeriod = { current_period_start: running?.starts_at ?? null, current_period_end: running?.ends_at ?? null };
  const paidPackage = pkg && pkg.package_name !== FREE_PLAN_NAME ? pkg : undefined;
  const fromSubscription = (row: SubscriptionRow, status: "active" | "expired", expiresAt: Date | null): BillingSubscription => ({
    status,
    plan: row.plan_name,
    plan_display_name: input.displayName(row.plan_name),
    period: periodOf(row.billing_period),
    amount: row.amount,
    currency: row.currency,
    next_billing_date: status === "active" ? iso(row.next_billing_date) : null,
    expires_at: iso(expiresAt),
    overdue: expiresAt !== null && expiresAt <= now,
    ...currentPeriod,
  });

  if (subscription && LIVE_STATUSES.has(subscription.status)) {
    const expiresAt = paidPackage?.package_name === subscription.plan_name ? (paidPackage.expires_at ?? subscription.next_billing_date) : subscription.next_billing_date;
    return fromSubscription(subscription, "active", expiresAt);
  }
  if (paidPackage) {
    const expired = paidPackage.expires_at !== null && paidPackage.expires_at <= now;
    return {
      status: expired ? "expired" : "active",
      plan: paidPackage.package_name,
      plan_display_name: input.displayName(paidPackage.package_name),
      period: null,
      amount: null,
      currency: null,
      next_billing_date: expired ? null : iso(paidPackage.expires_at),
      expires_at: iso(paidPackage.expires_at),
      overdue: expired,
      ...currentPeriod,
    };
  }
  if (subscription?.status === "expired") return fromSubscription(subscription, "expired", subscription.next_billing_date);
  return NO_SUBSCRIPTION;
}

export function isNearLimit(used: number, limit: number | null, nearLimitPercent: number): boolean {
  return limit !== null && limit > 0 && used * 100 >= limit * nearLimitPercent;
}
