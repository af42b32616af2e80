import { ContentLayout } from "../../components/layouts/content-layout";
import { formatLongDate } from "../../lib/format-date";

export function TermsRoute() {
  return (
    <ContentLayout
      title="Terms of Service"
      eyebrow="Legal"
      width="prose"
      description="The terms that govern your use of the Sluice website, API and dashboard, including acceptable use, billing, and how we notify you of changes."
    >
      <p className="text-sm text-slate-600">Last updated: {formatLongDate(new Date())}</p>
    </ContentLayout>
  );
}
