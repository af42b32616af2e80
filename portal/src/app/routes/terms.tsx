import { ContentLayout } from "../../components/layouts/content-layout";
import { LegalDocument } from "../../features/legal/components/legal-document";
import { TERMS_SECTIONS } from "../../features/legal/lib/terms-sections";

export function TermsRoute() {
  return (
    <ContentLayout
      title="Terms of Service"
      eyebrow="Legal"
      width="prose"
      description="The terms that govern your use of the Sluice website, API and dashboard, including acceptable use, billing, and how we notify you of changes."
    >
      <LegalDocument sections={TERMS_SECTIONS} />
    </ContentLayout>
  );
}
