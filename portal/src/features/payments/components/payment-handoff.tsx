import { ArrowLeft, LockKeyhole } from "lucide-react";
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
export function PaymentHandoff({ url, state, onRetry, back }: { url: string; state: RemoteState<HandoffOrder | null>; onRetry: () => void; back: HandoffBack }) {
  return (
    <div>
      <ButtonLink to={back.to} variant="ghost" size="sm" className="-ml-3 mb-4">
        <ArrowLeft aria-hidden="true" className="size-4" />
        {back.label}
      </ButtonLink>
      <div className="grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)] lg:items-start">
        <div className="space-y-4">
          <section aria-labelledby="handoff-order-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <h2 id="handoff-order-title" className="text-sm font-semibold text-slate-600">
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
          </section>
          <SecureNote />
        </div>
        <div className="min-w-0">
          <PaymentFrame url={url} />
        </div>
      </div>
    </div>
  );
}

function OrderDetails({ order }: { order: PaymentOrder }) {
  const amount = `${formatMoney(order.amount, order.currency)} ${order.currency}`;
  return (
    <>
      <p className="mt-2 text-xl font-semibold text-slate-900">{order.plan_display_name}</p>
      <dl className="mt-4 space-y-2 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Billing period</dt>
          <dd className="text-right font-medium text-slate-900">{PERIOD_TERMS[order.period].label}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Reference</dt>
          <dd className="min-w-0 text-right font-mono text-xs break-all text-slate-900">{order.merchant_reference}</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-3 text-base font-semibold text-slate-900">
          <dt>Total due</dt>
          <dd className="whitespace-nowrap">{amount}</dd>
        </div>
      </dl>
      {order.status === "pending" && order.expires_at && (
        <p className="mt-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          Going back does not cancel this order. It stays open until {formatLongDate(new Date(order.expires_at))}, and checking out the same plan and period again continues
          it.
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

function SecureNote() {
  const { product_name: productName } = usePortalConfig();
  return (
    <div className="flex gap-3 rounded-2xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900">
      <LockKeyhole aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>
        <span className="font-semibold">Secure payment.</span> Payments are processed by our payment provider on its own encrypted page. {productName} never sees your card
        number or mobile-money PIN.
      </p>
    </div>
  );
}
