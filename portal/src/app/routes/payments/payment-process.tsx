import { ArrowLeft } from "lucide-react";
import { useSearchParams } from "react-router-dom";
import { ContentLayout } from "../../../components/layouts/content-layout";
import { ButtonLink } from "../../../components/ui/button";
import { PaymentFrame } from "../../../features/payments/components/payment-frame";
import { checkPaymentUrl, withChosenMethod } from "../../../features/payments/lib/payment-url";
import { usePortalConfig } from "../../../lib/portal-config";

/** /payment-process?url=&order_id=: the provider's page, embedded only when it is where the gateway says the provider serves it. */
export function PaymentProcessRoute() {
  const [params] = useSearchParams();
  const { payment_page_locations: locations } = usePortalConfig();
  const check = checkPaymentUrl(params.get("url"), locations);
  const orderId = params.get("order_id");

  return (
    <ContentLayout
      title="Complete your payment"
      documentTitle="Payment"
      description="Pay on our payment provider's secure page below. When you finish, you come back to Sluice automatically."
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <ButtonLink to="/checkout" variant="ghost" size="sm" onClick={(event) => {
          // Back to the order this payment belongs to, when the browser still has it.
          if (window.history.length > 1) {
            event.preventDefault();
            window.history.back();
          }
        }}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back
        </ButtonLink>
        {orderId && <p className="min-w-0 text-sm break-all text-slate-600">Order {orderId}</p>}
      </div>
      {check.ok ? (
        <PaymentFrame url={withChosenMethod(check.url, params.get("method"))} />
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
