import { COMMON_PASSWORDS } from "./common-passwords.js";

/**
 * Reasons a password is refused beyond the length rule (which the request schema checks):
 * too common, the e-mail address itself, or one character repeated. Empty when acceptable.
 */
export function weakPasswordReasons(password: string, context: { email: string }): string[] {
  const reasons: string[] = [];
  const lowered = password.toLowerCase();
  const email = context.email.trim().toLowerCase();
  const localPart = email.split("@")[0] ?? "";

  if (COMMON_PASSWORDS.has(lowered)) reasons.push("Password is too common; choose one that is harder to guess");
  if (lowered === email || (localPart.length >= 3 && lowered === localPart)) {
    reasons.push("Password must not be your email address");
  }
  if (/^(.)\1+$/.test(password)) reasons.push("Password must not be one character repeated");
  return reasons;
}
