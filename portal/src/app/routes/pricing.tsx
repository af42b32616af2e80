import { PERIOD_TERMS } from "../../../../core/plans";
import { ContentLayout } from "../../components/layouts/content-layout";
import { useAuth } from "../../features/auth/auth-context";
import { PricingFaq } from "../../features/pricing/components/pricing-faq";
import { PricingPlans } from "../../features/pricing/components/pricing-plans";

export function PricingRoute() {
  const { user } = useAuth();
  return (
    <ContentLayout
      title="Simple, usage-based pricing"
      documentTitle="Pricing"
      eyebrow="Pricing"
      description={`Pick a monthly request volume and a billing period. Save ${PERIOD_TERMS.yearly.discountPercent}% when billed yearly and ${PERIOD_TERMS.threeYears.discountPercent}% when billed every three years.`}
    >
      <PricingPlans signedIn={user !== null} />
      <PricingFaq />
    </ContentLayout>
  );
}
