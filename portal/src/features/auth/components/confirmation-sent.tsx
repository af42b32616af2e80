import { MailCheck } from "lucide-react";
import { ButtonLink } from "../../../components/ui/button";
import { ResendConfirmationButton } from "./resend-confirmation-button";

/** After sign-up: where the confirmation link went, and a way to get another one. */
export function ConfirmationSent({ email }: { email: string }) {
  return (
    <div className="space-y-6">
      <div className="flex items-start gap-3 rounded-lg bg-brand-50 p-4 text-slate-800">
        <MailCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
        <p>
          We sent a confirmation link to <strong className="wrap-anywhere text-slate-900">{email}</strong>. Open it to activate your
          account; the link signs you in.
        </p>
      </div>
      <p className="text-sm text-slate-600">No email after a few minutes? Check your spam folder, or send it again.</p>
      <div className="flex flex-col gap-3">
        <ResendConfirmationButton getEmail={() => email} className="w-full" />
        <ButtonLink to="/signin" variant="ghost" className="w-full">
          Back to Sign In
        </ButtonLink>
      </div>
    </div>
  );
}
