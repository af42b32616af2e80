import { useEffect } from "react";
import { useSearchParams } from "react-router-dom";
import { Button } from "../../../components/ui/button";
import { ErrorState } from "../../../components/ui/section-states";
import { usePlans } from "../../../hooks/use-plans";
import { useBilling } from "../hooks/use-billing";
import { PAYMENT_REFRESH_DELAY_MS, PAYMENT_SUCCESS_FLAGS, hasPaymentSuccessFlag } from "../lib/billing-display";
import { BillingHistory } from "./billing-history";
import { BillingSummary } from "./billing-summary";
import { PaidPeriods } from "./paid-periods";
import { PlanPicker } from "./plan-picker";

/** The dashboard's Billing & Credits section (SPEC: current plan, usage, next billing, plan picker, history; then the paid periods). */
export function BillingSection() {
  const { state, reload } = useBilling();
  const plans = usePlans();
  usePaymentRefresh(reload);

  return (
    <div className="space-y-10">
      <p className="max-w-2xl leading-relaxed text-slate-600">Your plan, this month&apos;s requests against your allowance, and your payments.</p>
      {state.status === "loading" && <LoadingBilling />}
      {state.status === "error" && <LoadFailed onRetry={() => reload(true)} />}
      {state.status === "ready" && (
        <>
          <BillingSummary overview={state.data} />
          {plans.state.status === "ready" && <PlanPicker subscription={state.data.subscription} plans={plans.state.data} />}
          {plans.state.status === "error" && <ErrorState title="The plans could not be loaded." onRetry={plans.reload} />}
          <BillingHistory entries={state.data.history} />
          <PaidPeriods periods={state.data.timeline} />
        </>
      )}
    </div>
  );
}

/** After the payment callback's flags: read the subscription again 2 s later and drop the flags (SPEC). */
function usePaymentRefresh(reload: () => void) {
  const [params, setParams] = useSearchParams();
  const flagged = hasPaymentSuccessFlag(params);
  useEffect(() => {
    if (!flagged) return;
    const timer = setTimeout(() => {
      reload();
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const flag of PAYMENT_SUCCESS_FLAGS) next.delete(flag);
          next.set("section", "billing");
          return next;
        },
        { replace: true },
      );
    }, PAYMENT_REFRESH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [flagged, reload, setParams]);
}

function LoadingBilling() {
  return (
    <div>
      <p role="status" className="text-sm text-slate-600">
        Loading billing information...
      </p>
      <div aria-hidden className="mt-4 grid gap-4 md:grid-cols-3">
        {[0, 1, 2].map((card) => (
          <div key={card} className="h-36 animate-pulse rounded-2xl bg-slate-100" />
        ))}
      </div>
    </div>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="rounded-2xl border border-red-200 bg-red-50 p-6">
      <p className="font-semibold text-red-900">Your billing information could not be loaded.</p>
      <p className="mt-1 text-sm text-red-900">Check your connection and try again.</p>
      <Button variant="secondary" className="mt-4" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
