import { EmailRequestSchema, ResetPasswordRequestSchema, SignInRequestSchema, SignUpRequestSchema, type EmailRequest, type ResetPasswordRequest, type SignInRequest, type SignUpRequest } from "../../../../../core/contracts/auth-requests";
import { addFieldError, fieldErrorsFromIssues, hasFieldErrors, type FieldErrors, type FormResult } from "../../../lib/form-errors";

/**
 * Client-side checks of the auth forms (SPEC section 5). The request fields are checked with the
 * shared contract schemas, so the portal and the gateway give the same messages; the fields the
 * server never sees (password confirmation, terms box) are checked here.
 */
export const CONFIRM_PASSWORD_REQUIRED_MESSAGE = "Please confirm your password";
export const PASSWORDS_DO_NOT_MATCH_MESSAGE = "Passwords do not match";
export const TERMS_REQUIRED_MESSAGE = "You must agree to the Terms of Service and Privacy Policy to continue";

/** Form fields in reading order; focus goes to the first one with an error. */
export const SIGN_IN_FIELDS = ["email", "password"] as const;
export const SIGN_UP_FIELDS = ["full_name", "email", "password", "confirm_password", "terms"] as const;
export const EMAIL_FIELDS = ["email"] as const;
export const NEW_PASSWORD_FIELDS = ["password", "confirm_password"] as const;

export type SignInField = (typeof SIGN_IN_FIELDS)[number];
export type SignUpField = (typeof SIGN_UP_FIELDS)[number];
export type EmailField = (typeof EMAIL_FIELDS)[number];
export type NewPasswordField = (typeof NEW_PASSWORD_FIELDS)[number];

export function validateSignIn(values: { email: string; password: string; remember: boolean }): FormResult<SignInField, SignInRequest> {
  const parsed = SignInRequestSchema.safeParse(values);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors: fieldErrorsFromIssues(parsed.error.issues, SIGN_IN_FIELDS) };
}

export function validateEmailRequest(values: { email: string }): FormResult<EmailField, EmailRequest> {
  const parsed = EmailRequestSchema.safeParse(values);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors: fieldErrorsFromIssues(parsed.error.issues, EMAIL_FIELDS) };
}

/** The confirmation box: required, and equal to the password. */
function checkConfirmation<F extends string>(errors: FieldErrors<F>, field: F, password: string, confirmation: string): FieldErrors<F> {
  if (confirmation === "") return addFieldError(errors, field, CONFIRM_PASSWORD_REQUIRED_MESSAGE);
  if (confirmation !== password) return addFieldError(errors, field, PASSWORDS_DO_NOT_MATCH_MESSAGE);
  return errors;
}

export function validateSignUp(values: {
  full_name: string;
  email: string;
  password: string;
  confirm_password: string;
  terms: boolean;
}): FormResult<SignUpField, SignUpRequest> {
  const parsed = SignUpRequestSchema.safeParse(values);
  let errors: FieldErrors<SignUpField> = parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues, SIGN_UP_FIELDS);
  errors = checkConfirmation(errors, "confirm_password", values.password, values.confirm_password);
  if (!values.terms) errors = addFieldError(errors, "terms", TERMS_REQUIRED_MESSAGE);
  if (!parsed.success || hasFieldErrors(errors)) return { ok: false, errors };
  return { ok: true, data: parsed.data };
}

export function validateNewPassword(values: {
  token: string;
  password: string;
  confirm_password: string;
}): FormResult<NewPasswordField, ResetPasswordRequest> {
  const parsed = ResetPasswordRequestSchema.safeParse(values);
  let errors: FieldErrors<NewPasswordField> = parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues, NEW_PASSWORD_FIELDS);
  errors = checkConfirmation(errors, "confirm_password", values.password, values.confirm_password);
  if (!parsed.success || hasFieldErrors(errors)) return { ok: false, errors };
  return { ok: true, data: parsed.data };
}
