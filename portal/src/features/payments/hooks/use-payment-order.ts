import { useCallback } from "react";
import type { PaymentOrder } from "../../../../../core/contracts/checkout";
import { useRemote, type RemoteState } from "../../../hooks/use-remote";
import { listPlans } from "../../../lib/plans-api";
import { getPaymentOrder } from "../api/payments-api";
import { retryCheckoutHref } from "../lib/retry-checkout";

/** An order being paid, as the server recorded it, and the checkout that sells its plan and period again. */
export interface HandoffOrder {
  order: PaymentOrder;
  checkoutHref: string;
}

/**
 * The order around the provider's page (null without a tracking id: the page still works). The
 * checkout link needs the catalogue; without it, it leads to the plan picker.
 */
export function usePaymentOrder(orderTrackingId: string | null): { state: RemoteState<HandoffOrder | null>; retry: () => void } {
  const load = useCallback(
    async (signal: AbortSignal): Promise<HandoffOrder | null> => {
      if (!orderTrackingId) return null;
      const [order, plans] = await Promise.all([getPaymentOrder(orderTrackingId, signal), listPlans(signal).catch(() => null)]);
      return { order, checkoutHref: retryCheckoutHref(order, plans) };
    },
    [orderTrackingId],
  );
  const { state, reload } = useRemote(load);
  return { state, retry: () => reload(true) };
}
