import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { ContentLayout } from "../../../components/layouts/content-layout";
import { ButtonLink } from "../../../components/ui/button";
import { PageLoading } from "../../../components/ui/page-loading";
import { RequireAuth } from "../../../features/auth/require-auth";
import { PaymentStatusCard, type PaymentCardTone } from "../../../features/payments/components/payment-status-card";
import { usePaymentVerification } from "../../../features/payments/hooks/use-payment-verification";
import { PAYMENT_MESSAGES, callbackOutcome, type CallbackOutcome } from "../../../features/payments/lib/payment-messages";
import { retryCheckoutHref } from "../../../features/payments/lib/retry-checkout";
import { usePlans } from "../../../hooks/use-plans";

/** SPEC section 9: the callback waits 2 s, and redirects 2 s after a success. */
const CALLBACK_WAIT_MS = 2_000;
const REDIRECT_DELAY_MS = 2_000;
const SUCCESS_TARGET = "/dashboard?success=true&payment_completed=true";

const TITLES: Record<CallbackOutcome, string> = { completed: "Payment successful", cancelled: "Payment cancelled", failed: "Payment not completed" };
const TONES: Record<CallbackOutcome, PaymentCardTone> = { completed: "success", cancelled: "cancelled", failed: "failed" };

/** The provider returns here inside the payment frame; the page then replaces the whole window. */
function isFramed(): boolean {
  try {
    return window.top !== window.self;
  } catch {
    return true;
  }
}

/** /payment-callback?OrderTrackingId=&OrderMerchantReference=[&status=cancelled]: the server verifies, the page reports. */
export function PaymentCallbackRoute() {
  const [framed] = useState(isFramed);
  useEffect(() => {
    if (framed && window.top) window.top.location.replace(window.location.href);
  }, [framed]);
  if (framed) return <PageLoading />;
  return (
    <RequireAuth>
      <PaymentCallback />
    </RequireAuth>
  );
}

function PaymentCallback() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const cancelledByQuery = params.get("status") === "cancelled";
  const state = usePaymentVerification(
    { orderTrackingId: params.get("OrderTrackingId"), merchantReference: params.get("OrderMerchantReference") },
    { minimumWaitMs: CALLBACK_WAIT_MS, pendingRetries: 3 },
  );
  const plans = usePlans().state;
  const tryAgain = retryCheckoutHref(state.status === "verified" ? state.verification : null, plans.status === "ready" ? plans.data : null);

  let result: { outcome: CallbackOutcome; message: string } | null = null;
  if (state.status === "verified") {
    result = callbackOutcome(state.verification.status);
    if (cancelledByQuery && result.outcome !== "completed") result = callbackOutcome("cancelled");
  } else if (state.status === "missing") {
    result = cancelledByQuery ? callbackOutcome("cancelled") : { outcome: "failed", message: PAYMENT_MESSAGES.unverifiable };
  } else if (state.status === "error") {
    result = cancelledByQuery ? callbackOutcome("cancelled") : { outcome: "failed", message: PAYMENT_MESSAGES.verifyError };
  }

  const completed = result?.outcome === "completed";
  useEffect(() => {
    if (!completed) return;
    const timer = setTimeout(() => void navigate(SUCCESS_TARGET, { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [completed, navigate]);

  return (
    <ContentLayout title="Payment status" width="prose" description="We confirm the result of your payment with the provider, then take you back to your dashboard.">
      {result === null ? (
        <PaymentStatusCard tone="processing" title="Processing your payment" message="Please wait while we confirm your payment with the provider..." />
      ) : (
        <PaymentStatusCard
          tone={TONES[result.outcome]}
          title={TITLES[result.outcome]}
          message={
            <>
              <p>{result.message}</p>
              {completed && <p className="mt-1 text-sm">Taking you to your dashboard...</p>}
            </>
          }
        >
          {completed ? (
            <ButtonLink to={SUCCESS_TARGET} replace>
              Continue to Dashboard
            </ButtonLink>
          ) : (
            <>
              <ButtonLink to={tryAgain}>Try Again</ButtonLink>
              <ButtonLink to="/contact" variant="secondary">
                Contact Support
              </ButtonLink>
              <ButtonLink to="/dashboard" variant="ghost">
                Continue to Dashboard
              </ButtonLink>
            </>
          )}
        </PaymentStatusCard>
      )}
    </ContentLayout>
  );
}
