import type { BillingOverview } from "../../../../../core/contracts/billing";
import type { Plan } from "../../../../../core/contracts/plans";
import { describeInterval, FREE_PLAN_NAME } from "../../../../../core/plans";

const integer = new Intl.NumberFormat("en-US");

export interface PlanLimitsView {
  planName: string;
  /** "100,000", or "Unlimited". */
  requestsPerMonth: string;
  /** "600"; null when the catalogue does not list the plan. */
  requestsPerMinute: string | null;
  concurrentExecutions: string | null;
  /** "15 minutes": the shortest time between two fires of a schedule. */
  scheduleInterval: string | null;
}

/**
 * The limits the account runs under now: the running plan, or Free without one. The monthly
 * allowance is the account's own (an administrator may have set it), the per-minute rate and
 * concurrency the catalogue's for that plan.
 */
export function planLimitsView(overview: BillingOverview, plans: readonly Plan[]): PlanLimitsView {
  const { subscription, usage } = overview;
  const planName = subscription.status === "active" && subscription.plan ? subscription.plan : FREE_PLAN_NAME;
  const plan = plans.find((candidate) => candidate.package_name === planName);
  return {
    planName: plan?.display_name ?? subscription.plan_display_name ?? planName,
    requestsPerMonth: usage.requests_limit === null ? "Unlimited" : integer.format(usage.requests_limit),
    requestsPerMinute: plan ? integer.format(plan.rate_limit_per_minute) : null,
    concurrentExecutions: plan ? integer.format(plan.max_concurrent_executions) : null,
    scheduleInterval: plan ? describeInterval(plan.min_schedule_interval_seconds) : null,
  };
}
