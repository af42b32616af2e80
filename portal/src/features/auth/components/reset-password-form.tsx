import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { toast } from "sonner";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/form-field";
import { useFieldErrors } from "../../../hooks/use-field-errors";
import { isApiError } from "../../../lib/api-client";
import { fieldErrorsFromDetails } from "../../../lib/form-errors";
import { resetPassword } from "../api/auth-api";
import { useAuth } from "../auth-context";
import { NEW_PASSWORD_FIELDS, validateNewPassword } from "../lib/auth-forms";
import { INVALID_LINK_MESSAGE, authErrorMessage } from "../lib/auth-messages";

interface ResetPasswordFormProps {
  /** The token of the reset e-mail's link. */
  token: string;
  /** The link turned out unusable (expired, used, malformed): the server's message. */
  onInvalidLink: (message: string) => void;
}

/** New password and its confirmation, with the sign-up rules; then on to /signin. */
export function ResetPasswordForm({ token, onInvalidLink }: ResetPasswordFormProps) {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const { errors, formRef, show, clear } = useFieldErrors(NEW_PASSWORD_FIELDS);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validateNewPassword({ token, password, confirm_password: confirmation });
    if (!result.ok) {
      // Only the token can be wrong without a field error: the link itself is broken.
      if (Object.keys(result.errors).length === 0) onInvalidLink(INVALID_LINK_MESSAGE);
      else show(result.errors);
      return;
    }
    show({});
    setSubmitting(true);
    try {
      const { message } = await resetPassword(result.data);
      // A reset ends every session of the account, this browser's included.
      if (user) await signOut().catch(() => undefined);
      toast.success(message);
      void navigate("/signin", { replace: true });
    } catch (error) {
      setSubmitting(false);
      if (isApiError(error) && (error.code === "INVALID_LINK" || error.details.some((detail) => detail.field === "token"))) {
        onInvalidLink(error.code === "INVALID_LINK" ? error.message : INVALID_LINK_MESSAGE);
        return;
      }
      if (isApiError(error) && error.details.length > 0) show(fieldErrorsFromDetails(error.details, NEW_PASSWORD_FIELDS));
      toast.error(authErrorMessage(error));
    }
  }

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="space-y-5">
      <TextField
        name="password"
        type="password"
        label="New Password"
        autoComplete="new-password"
        hint="At least 6 characters."
        value={password}
        errors={errors.password}
        onChange={(event) => {
          setPassword(event.target.value);
          clear("password");
        }}
      />
      <TextField
        name="confirm_password"
        type="password"
        label="Confirm New Password"
        autoComplete="new-password"
        value={confirmation}
        errors={errors.confirm_password}
        onChange={(event) => {
          setConfirmation(event.target.value);
          clear("confirm_password");
        }}
      />
      <Button type="submit" size="lg" className="w-full" disabled={submitting} aria-busy={submitting}>
        {submitting ? "Resetting password..." : "Reset Password"}
      </Button>
    </form>
  );
}
