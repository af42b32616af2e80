import { ContentLayout } from "../../components/layouts/content-layout";
import { formatLongDate } from "../../lib/format-date";

export function PrivacyRoute() {
  return (
    <ContentLayout
      title="Privacy Policy"
      eyebrow="Legal"
      width="prose"
      description="What personal data Sluice collects when you use the website, API and dashboard, why we collect it, how long we keep it, and the rights you have over it."
    >
      <p className="text-sm text-slate-600">Last updated: {formatLongDate(new Date())}</p>
    </ContentLayout>
  );
}
