import { useState } from "react";
import { Link } from "react-router-dom";
import { toast } from "sonner";
import { Button } from "../../../components/ui/button";
import { CheckboxField, TextField } from "../../../components/ui/form-field";
import { useFormSubmit } from "../../../hooks/use-form-submit";
import { useAuth } from "../auth-context";
import { SIGN_UP_FIELDS, validateSignUp } from "../lib/auth-forms";
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
  const { errors, formRef, clear, submitting, submit } = useFormSubmit(SIGN_UP_FIELDS, {
    validate: () => validateSignUp({ ...values, terms }),
    send: async (data) => {
      const { message } = await signUp(data);
      toast.success(message);
      onSignedUp(data.email);
    },
    // VALIDATION_FAILED names fields and weak_password lists its reasons under "password": both shown by the hook.
    onFailure: (error) => toast.error(SIGN_UP_FAILED_TITLE, { description: authErrorMessage(error, SIGN_UP_UNEXPECTED_ERROR_MESSAGE) }),
  });

  function update(field: keyof SignUpValues, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    clear(field);
  }


  return (
    <form ref={formRef} noValidate onSubmit={submit} className="space-y-5">
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
