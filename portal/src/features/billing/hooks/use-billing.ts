import { useCallback, useEffect, useState } from "react";
import { toast } from "sonner";
import type { BillingOverview } from "../../../../../core/contracts/billing";
import { failureDescription } from "../../api-keys/lib/key-messages";
import { getBillingOverview } from "../api/billing-api";
import { BILLING_MESSAGES } from "../lib/billing-display";

export type BillingState = { status: "loading" } | { status: "error" } | { status: "ready"; overview: BillingOverview };

/** The signed-in user's billing overview; `reload` reads it again (after a payment, or to retry). */
export function useBilling() {
  const [state, setState] = useState<BillingState>({ status: "loading" });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getBillingOverview(controller.signal).then(
      (overview) => setState({ status: "ready", overview }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        toast.error(BILLING_MESSAGES.fetchFailed, { id: "billing-fetch", description: failureDescription(error) });
        setState((current) => (current.status === "ready" ? current : { status: "error" }));
      },
    );
    return () => controller.abort();
  }, [generation]);

  const reload = useCallback((showLoading = false) => {
    if (showLoading) setState({ status: "loading" });
    setGeneration((value) => value + 1);
  }, []);

  return { state, reload };
}
