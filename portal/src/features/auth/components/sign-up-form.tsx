import { useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { toast } from "sonner";
import { Button } from "../../../components/ui/button";
import { CheckboxField, TextField } from "../../../components/ui/form-field";
import { useFieldErrors } from "../../../hooks/use-field-errors";
import { isApiError } from "../../../lib/api-client";
import { fieldErrorsFromDetails } from "../../../lib/form-errors";
import { useAuth } from "../auth-context";
import { SIGN_UP_FIELDS, validateSignUp, type SignUpField } from "../lib/auth-forms";
import { SIGN_UP_FAILED_TITLE, SIGN_UP_UNEXPECTED_ERROR_MESSAGE, authErrorMessage } from "../lib/auth-messages";
import { TEXT_LINK_CLASS } from "./auth-card";

interface SignUpValues {
  full_name: string;
  email: string;
  password: string;
  confirm_password: string;
}

const EMPTY: SignUpValues = { full_name: "", email: "", password: "", confirm_password: "" };

/** The text inputs of the form, in order. */
const TEXT_FIELDS: ReadonlyArray<{ name: keyof SignUpValues; label: string; type: string; autoComplete: string }> = [
  { name: "full_name", label: "Full Name", type: "text", autoComplete: "name" },
  { name: "email", label: "Email", type: "email", autoComplete: "email" },
  { name: "password", label: "Password", type: "password", autoComplete: "new-password" },
  { name: "confirm_password", label: "Confirm Password", type: "password", autoComplete: "new-password" },
];

/**
 * Full name, email, password twice and the terms box (SPEC: Sign up). The account must be
 * confirmed by e-mail before signing in: on success `onSignedUp` gets the address.
 */
export function SignUpForm({ onSignedUp }: { onSignedUp: (email: string) => void }) {
  const { signUp } = useAuth();
  const [values, setValues] = useState<SignUpValues>(EMPTY);
  const [terms, setTerms] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const { errors, formRef, show, clear } = useFieldErrors(SIGN_UP_FIELDS);

  function update(field: keyof SignUpValues, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    clear(field);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validateSignUp({ ...values, terms });
    if (!result.ok) {
      show(result.errors);
      return;
    }
    show({});
    setSubmitting(true);
    try {
      const { message } = await signUp(result.data);
      toast.success(message);
      onSignedUp(result.data.email);
    } catch (error) {
      setSubmitting(false);
      // VALIDATION_FAILED names fields; weak_password lists its reasons under "password".
      if (isApiError(error) && error.details.length > 0) show(fieldErrorsFromDetails<SignUpField>(error.details, SIGN_UP_FIELDS));
      toast.error(SIGN_UP_FAILED_TITLE, { description: authErrorMessage(error, SIGN_UP_UNEXPECTED_ERROR_MESSAGE) });
    }
  }

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="space-y-5">
      {TEXT_FIELDS.map((field) => (
        <TextField
          key={field.name}
          name={field.name}
          type={field.type}
          label={field.label}
          autoComplete={field.autoComplete}
          value={values[field.name]}
          errors={errors[field.name]}
          hint={field.name === "password" ? "At least 6 characters." : undefined}
          onChange={(event) => update(field.name, event.target.value)}
        />
      ))}
      <CheckboxField
        name="terms"
        checked={terms}
        errors={errors.terms}
        onChange={(event) => {
          setTerms(event.target.checked);
          clear("terms");
        }}
        label={
          <>
            I agree to the{" "}
            <Link to="/terms" target="_blank" className={TEXT_LINK_CLASS}>
              Terms of Service<span className="sr-only"> (opens in a new tab)</span>
            </Link>{" "}
            and{" "}
            <Link to="/privacy" target="_blank" className={TEXT_LINK_CLASS}>
              Privacy Policy<span className="sr-only"> (opens in a new tab)</span>
            </Link>
          </>
        }
      />
      <Button type="submit" size="lg" className="w-full" disabled={!terms || submitting} aria-busy={submitting}>
        {submitting ? "Creating account..." : "Create Account"}
      </Button>
    </form>
  );
}
