import { useEffect } from "react";
import { useSearchParams } from "react-router-dom";
import { toast } from "sonner";
import { ContentLayout } from "../../../components/layouts/content-layout";
import { ButtonLink } from "../../../components/ui/button";
import { RequireAuth } from "../../../features/auth/require-auth";
import { PaymentStatusCard } from "../../../features/payments/components/payment-status-card";
import { usePaymentVerification } from "../../../features/payments/hooks/use-payment-verification";
import { PAYMENT_MESSAGES } from "../../../features/payments/lib/payment-messages";

/** /payment-success?OrderTrackingId=&OrderMerchantReference=: verifying, then success or "Payment Issue". */
export function PaymentSuccessRoute() {
  return (
    <RequireAuth>
      <PaymentSuccess />
    </RequireAuth>
  );
}

function PaymentSuccess() {
  const [params] = useSearchParams();
  const state = usePaymentVerification({ orderTrackingId: params.get("OrderTrackingId"), merchantReference: params.get("OrderMerchantReference") });
  const outcome = state.status === "verifying" ? "verifying" : state.status === "verified" && state.verification.status === "completed" ? "success" : "issue";
  const stillPending = state.status === "verified" && state.verification.status === "pending";

  useEffect(() => {
    if (outcome !== "issue") return;
    if (stillPending) toast.info(PAYMENT_MESSAGES.stillProcessingTitle, { id: "payment-success", description: PAYMENT_MESSAGES.stillProcessing });
    else toast.error(PAYMENT_MESSAGES.verificationFailedTitle, { id: "payment-success", description: PAYMENT_MESSAGES.verificationFailed });
  }, [outcome, stillPending]);

  return (
    <ContentLayout title="Payment confirmation" width="prose" description="We verify your payment and activate your subscription as soon as it is confirmed.">
      {outcome === "verifying" && <PaymentStatusCard tone="processing" title="Verifying your payment" message="This takes a few seconds..." />}
      {outcome === "success" && (
        <PaymentStatusCard
          tone="success"
          title="Payment successful"
          message={
            <ul className="mx-auto inline-block space-y-1 text-left">
              <li>✓ Subscription activated</li>
              <li>✓ Payment confirmed</li>
              <li>✓ Account upgraded</li>
            </ul>
          }
        >
          <ButtonLink to="/dashboard?section=billing">Go to Billing</ButtonLink>
        </PaymentStatusCard>
      )}
      {outcome === "issue" && (
        <PaymentStatusCard tone="failed" title="Payment Issue" message={stillPending ? PAYMENT_MESSAGES.stillProcessing : PAYMENT_MESSAGES.verificationFailed}>
          <ButtonLink to="/contact">Contact Support</ButtonLink>
          <ButtonLink to="/dashboard" variant="secondary">
            Go to Dashboard
          </ButtonLink>
        </PaymentStatusCard>
      )}
    </ContentLayout>
  );
}
