import { useEffect, useState } from "react";
import { Link, useLocation, useSearchParams } from "react-router-dom";
import { toast } from "sonner";
import { Button } from "../../../components/ui/button";
import { CheckboxField, TextField } from "../../../components/ui/form-field";
import { useFormSubmit } from "../../../hooks/use-form-submit";
import { isApiError } from "../../../lib/api-client";
import { useAuth } from "../auth-context";
import { SIGN_IN_FIELDS, validateEmailRequest, validateSignIn } from "../lib/auth-forms";
import { SIGN_IN_FAILED_TITLE, signInErrorMessage } from "../lib/auth-messages";
import { OfferResendStateSchema } from "../lib/navigation-state";
import { TEXT_LINK_CLASS } from "./auth-card";
import { ResendConfirmationButton } from "./resend-confirmation-button";

/** Longest text taken from the ?error= of a failed OAuth sign-in. */
const MAX_OAUTH_ERROR_LENGTH = 300;

type ResendPanel = null | "unconfirmed" | "requested";

/**
 * Email, password and remember-me (SPEC: Sign in). On success the session is in the auth
 * context and the page redirects by role; the button keeps reading "Signing in..." until then.
 */
export function SignInForm() {
  const { signIn } = useAuth();
  const location = useLocation();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [remember, setRemember] = useState(false);
  const [resendPanel, setResendPanel] = useState<ResendPanel>(() => (OfferResendStateSchema.safeParse(location.state).success ? "requested" : null));
  const { errors, formRef, show, clear, submitting, submit } = useFormSubmit(SIGN_IN_FIELDS, {
    validate: () => validateSignIn({ email, password, remember }),
    send: signIn,
    onFailure: (error) => {
      if (isApiError(error) && error.code === "EMAIL_NOT_CONFIRMED") setResendPanel("unconfirmed");
      toast.error(SIGN_IN_FAILED_TITLE, { description: signInErrorMessage(error) });
    },
  });
  useOAuthErrorToast();


  /** The address for a new confirmation link, or null after pointing at the email field. */
  function emailForResend(): string | null {
    const result = validateEmailRequest({ email });
    if (result.ok) return result.data.email;
    show(result.errors);
    return null;
  }

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="space-y-5">
      <TextField
        name="email"
        type="email"
        label="Email"
        autoComplete="email"
        inputMode="email"
        value={email}
        errors={errors.email}
        onChange={(event) => {
          setEmail(event.target.value);
          clear("email");
        }}
      />
      <TextField
        name="password"
        type="password"
        label="Password"
        autoComplete="current-password"
        value={password}
        errors={errors.password}
        onChange={(event) => {
          setPassword(event.target.value);
          clear("password");
        }}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CheckboxField name="remember" label="Remember me" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
        <Link to="/forgot-password" className={`text-sm ${TEXT_LINK_CLASS}`}>
          Forgot your password?
        </Link>
      </div>

      {resendPanel && (
        <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          <p className="font-semibold">{resendPanel === "unconfirmed" ? "Email not confirmed" : "Need a new confirmation link?"}</p>
          <p className="mt-1">
            {resendPanel === "unconfirmed"
              ? "Open the link in the confirmation email we sent you, or get a new one."
              : "Enter your email address above, then ask for a new confirmation email."}
          </p>
          <ResendConfirmationButton getEmail={emailForResend} className="mt-3 w-full sm:w-auto" />
        </div>
      )}

      <Button type="submit" size="lg" className="w-full" disabled={submitting} aria-busy={submitting}>
        {submitting ? "Signing in..." : "Sign In"}
      </Button>
    </form>
  );
}

/** A failed OAuth sign-in comes back as /signin?error=<message>: show it once, then drop it from the address. */
function useOAuthErrorToast() {
  const [params, setParams] = useSearchParams();
  const oauthError = params.get("error");

  useEffect(() => {
    if (!oauthError) return;
    // The id keeps a second run (React's development double effects) from showing it twice.
    toast.error(SIGN_IN_FAILED_TITLE, { id: "oauth-error", description: oauthError.slice(0, MAX_OAUTH_ERROR_LENGTH) });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("error");
        return next;
      },
      { replace: true },
    );
  }, [oauthError, setParams]);
}
