import { useSearchParams } from "react-router-dom";
import { ContentLayout } from "../../../components/layouts/content-layout";
import { ButtonLink } from "../../../components/ui/button";
import { PaymentHandoff } from "../../../features/payments/components/payment-handoff";
import { usePaymentOrder } from "../../../features/payments/hooks/use-payment-order";
import { checkPaymentUrl, withChosenMethod } from "../../../features/payments/lib/payment-url";
import { RETRY_WITHOUT_ORDER } from "../../../features/payments/lib/retry-checkout";
import { usePortalConfig } from "../../../lib/portal-config";

/**
 * /payment-process?url=&order_id=: the provider's page, embedded only when it is where the
 * gateway says the provider serves it, with the server's record of the order beside it and a
 * way back to checkout for the same plan and period (SPEC: Back goes to /checkout).
 */
export function PaymentProcessRoute() {
  const [params] = useSearchParams();
  const { payment_page_locations: locations } = usePortalConfig();
  const check = checkPaymentUrl(params.get("url"), locations);
  const orderId = params.get("order_id");
  const { state, retry } = usePaymentOrder(check.ok ? orderId : null);
  const backTo = state.status === "ready" && state.data ? state.data.checkoutHref : RETRY_WITHOUT_ORDER;

  return (
    <ContentLayout
      title="Complete your payment"
      documentTitle="Payment"
      description="Pay on our payment provider's secure page. When you finish, you come back to Sluice automatically."
    >
      {check.ok ? (
        <PaymentHandoff url={withChosenMethod(check.url, params.get("method"))} state={state} onRetry={retry} back={{ to: backTo, label: "Back to checkout" }} />
      ) : (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 text-red-800">
          <p className="font-semibold">{check.message}</p>
          <p className="mt-1 text-sm">Start the payment again from checkout.</p>
          <ButtonLink to="/pricing" variant="secondary" className="mt-4">
            Back to Pricing
          </ButtonLink>
        </div>
      )}
    </ContentLayout>
  );
}
