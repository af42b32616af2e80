import { z } from "zod";

/**
 * The auth API's answers, roles and names shared by the gateway and the portal (response parsing);
 * the forms' request shapes are in auth-requests.ts, so pages without a form do not load them.
 */
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
