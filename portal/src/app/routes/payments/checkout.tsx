import { ContentLayout } from "../../../components/layouts/content-layout";

export function CheckoutRoute() {
  return (
    <ContentLayout
      title="Checkout"
      width="prose"
      description="Review your order summary and pay for your plan by card or mobile money on our payment provider's secure page."
    />
  );
}
