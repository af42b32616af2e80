import { ContentLayout } from "../../../components/layouts/content-layout";
import { useAuth } from "../../../features/auth/auth-context";
import { displayNameOf } from "../../../features/auth/lib/account";

export function AdminDashboardRoute() {
  const { user, profile } = useAuth();
  const name = user ? displayNameOf(profile, user.email) : "there";
  return (
    <ContentLayout
      title={`Welcome, ${name}`}
      documentTitle="Admin"
      eyebrow="Administrator dashboard"
      description="Users, packages, API usage and payments across the platform: reconcile pending payments, assign plans and record usage."
    />
  );
}
