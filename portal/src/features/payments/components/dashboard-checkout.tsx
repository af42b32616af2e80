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
import { PaymentFrame } from "./payment-frame";

/**
 * The dashboard's checkout section (SPEC: opened by plan, tier, period and amount; renewal
 * e-mails link here): the order summary and the billing form (SPEC requires an address, which
 * the account does not have), then the provider's page in a 700 px frame, or a failure with
 * "Retry Payment". Opening the section places no order; paying does.
 */
export function DashboardCheckoutSection({ account }: { account: CheckoutAccount }) {
  const [params] = useSearchParams();
  const query = parseCheckoutQuery(params);
  if (!query) return <CheckoutNotice order={{ status: "unsold" }} onRetry={() => undefined} />;
  return <DashboardCheckout query={query} account={account} />;
}

function DashboardCheckout({ query, account }: { query: CheckoutQuery; account: CheckoutAccount }) {
  const { order, reload } = useCheckoutOrder(query);
  if (order.status === "loading") return <StartingPayment />;
  if (order.status !== "ready") return <CheckoutNotice order={order} onRetry={reload} />;
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="lg:order-last">
        <OrderSummary plan={order.plan} period={query.period} quote={order.quote} />
      </div>
      <div className="min-w-0">
        <PaymentStep quote={order.quote} intent={query.intent} account={account} />
      </div>
    </div>
  );
}

/** The billing form, then the provider's page in the frame; a refusal shows above the form with "Retry Payment". */
function PaymentStep({ quote, intent, account }: { quote: CheckoutQuote; intent: CheckoutIntent | undefined; account: CheckoutAccount }) {
  const { payment_page_locations: locations } = usePortalConfig();
  const [frameUrl, setFrameUrl] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const formId = useId();
  if (frameUrl) return <PaymentFrame url={frameUrl} />;

  function open(order: CheckoutResponse, method: PaymentMethod) {
    const check = checkPaymentUrl(order.redirect_url, locations);
    if (!check.ok) return setFailure(check.message);
    setFailure(null);
    setFrameUrl(withChosenMethod(check.url, method));
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

function StartingPayment() {
  return (
    <div role="status" className="flex h-40 items-center justify-center rounded-xl border border-slate-200 bg-white text-sm text-slate-600">
      Preparing your secure payment page...
    </div>
  );
}
