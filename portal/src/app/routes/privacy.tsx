import { ContentLayout } from "../../components/layouts/content-layout";
import { LegalDocument } from "../../features/legal/components/legal-document";
import { PRIVACY_SECTIONS } from "../../features/legal/lib/privacy-sections";

export function PrivacyRoute() {
  return (
    <ContentLayout
      title="Privacy Policy"
      eyebrow="Legal"
      width="prose"
      description="What personal data Sluice collects when you use the website, API and dashboard, why we collect it, how long we keep it, and the rights you have over it."
    >
      <LegalDocument sections={PRIVACY_SECTIONS} />
    </ContentLayout>
  );
}
