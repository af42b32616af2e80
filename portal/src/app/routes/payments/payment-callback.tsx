import { ContentLayout } from "../../../components/layouts/content-layout";

export function PaymentCallbackRoute() {
  return (
    <ContentLayout
      title="Payment status"
      width="prose"
      description="We confirm the result of your payment with the provider, then take you back to your dashboard."
    />
  );
}
