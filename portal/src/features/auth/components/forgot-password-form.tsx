import { useState } from "react";
import { toast } from "sonner";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/form-field";
import { useFormSubmit } from "../../../hooks/use-form-submit";
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
  const { errors, formRef, clear, submitting, submit } = useFormSubmit(EMAIL_FIELDS, {
    validate: () => validateEmailRequest({ email }),
    send: async ({ email: address }) => {
      const { message } = await requestPasswordReset(address);
      toast.success(EMAIL_SENT_TITLE, { description: message });
      onSent({ email: address, message });
    },
    onFailure: (error) => toast.error(authErrorMessage(error)),
  });


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
      <Button type="submit" size="lg" className="w-full" disabled={submitting} aria-busy={submitting}>
        {submitting ? "Sending..." : "Send Reset Link"}
      </Button>
    </form>
  );
}
