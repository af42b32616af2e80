import type { BillingOverview } from "../../../../../core/contracts/billing";
import type { Plan } from "../../../../../core/contracts/plans";
import { useRemote } from "../../../hooks/use-remote";
import { getBillingOverview } from "../../../lib/billing-api";
import { listPlans } from "../../../lib/plans-api";
import { getDailyUsage } from "../api/dashboard-api";

export interface AccountLimits {
  overview: BillingOverview;
  plans: Plan[];
}

async function loadAccountLimits(signal: AbortSignal): Promise<AccountLimits> {
  const [overview, plans] = await Promise.all([getBillingOverview(signal), listPlans(signal)]);
  return { overview, plans };
}

/** This month's usage and the plan's limits: the overview's cards. */
export function useAccountLimits() {
  return useRemote(loadAccountLimits);
}

/** Requests per day and category over the chart's days. */
export function useDailyUsage() {
  return useRemote(getDailyUsage);
}
