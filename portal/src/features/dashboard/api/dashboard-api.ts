import { BillingOverviewSchema, type BillingOverview } from "../../../../../core/contracts/billing";
import { PlanListSchema, type Plan } from "../../../../../core/contracts/plans";
import { UsageSeriesSchema, type UsageSeries } from "../../../../../core/contracts/usage";
import { apiRequest } from "../../../lib/api-client";

/** The overview's reads (same origin, cookie session). */

/** Days the overview's chart covers. */
export const CHART_DAYS = 30;

/** Requests per UTC day and endpoint category, oldest first, ending today (`GET /api/usage/daily`). */
export function getDailyUsage(signal?: AbortSignal): Promise<UsageSeries> {
  return apiRequest(`/api/usage/daily?days=${CHART_DAYS}`, { schema: UsageSeriesSchema, signal });
}

export function getBillingOverview(signal?: AbortSignal): Promise<BillingOverview> {
  return apiRequest("/api/billing", { schema: BillingOverviewSchema, signal });
}

export async function listPlans(signal?: AbortSignal): Promise<Plan[]> {
  const { plans } = await apiRequest("/api/plans", { schema: PlanListSchema, signal });
  return plans;
}
