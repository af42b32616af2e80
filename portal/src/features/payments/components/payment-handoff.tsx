import { ArrowLeft, LockKeyhole } from "lucide-react";
import { useEffect, useRef } from "react";
import type { PaymentOrder } from "../../../../../core/contracts/checkout";
import { PERIOD_TERMS } from "../../../../../core/plans";
import { Button, ButtonLink } from "../../../components/ui/button";
import type { RemoteState } from "../../../hooks/use-remote";
import { formatLongDate } from "../../../lib/format-date";
import { formatMoney } from "../../../lib/format-money";
import { usePortalConfig } from "../../../lib/portal-config";
import type { HandoffOrder } from "../hooks/use-payment-order";
import { PaymentFrame } from "./payment-frame";

export interface HandoffBack {
  /** Where the way back leads, and what it says. */
  to: string;
  label: string;
}

/**
 * The hand-off to the provider, as a hosted checkout shows it: a way back, the order as the
 * server recorded it (plan, period, amount) with a note on who handles the payment, and the
 * provider's page in its 700 px frame, beside the order on wide screens and below it on phones.
 * Going back leaves the order open (decision 0027 reuses it); it is cancelled only at expiry.
 */
export function PaymentHandoff({
  url,
  state,
  onRetry,
  back,
  takeFocus = false,
}: {
  url: string;
  state: RemoteState<HandoffOrder | null>;
  onRetry: () => void;
  back: HandoffBack;
  /** Shown in place of a form whose button had focus: bring the order into view and focus its heading. */
  takeFocus?: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!takeFocus) return;
    window.scrollTo({ top: 0 });
    heading.current?.focus({ preventScroll: true });
  }, [takeFocus]);
  return (
    <div>
      <ButtonLink to={back.to} variant="ghost" size="sm" className="-ml-3 mb-4">
        <ArrowLeft aria-hidden="true" className="size-4" />
        {back.label}
      </ButtonLink>
      <div className="grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)] lg:items-start">
        <section aria-labelledby="handoff-order-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="handoff-order-title" ref={heading} tabIndex={-1} className="text-sm font-semibold text-slate-600 outline-none">
            Your order
          </h2>
          {state.status === "loading" && (
            <p role="status" className="mt-3 text-sm text-slate-600">
              Loading your order...
            </p>
          )}
          {state.status === "error" && (
            <div role="alert" className="mt-3 text-sm text-slate-700">
              <p>Your order details did not load. The payment page still works.</p>
              <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
                Try Again
              </Button>
            </div>
          )}
          {state.status === "ready" && state.data && <OrderDetails order={state.data.order} />}
          {state.status === "ready" && !state.data && <p className="mt-3 text-sm text-slate-700">Pay the amount shown on the payment page.</p>}
          <SecureNote />
        </section>
        <div className="min-w-0">
          <PaymentFrame url={url} />
        </div>
      </div>
    </div>
  );
}

function OrderDetails({ order }: { order: PaymentOrder }) {
  return (
    <>
      <p className="mt-1 text-xl font-semibold text-slate-900">{order.plan_display_name}</p>
      <dl className="mt-3 space-y-2 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Billing period</dt>
          <dd className="text-right font-medium text-slate-900">{PERIOD_TERMS[order.period].label}</dd>
        </div>
        <div className="flex items-baseline justify-between gap-4 border-t border-slate-200 pt-3 text-base font-semibold text-slate-900">
          <dt>Total due</dt>
          <dd className="whitespace-nowrap">{`${formatMoney(order.amount, order.currency)} ${order.currency}`}</dd>
        </div>
      </dl>
      <p className="mt-1 text-xs break-all text-slate-500">Order {order.merchant_reference}</p>
      {order.status === "pending" && order.expires_at && (
        <p className="mt-4 text-sm text-slate-700">
          Going back does not cancel this order: it stays open until {formatLongDate(new Date(order.expires_at))}, and checking out the same plan and period again continues it.
        </p>
      )}
      {order.status !== "pending" && (
        <p role="status" className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {order.status === "completed" ? "This order is already paid." : "This order is closed and can no longer be paid. Start again from checkout."}
        </p>
      )}
    </>
  );
}

/** Who handles the payment: the provider's own page, never Sluice. */
function SecureNote() {
  const { product_name: productName } = usePortalConfig();
  return (
    <p className="mt-4 flex gap-2.5 border-t border-slate-200 pt-4 text-sm text-slate-700">
      <LockKeyhole aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-700" />
      <span>
        <span className="font-semibold text-slate-900">Secure payment.</span> Processed by our payment provider on its own encrypted page. {productName} never sees your card
        number or mobile-money PIN.
      </span>
    </p>
  );
}
