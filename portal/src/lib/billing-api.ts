import { BillingOverviewSchema, type BillingOverview } from "../../../core/contracts/billing";
import { apiRequest } from "./api-client";

/** The signed-in user's subscription, this month's usage and latest payments (`GET /api/billing`, cookie session). */
export function getBillingOverview(signal?: AbortSignal): Promise<BillingOverview> {
  return apiRequest("/api/billing", { schema: BillingOverviewSchema, signal });
}
