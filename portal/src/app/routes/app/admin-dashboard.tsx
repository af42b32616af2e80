import { ContentLayout } from "../../../components/layouts/content-layout";

export function AdminDashboardRoute() {
  return (
    <ContentLayout
      title="Administrator dashboard"
      documentTitle="Admin"
      eyebrow="Admin"
      description="Users, packages, API usage and payments across the platform: reconcile pending payments, assign plans and record usage."
    />
  );
}
