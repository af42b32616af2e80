import { RotateCcw } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router-dom";
import type { CheckoutIntent, CheckoutQuote } from "../../../../../core/contracts/checkout";
import { Button } from "../../../components/ui/button";
import { usePortalConfig } from "../../../lib/portal-config";
import { startCheckout } from "../api/payments-api";
import { useCheckoutOrder } from "../hooks/use-checkout-order";
import { accountBillingDetails, type CheckoutAccount } from "../lib/checkout-form";
import { parseCheckoutQuery, type CheckoutQuery } from "../lib/checkout-query";
import { checkPaymentUrl } from "../lib/payment-url";
import { PAYMENT_MESSAGES, checkoutFailureMessage } from "../lib/payment-messages";
import { CheckoutNotice } from "./checkout-notices";
import { OrderSummary } from "./order-summary";
import { PaymentFrame } from "./payment-frame";

type Payment = { status: "starting" } | { status: "frame"; url: string } | { status: "failed"; message: string };

/**
 * The dashboard's checkout section (SPEC: opened by plan, tier, period and amount; renewal
 * e-mails link here): the order summary and, once the order is placed with the account's own
 * details, the provider's page in a 700 px frame, or a failure with "Retry Payment".
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

function PaymentStep({ quote, intent, account }: { quote: CheckoutQuote; intent: CheckoutIntent | undefined; account: CheckoutAccount }) {
  const payment = usePlacedOrder(quote, intent, account);
  if (payment.state.status === "starting") return <StartingPayment />;
  if (payment.state.status === "frame") return <PaymentFrame url={payment.state.url} />;
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 text-red-800">
      <p className="font-semibold">{PAYMENT_MESSAGES.failedTitle}</p>
      <p className="mt-1 text-sm">{payment.state.message}</p>
      <Button className="mt-4" variant="secondary" onClick={payment.retry}>
        <RotateCcw aria-hidden className="size-4" />
        Retry Payment
      </Button>
    </div>
  );
}

/** Places the order once per attempt (React's development double effects must not pay twice) and checks the page it returns. */
function usePlacedOrder(quote: CheckoutQuote, intent: CheckoutIntent | undefined, account: CheckoutAccount) {
  const { payment_page_locations: locations } = usePortalConfig();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Payment>({ status: "starting" });
  const placed = useRef<number | null>(null);
  const { email, fullName } = account;

  useEffect(() => {
    if (placed.current === attempt || !email) return;
    placed.current = attempt;
    setState({ status: "starting" });
    startCheckout({ plan: quote.plan, period: quote.period, amount: quote.total_cents, billing: accountBillingDetails({ email, fullName }), ...(intent ? { intent } : {}) }).then(
      (order) => {
        const check = checkPaymentUrl(order.redirect_url, locations);
        setState(check.ok ? { status: "frame", url: check.url } : { status: "failed", message: check.message });
      },
      (error: unknown) => setState({ status: "failed", message: checkoutFailureMessage(error) }),
    );
  }, [attempt, email, fullName, quote, intent, locations]);

  return { state, retry: () => setAttempt((value) => value + 1) };
}

function StartingPayment() {
  return (
    <div role="status" className="flex h-40 items-center justify-center rounded-xl border border-slate-200 bg-white text-sm text-slate-600">
      Preparing your secure payment page...
    </div>
  );
}
