import { z } from "zod";

/**
 * The auth forms' request shapes (sign-up, sign-in, e-mail, token, password reset), shared by the
 * gateway (validation, OpenAPI) and the portal's forms, which give the same messages. Apart from
 * the answers' shapes in auth.ts: only pages with a form load these. Messages are the product's
 * exact texts (SPEC.md section 5).
 */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 256;
export const MISSING_CREDENTIALS_MESSAGE = "You must provide either an email or phone number and a password";
export const PASSWORD_TOO_SHORT_MESSAGE = "Password must be at least 6 characters long";

const credentialEmail = z
  .string({ error: MISSING_CREDENTIALS_MESSAGE })
  .trim()
  .min(1, MISSING_CREDENTIALS_MESSAGE)
  .max(254, "Email address is too long")
  .pipe(z.email("Please enter a valid email address"));

const newPassword = z
  .string({ error: MISSING_CREDENTIALS_MESSAGE })
  .min(1, MISSING_CREDENTIALS_MESSAGE)
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT_MESSAGE)
  .max(PASSWORD_MAX_LENGTH, "Password must be at most 256 characters long");

export const EmailRequestSchema = z.object({
  email: z.string({ error: "Please enter your email address" }).trim().min(1, "Please enter your email address").max(254).pipe(z.email("Please enter a valid email address")),
});
export type EmailRequest = z.infer<typeof EmailRequestSchema>;

export const SignUpRequestSchema = z.object({
  full_name: z.string({ error: "Full name is required" }).trim().min(1, "Full name is required").max(200, "Full name is too long"),
  email: credentialEmail,
  password: newPassword,
});
export type SignUpRequest = z.infer<typeof SignUpRequestSchema>;

export const SignInRequestSchema = z.object({
  email: credentialEmail,
  password: z.string({ error: MISSING_CREDENTIALS_MESSAGE }).min(1, MISSING_CREDENTIALS_MESSAGE).max(PASSWORD_MAX_LENGTH),
  /** Keep the session across browser restarts (30 days); otherwise it ends with the browser session. */
  remember: z.boolean().default(false),
});
export type SignInRequest = z.infer<typeof SignInRequestSchema>;

export const TokenRequestSchema = z.object({
  token: z.string().min(1, "The link is missing its token").max(200),
});
export type TokenRequest = z.infer<typeof TokenRequestSchema>;

export const ResetPasswordRequestSchema = z.object({
  token: z.string().min(1, "The link is missing its token").max(200),
  password: newPassword,
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;
