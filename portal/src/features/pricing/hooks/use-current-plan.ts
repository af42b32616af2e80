import { useCallback } from "react";
import { useRemote } from "../../../hooks/use-remote";
import { getBillingOverview } from "../../../lib/billing-api";
import { NOT_SUBSCRIBED, currentPlanOf, type CurrentPlan } from "../../../lib/plan-buttons";

/**
 * The plan and period a signed-in customer pays for, so the pricing page can mark it; signed
 * out (or while it loads, or if it cannot be read) nobody is subscribed.
 */
export function useCurrentPlan(signedIn: boolean): CurrentPlan {
  const load = useCallback(
    async (signal: AbortSignal) => (signedIn ? currentPlanOf((await getBillingOverview(signal)).subscription) : NOT_SUBSCRIBED),
    [signedIn],
  );
  const { state } = useRemote(load);
  return state.status === "ready" ? state.data : NOT_SUBSCRIBED;
}
