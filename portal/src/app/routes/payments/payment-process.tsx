import { ContentLayout } from "../../../components/layouts/content-layout";

export function PaymentProcessRoute() {
  return (
    <ContentLayout
      title="Complete your payment"
      documentTitle="Payment"
      width="prose"
      description="Your payment provider's secure page opens here so you can finish paying without leaving Sluice."
    />
  );
}
