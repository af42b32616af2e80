import { MailCheck } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { Button, ButtonLink } from "../../../components/ui/button";
import { AuthCard, TEXT_LINK_CLASS } from "../../../features/auth/components/auth-card";
import { ForgotPasswordForm, type ResetRequested } from "../../../features/auth/components/forgot-password-form";

/** SPEC: Forgot password, states "form" then "sent". */
export function ForgotPasswordRoute() {
  const [sent, setSent] = useState<ResetRequested | null>(null);

  if (sent) {
    return (
      <AuthCard key="sent" title="Check Your Email" documentTitle="Check your email" focusTitle>
        <div className="space-y-6">
          <div className="flex items-start gap-3 rounded-lg bg-brand-50 p-4 text-slate-800">
            <MailCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
            <div>
              <p>{sent.message}</p>
              <p className="mt-2">
                Check the inbox of <strong className="wrap-anywhere text-slate-900">{sent.email}</strong>. The link works once and
                expires after one hour.
              </p>
            </div>
          </div>
          <div className="flex flex-col gap-3">
            <Button variant="secondary" className="w-full" onClick={() => setSent(null)}>
              Try Different Email
            </Button>
            <ButtonLink to="/signin" className="w-full">
              Back to Sign In
            </ButtonLink>
          </div>
          <p className="text-center text-sm text-slate-600">
            No account yet?{" "}
            <Link to="/signup" className={TEXT_LINK_CLASS}>
              Create an account
            </Link>
          </p>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      key="form"
      title="Reset your password"
      documentTitle="Forgot password"
      description="Enter the email address of your account and we will send you a link to choose a new password."
      footer={
        <p>
          Remembered it?{" "}
          <Link to="/signin" className={TEXT_LINK_CLASS}>
            Back to Sign In
          </Link>
        </p>
      }
    >
      <ForgotPasswordForm onSent={setSent} />
    </AuthCard>
  );
}
