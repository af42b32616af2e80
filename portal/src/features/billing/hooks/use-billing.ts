import { toast } from "sonner";
import { useRemote } from "../../../hooks/use-remote";
import { failureDescription } from "../../../lib/api-client";
import { getBillingOverview } from "../../../lib/billing-api";
import { BILLING_MESSAGES } from "../lib/billing-display";

/** The signed-in user's billing overview; `reload` reads it again (after a payment, or to retry). */
export function useBilling() {
  const { state, reload } = useRemote(getBillingOverview, (error) =>
    toast.error(BILLING_MESSAGES.fetchFailed, { id: "billing-fetch", description: failureDescription(error) }),
  );
  return { state, reload };
}
