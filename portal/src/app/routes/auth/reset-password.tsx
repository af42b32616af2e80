import { useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { ButtonLink } from "../../../components/ui/button";
import { AuthCard, TEXT_LINK_CLASS } from "../../../features/auth/components/auth-card";
import { ResetPasswordForm } from "../../../features/auth/components/reset-password-form";
import { INVALID_LINK_MESSAGE } from "../../../features/auth/lib/auth-messages";

/** Target of the reset e-mail's link, /reset-password?token=... (the spec does not show this screen). */
export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const [invalidLink, setInvalidLink] = useState<string | null>(token ? null : INVALID_LINK_MESSAGE);

  if (invalidLink !== null) {
    return (
      <AuthCard key="invalid" title="Reset link not valid" documentTitle="Reset password" focusTitle={Boolean(token)}>
        <div className="space-y-6">
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
            {invalidLink}
          </p>
          <ButtonLink to="/forgot-password" className="w-full">
            Request a new link
          </ButtonLink>
          <p className="text-center text-sm text-slate-600">
            <Link to="/signin" className={TEXT_LINK_CLASS}>
              Back to Sign In
            </Link>
          </p>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      key="form"
      title="Choose a new password"
      documentTitle="Reset password"
      description="Your new password replaces the old one and signs you out on every device."
      footer={
        <p>
          <Link to="/signin" className={TEXT_LINK_CLASS}>
            Back to Sign In
          </Link>
        </p>
      }
    >
      <ResetPasswordForm token={token} onInvalidLink={setInvalidLink} />
    </AuthCard>
  );
}
