import { z } from "zod";

/**
 * The auth API's request and response shapes, shared by the gateway (validation, OpenAPI) and the
 * portal (forms, response parsing). Messages are the product's exact texts (SPEC.md section 5).
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

export const ROLES = ["user", "admin"] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

export const AuthUserSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    email_confirmed_at: z.string().nullable(),
    created_at: z.string(),
  }),
  profile: z.object({
    id: z.string(),
    user_id: z.string(),
    email: z.string(),
    full_name: z.string().nullable(),
    avatar_url: z.string().nullable(),
  }),
  role: RoleSchema,
  session: z.object({
    /** When the access token expires (ISO 8601); refresh before then. */
    access_expires_at: z.string(),
  }),
});

/**
 * `GET /auth/session`: the portal's check of who is signed in, answered 200 either way, so a
 * visitor's page load logs no failed request; `current` is what /auth/user answers, or null.
 */
export const CurrentSessionSchema = z.object({ current: AuthUserSchema.nullable() });
export type AuthUser = z.infer<typeof AuthUserSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

export const OAUTH_PROVIDERS = ["github", "google"] as const;
export const OAuthProviderSchema = z.enum(OAUTH_PROVIDERS);
export type OAuthProvider = z.infer<typeof OAuthProviderSchema>;

/** Cookie and header names the portal needs to know. */
export const CSRF_COOKIE = "sluice_csrf";
export const CSRF_HEADER = "X-CSRF-Token";

/** The texts the server answers with; the portal shows them as they are. */
export const AUTH_MESSAGES = {
  signUpSuccess: "Account created successfully! Please check your email to confirm your account.",
  confirmationSent: "If that address has an account waiting for confirmation, a new confirmation link is on its way.",
  resetSent: "If an account exists for that address, a password reset link is on its way.",
  passwordReset: "Your password has been reset. Sign in with your new password.",
  signedOut: "Signed out everywhere.",
} as const;
