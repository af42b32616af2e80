import { ContentLayout } from "../../../components/layouts/content-layout";
import { useAuth } from "../../../features/auth/auth-context";

export function DashboardRoute() {
  const { user } = useAuth();
  const name = user?.full_name || user?.email.split("@")[0] || "there";
  return (
    <ContentLayout
      title={`Welcome back, ${name}`}
      documentTitle="Dashboard"
      eyebrow="Dashboard"
      description="Manage your API keys, watch your usage against your monthly quota, and handle your plan and billing."
    />
  );
}
