import { Link, Navigate, useSearchParams } from "react-router-dom";
import { useAuth } from "../../../features/auth/auth-context";
import { AuthCard, TEXT_LINK_CLASS } from "../../../features/auth/components/auth-card";
import { OAuthButtons } from "../../../features/auth/components/oauth-buttons";
import { SignInForm } from "../../../features/auth/components/sign-in-form";
import { homePathFor } from "../../../features/auth/lib/account";
import { RETURN_PARAM, safeReturnPath } from "../../../../../core/contracts/return-path";

export function SignInRoute() {
  const { role } = useAuth();
  const [params] = useSearchParams();
  // Signed in (already, or just now): back to the page that sent here, else the role's dashboard.
  if (role) return <Navigate to={safeReturnPath(params.get(RETURN_PARAM)) ?? homePathFor(role)} replace />;

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
