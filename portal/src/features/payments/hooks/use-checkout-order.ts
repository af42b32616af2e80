import { useCallback } from "react";
import type { CheckoutQuote } from "../../../../../core/contracts/checkout";
import type { Plan } from "../../../../../core/contracts/plans";
import { useRemote } from "../../../hooks/use-remote";
import { isApiError } from "../../../lib/api-client";
import { listPlans } from "../../../lib/plans-api";
import { getCheckoutQuote } from "../api/payments-api";
import { findCheckoutPlan, type CheckoutQuery } from "../lib/checkout-query";

/**
 * What a checkout shows before any payment: the catalogue's plan and the server's price for
 * this customer (less any credit for the plan it replaces). `refused`: the server will not sell
 * it to this customer, with its reason (a plan change for non-Professional subscribers, a
 * change already scheduled, ...); `unsold`: not a plan bought online (Enterprise, free, unknown).
 */
export type CheckoutOrderState =
  | { status: "loading" }
  | { status: "error" }
  | { status: "unsold" }
  | { status: "refused"; message: string }
  | { status: "ready"; plan: Plan; quote: CheckoutQuote };

type Loaded = { kind: "unsold" } | { kind: "refused"; message: string } | { kind: "ready"; plan: Plan; quote: CheckoutQuote };

export function useCheckoutOrder(query: CheckoutQuery) {
  const { packageName, period, intent } = query;
  const load = useCallback(
    async (signal: AbortSignal): Promise<Loaded> => {
      const plan = findCheckoutPlan(await listPlans(signal), { packageName, period, shownMonthlyCents: 0 });
      if (!plan) return { kind: "unsold" };
      try {
        return { kind: "ready", plan, quote: await getCheckoutQuote({ plan: plan.package_name, period, intent }, signal) };
      } catch (error) {
        if (isApiError(error) && error.status === 422) return { kind: "refused", message: error.message };
        throw error;
      }
    },
    [packageName, period, intent],
  );
  const { state, reload } = useRemote(load);
  const order: CheckoutOrderState =
    state.status !== "ready"
      ? state.status === "loading"
        ? { status: "loading" }
        : { status: "error" }
      : state.data.kind === "ready"
        ? { status: "ready", plan: state.data.plan, quote: state.data.quote }
        : state.data.kind === "refused"
          ? { status: "refused", message: state.data.message }
          : { status: "unsold" };
  return { order, reload: () => reload(true) };
}
