import { RotateCcw } from "lucide-react";
import { useId, useState } from "react";
import { useSearchParams } from "react-router-dom";
import type { CheckoutIntent, CheckoutQuote, CheckoutResponse } from "../../../../../core/contracts/checkout";
import { Button } from "../../../components/ui/button";
import { usePortalConfig } from "../../../lib/portal-config";
import { useCheckoutOrder } from "../hooks/use-checkout-order";
import { defaultBillingValues, type CheckoutAccount, type PaymentMethod } from "../lib/checkout-form";
import { parseCheckoutQuery, type CheckoutQuery } from "../lib/checkout-query";
import { checkPaymentUrl, withChosenMethod } from "../lib/payment-url";
import { PAYMENT_MESSAGES } from "../lib/payment-messages";
import { CheckoutForm } from "./checkout-form";
import { CheckoutNotice } from "./checkout-notices";
import { OrderSummary } from "./order-summary";
import { usePaymentOrder } from "../hooks/use-payment-order";
import { PaymentHandoff } from "./payment-handoff";

/**
 * The dashboard's checkout section (SPEC: opened by plan, tier, period and amount; renewal
 * e-mails link here): the order summary and the billing form (SPEC requires an address, which
 * the account does not have), then the provider's page in a 700 px frame, or a failure with
 * "Retry Payment". Opening the section places no order; paying does, and then the order as the
 * server recorded it shows beside the provider's page.
 */
export function DashboardCheckoutSection({ account }: { account: CheckoutAccount }) {
  const [params] = useSearchParams();
  const query = parseCheckoutQuery(params);
  if (!query) return <CheckoutNotice order={{ status: "unsold" }} onRetry={() => undefined} />;
  return <DashboardCheckout query={query} account={account} />;
}

function DashboardCheckout({ query, account }: { query: CheckoutQuery; account: CheckoutAccount }) {
  const { order, reload } = useCheckoutOrder(query);
  const [placed, setPlaced] = useState<{ url: string; orderTrackingId: string } | null>(null);
  if (placed) return <DashboardHandoff url={placed.url} orderTrackingId={placed.orderTrackingId} />;
  if (order.status === "loading") return <StartingPayment />;
  if (order.status !== "ready") return <CheckoutNotice order={order} onRetry={reload} />;
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="lg:order-last">
        <OrderSummary plan={order.plan} period={query.period} quote={order.quote} />
      </div>
      <div className="min-w-0">
        <PaymentStep quote={order.quote} intent={query.intent} account={account} onOpen={setPlaced} />
      </div>
    </div>
  );
}

/** The billing form, then the provider's page in the frame; a refusal shows above the form with "Retry Payment". */
function PaymentStep({
  quote,
  intent,
  account,
  onOpen,
}: {
  quote: CheckoutQuote;
  intent: CheckoutIntent | undefined;
  account: CheckoutAccount;
  onOpen: (placed: { url: string; orderTrackingId: string }) => void;
}) {
  const { payment_page_locations: locations } = usePortalConfig();
  const [failure, setFailure] = useState<string | null>(null);
  const formId = useId();

  function open(order: CheckoutResponse, method: PaymentMethod) {
    const check = checkPaymentUrl(order.redirect_url, locations);
    if (!check.ok) return setFailure(check.message);
    setFailure(null);
    onOpen({ url: withChosenMethod(check.url, method), orderTrackingId: order.order_tracking_id });
  }

  return (
    <div className="space-y-6">
      {failure && (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 text-red-800">
          <p className="font-semibold">{PAYMENT_MESSAGES.failedTitle}</p>
          <p className="mt-1 text-sm">{failure}</p>
          <Button type="submit" form={formId} className="mt-4" variant="secondary">
            <RotateCcw aria-hidden className="size-4" />
            Retry Payment
          </Button>
        </div>
      )}
      <CheckoutForm id={formId} quote={quote} intent={intent} initialValues={defaultBillingValues(account)} onPlaced={open} onFailure={setFailure} />
    </div>
  );
}

/** The provider's page with the server's record of the order; the way back is the billing section, the order stays open. */
function DashboardHandoff({ url, orderTrackingId }: { url: string; orderTrackingId: string }) {
  const { state, retry } = usePaymentOrder(orderTrackingId);
  return <PaymentHandoff url={url} state={state} onRetry={retry} back={{ to: "/dashboard?section=billing", label: "Back to Billing & Credits" }} takeFocus />;
}

function StartingPayment() {
  return (
    <div role="status" className="flex h-40 items-center justify-center rounded-xl border border-slate-200 bg-white text-sm text-slate-600">
      Preparing your secure payment page...
    </div>
  );
}
