import { useState } from "react";
import { Link, Navigate } from "react-router-dom";
import { useAuth } from "../../../features/auth/auth-context";
import { AuthCard, TEXT_LINK_CLASS } from "../../../features/auth/components/auth-card";
import { ConfirmationSent } from "../../../features/auth/components/confirmation-sent";
import { OAuthButtons } from "../../../features/auth/components/oauth-buttons";
import { SignUpForm } from "../../../features/auth/components/sign-up-form";
import { homePathFor } from "../../../features/auth/lib/account";

export function SignUpRoute() {
  const { role } = useAuth();
  const [sentTo, setSentTo] = useState<string | null>(null);
  if (role) return <Navigate to={homePathFor(role)} replace />;

  if (sentTo !== null) {
    return (
      <AuthCard key="sent" title="Check your email" documentTitle="Check your email" focusTitle>
        <ConfirmationSent email={sentTo} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      key="form"
      title="Create your Sluice account"
      documentTitle="Sign up"
      description="Start on the Free plan: 1,000 requests and 10GB of data processing per month, no credit card required."
      footer={
        <p>
          Already have an account?{" "}
          <Link to="/signin" className={TEXT_LINK_CLASS}>
            Sign in
          </Link>
        </p>
      }
    >
      <SignUpForm onSignedUp={setSentTo} />
      <OAuthButtons />
    </AuthCard>
  );
}
