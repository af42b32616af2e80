import { Button, ButtonLink } from "../../../components/ui/button";
import type { CheckoutOrderState } from "../hooks/use-checkout-order";
import { PAYMENT_MESSAGES } from "../lib/payment-messages";

/** Why a checkout cannot go ahead: the catalogue did not load, the plan is not sold online, or the server refuses this customer. */
export function CheckoutNotice({ order, onRetry }: { order: Exclude<CheckoutOrderState, { status: "loading" } | { status: "ready" }>; onRetry: () => void }) {
  switch (order.status) {
    case "error":
      return (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 text-red-800">
          <p>{PAYMENT_MESSAGES.plansFailed}</p>
          <Button className="mt-4" variant="secondary" onClick={onRetry}>
            Try Again
          </Button>
        </div>
      );
    case "unsold":
      return (
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
      );
    case "refused":
      return (
        <div role="alert" className="rounded-xl border border-amber-200 bg-amber-50 p-5 text-amber-900">
          <p>{order.message}</p>
          <div className="mt-4 flex flex-wrap gap-3">
            <ButtonLink to="/dashboard?section=billing" variant="secondary">
              Back to Billing
            </ButtonLink>
            <ButtonLink to="/contact" variant="ghost">
              Contact Support
            </ButtonLink>
          </div>
        </div>
      );
  }
}
