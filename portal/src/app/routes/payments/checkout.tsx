import { Navigate, useSearchParams } from "react-router-dom";
import { formatUsd } from "../../../../../core/plans";
import { ContentLayout } from "../../../components/layouts/content-layout";
import { Button, ButtonLink } from "../../../components/ui/button";
import { PageLoading } from "../../../components/ui/page-loading";
import { useAuth } from "../../../features/auth/auth-context";
import { CheckoutForm } from "../../../features/payments/components/checkout-form";
import { OrderSummary } from "../../../features/payments/components/order-summary";
import { usePlans } from "../../../features/payments/hooks/use-plans";
import { defaultBillingValues } from "../../../features/payments/lib/checkout-form";
import { findCheckoutPlan, parseCheckoutQuery } from "../../../features/payments/lib/checkout-query";
import { PAYMENT_MESSAGES } from "../../../features/payments/lib/payment-messages";

/** /checkout?plan=&tier=&period=&amount= (signed in): the server-priced order and the billing form. */
export function CheckoutRoute() {
  const [params] = useSearchParams();
  const query = parseCheckoutQuery(params);
  const { state, reload } = usePlans();
  const { user, profile } = useAuth();

  if (!query) return <Navigate to="/dashboard" replace />;

  const description = "Review your order, enter your billing details and pay by card or mobile money on our payment provider's secure page.";
  if (state.status === "loading") return <PageLoading />;
  if (state.status === "error") {
    return (
      <ContentLayout title="Checkout" width="prose" description={description}>
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 text-red-800">
          <p>{PAYMENT_MESSAGES.plansFailed}</p>
          <Button className="mt-4" variant="secondary" onClick={reload}>
            Try Again
          </Button>
        </div>
      </ContentLayout>
    );
  }

  const plan = findCheckoutPlan(state.data, query);
  if (!plan) {
    return (
      <ContentLayout title="Checkout" width="prose" description={description}>
        <div role="alert" className="rounded-xl border border-amber-200 bg-amber-50 p-5 text-amber-900">
          <p>This plan cannot be bought online. Choose a plan on the pricing page, or contact sales for Enterprise.</p>
          <div className="mt-4 flex flex-wrap gap-3">
            <ButtonLink to="/pricing" variant="secondary">
              View Pricing
            </ButtonLink>
            <ButtonLink to="/contact" variant="ghost">
              Contact Sales
            </ButtonLink>
          </div>
        </div>
      </ContentLayout>
    );
  }

  const priceChanged = query.shownMonthlyCents !== plan.monthly_price_cents;
  return (
    <ContentLayout title="Checkout" description={description}>
      {priceChanged && (
        <p role="status" className="mb-6 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          The price you saw ({formatUsd(query.shownMonthlyCents)} per month) is not the current price. You pay the current price, {formatUsd(plan.monthly_price_cents)} per
          month before any period discount, as shown in the order summary.
        </p>
      )}
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="lg:order-last">
          <OrderSummary plan={plan} period={query.period} />
        </div>
        <div className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <CheckoutForm plan={plan} period={query.period} initialValues={defaultBillingValues({ email: user?.email, fullName: profile?.full_name })} />
        </div>
      </div>
    </ContentLayout>
  );
}
