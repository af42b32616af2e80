import { Link, Navigate } from "react-router-dom";
import { useAuth } from "../../../features/auth/auth-context";
import { AuthCard, TEXT_LINK_CLASS } from "../../../features/auth/components/auth-card";
import { OAuthButtons } from "../../../features/auth/components/oauth-buttons";
import { SignInForm } from "../../../features/auth/components/sign-in-form";
import { homePathFor } from "../../../features/auth/lib/account";

export function SignInRoute() {
  const { role } = useAuth();
  // Signed in (already, or just now): on to the dashboard that fits the role.
  if (role) return <Navigate to={homePathFor(role)} replace />;

  return (
    <AuthCard
      title="Sign in to Sluice"
      documentTitle="Sign in"
      description="Reach your dashboard, API keys, usage and billing."
      footer={
        <p>
          New to Sluice?{" "}
          <Link to="/signup" className={TEXT_LINK_CLASS}>
            Create an account
          </Link>
        </p>
      }
    >
      <SignInForm />
      <OAuthButtons />
    </AuthCard>
  );
}
