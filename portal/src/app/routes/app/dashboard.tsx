import { ContentLayout } from "../../../components/layouts/content-layout";
import { useAuth } from "../../../features/auth/auth-context";
import { displayNameOf } from "../../../features/auth/lib/account";

export function DashboardRoute() {
  const { user, profile } = useAuth();
  const name = user ? displayNameOf(profile, user.email) : "there";
  return (
    <ContentLayout
      title={`Welcome, ${name}`}
      documentTitle="Dashboard"
      eyebrow="Dashboard"
      description="Manage your API keys, watch your usage against your monthly quota, and handle your plan and billing."
    />
  );
}
