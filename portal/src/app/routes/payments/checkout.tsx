import { Navigate, useNavigate, useSearchParams } from "react-router-dom";
import { formatUsd } from "../../../../../core/plans";
import { ContentLayout } from "../../../components/layouts/content-layout";
import { PageLoading } from "../../../components/ui/page-loading";
import { useAuth } from "../../../features/auth/auth-context";
import { CheckoutForm } from "../../../features/payments/components/checkout-form";
import { CheckoutNotice } from "../../../features/payments/components/checkout-notices";
import { OrderSummary } from "../../../features/payments/components/order-summary";
import { useCheckoutOrder } from "../../../features/payments/hooks/use-checkout-order";
import { defaultBillingValues } from "../../../features/payments/lib/checkout-form";
import { parseCheckoutQuery, type CheckoutQuery } from "../../../features/payments/lib/checkout-query";

const DESCRIPTION = "Review your order, enter your billing details and pay by card or mobile money on our payment provider's secure page.";

/** /checkout?plan=&tier=&period=&amount=[&intent=] (signed in): the server-priced order and the billing form. */
export function CheckoutRoute() {
  const [params] = useSearchParams();
  const query = parseCheckoutQuery(params);
  if (!query) return <Navigate to="/dashboard" replace />;
  return <Checkout query={query} />;
}

function Checkout({ query }: { query: CheckoutQuery }) {
  const { order, reload } = useCheckoutOrder(query);
  const { user, profile } = useAuth();
  const navigate = useNavigate();

  if (order.status === "loading") return <PageLoading />;
  if (order.status !== "ready") {
    return (
      <ContentLayout title="Checkout" width="prose" description={DESCRIPTION}>
        <CheckoutNotice order={order} onRetry={reload} />
      </ContentLayout>
    );
  }

  const { plan, quote } = order;
  const current = `${formatUsd(plan.monthly_price_cents)} per month before any period discount, as shown in the order summary`;
  const notice =
    query.shownMonthlyCents === null
      ? `The amount in this link is not a price (a number of dollars such as 12.50). You pay the current price, ${current}.`
      : query.shownMonthlyCents !== plan.monthly_price_cents
        ? `The price you saw (${formatUsd(query.shownMonthlyCents)} per month) is not the current price. You pay the current price, ${current}.`
        : null;
  return (
    <ContentLayout title="Checkout" description={DESCRIPTION}>
      {notice && (
        <p role="status" className="mb-6 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          {notice}
        </p>
      )}
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="lg:order-last">
          <OrderSummary plan={plan} period={query.period} quote={quote} />
        </div>
        <div className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <CheckoutForm
            quote={quote}
            intent={query.intent}
            initialValues={defaultBillingValues({ email: user?.email, fullName: profile?.full_name })}
            onPlaced={(placed, method) => navigate(`/payment-process?${new URLSearchParams({ url: placed.redirect_url, order_id: placed.order_tracking_id, method }).toString()}`)}
          />
        </div>
      </div>
    </ContentLayout>
  );
}
