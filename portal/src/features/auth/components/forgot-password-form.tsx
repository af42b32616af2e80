import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/form-field";
import { useFieldErrors } from "../../../hooks/use-field-errors";
import { isApiError } from "../../../lib/api-client";
import { fieldErrorsFromDetails } from "../../../lib/form-errors";
import { requestPasswordReset } from "../api/auth-api";
import { EMAIL_FIELDS, validateEmailRequest } from "../lib/auth-forms";
import { EMAIL_SENT_TITLE, authErrorMessage } from "../lib/auth-messages";

export interface ResetRequested {
  email: string;
  /** The server's answer, the same whether or not the address has an account. */
  message: string;
}

/** The email form of /forgot-password (SPEC: Forgot password, state "form"). */
export function ForgotPasswordForm({ onSent }: { onSent: (sent: ResetRequested) => void }) {
  const [email, setEmail] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const { errors, formRef, show, clear } = useFieldErrors(EMAIL_FIELDS);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validateEmailRequest({ email });
    if (!result.ok) {
      show(result.errors);
      return;
    }
    show({});
    setSubmitting(true);
    try {
      const { message } = await requestPasswordReset(result.data.email);
      toast.success(EMAIL_SENT_TITLE, { description: message });
      onSent({ email: result.data.email, message });
    } catch (error) {
      setSubmitting(false);
      if (isApiError(error) && error.details.length > 0) show(fieldErrorsFromDetails(error.details, EMAIL_FIELDS));
      toast.error(authErrorMessage(error));
    }
  }

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="space-y-5">
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
      <Button type="submit" size="lg" className="w-full" disabled={submitting} aria-busy={submitting}>
        {submitting ? "Sending..." : "Send Reset Link"}
      </Button>
    </form>
  );
}
