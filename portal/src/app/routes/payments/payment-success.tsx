import { ContentLayout } from "../../../components/layouts/content-layout";

export function PaymentSuccessRoute() {
  return (
    <ContentLayout
      title="Payment confirmation"
      width="prose"
      description="We verify your payment and activate your subscription; your new plan applies as soon as the payment is confirmed."
    />
  );
}
