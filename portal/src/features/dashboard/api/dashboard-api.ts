import { UsageSeriesSchema, type UsageSeries } from "../../../../../core/contracts/usage";
import { apiRequest } from "../../../lib/api-client";

/** The overview's reads (same origin, cookie session). */

/** Days the overview's chart covers. */
export const CHART_DAYS = 30;

/** Requests per UTC day and endpoint category, oldest first, ending today (`GET /api/usage/daily`). */
export function getDailyUsage(signal?: AbortSignal): Promise<UsageSeries> {
  return apiRequest(`/api/usage/daily?days=${CHART_DAYS}`, { schema: UsageSeriesSchema, signal });
}
