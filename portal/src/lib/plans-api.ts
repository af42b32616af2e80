import { PlanListSchema, type Plan } from "../../../core/contracts/plans";
import { apiRequest } from "./api-client";

/**
 * The plan catalogue as the gateway serves it (`GET /api/plans`, admin-editable), priced for
 * every billing period by the server: the one source of every price the portal shows.
 */
export async function listPlans(signal?: AbortSignal): Promise<Plan[]> {
  const { plans } = await apiRequest("/api/plans", { schema: PlanListSchema, signal });
  return plans;
}
