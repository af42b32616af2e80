import { ERROR_CATALOGUE } from "../../../../../core/errors";
import { isApiError } from "../../../lib/api-client";

/** The auth screens' own texts (SPEC section 8); the server's texts come in its answers. */
export const UNEXPECTED_ERROR_MESSAGE = "An unexpected error occurred. Please try again.";
export const SIGN_UP_UNEXPECTED_ERROR_MESSAGE = "An unexpected error occurred";
export const SIGN_IN_FAILED_TITLE = "Sign In Failed";
export const SIGN_IN_FAILED_FALLBACK = "Invalid email or password";
export const SIGN_UP_FAILED_TITLE = "Sign Up Failed";
export const EMAIL_SENT_TITLE = "Email Sent";
export const EMAIL_CONFIRMED_MESSAGE = "Email confirmed. Welcome!";
export const RESEND_CONFIRMATION_LABEL = "Resend confirmation email";
/** Shown for a reset link without a usable token, as the server words an expired one. */
export const INVALID_LINK_MESSAGE: string = ERROR_CATALOGUE.INVALID_LINK.message;

/** "Too many attempts" with the wait from Retry-After, in words. */
export function tooManyAttemptsMessage(retryAfterSeconds: number | undefined): string {
  if (retryAfterSeconds === undefined || retryAfterSeconds <= 0) return "Too many attempts. Please wait a moment and try again.";
  if (retryAfterSeconds < 60) return `Too many attempts. Please try again in ${retryAfterSeconds} ${retryAfterSeconds === 1 ? "second" : "seconds"}.`;
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many attempts. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

/**
 * What to tell the user about a failed auth call: the server's own message for an expected
 * refusal (a 4xx answer), a readable wait for a rate limit, and `unexpected` for anything else
 * (no connection, a 5xx, an answer of the wrong shape), whose details are not for users.
 */
export function authErrorMessage(error: unknown, unexpected: string = UNEXPECTED_ERROR_MESSAGE): string {
  if (!isApiError(error) || error.status < 400 || error.status >= 500) return unexpected;
  if (error.status === 429) return tooManyAttemptsMessage(error.retryAfterSeconds);
  return error.message || unexpected;
}

/** The description of the "Sign In Failed" toast. */
export function signInErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 429 && !error.message) return SIGN_IN_FAILED_FALLBACK;
  return authErrorMessage(error);
}
