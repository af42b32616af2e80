import type { AuthUser, Role } from "../../../../../core/contracts/auth";

/** Where a signed-in user belongs (SPEC section 2): admins to /admin-dashboard, everyone else to /dashboard. */
export function homePathFor(role: Role): "/admin-dashboard" | "/dashboard" {
  return role === "admin" ? "/admin-dashboard" : "/dashboard";
}

/** The name to greet: the full name, else the e-mail's local part (SPEC: dashboard header). */
export function displayNameOf(profile: Pick<AuthUser["profile"], "full_name"> | null, email: string): string {
  const fullName = profile?.full_name?.trim();
  if (fullName) return fullName;
  return email.split("@")[0] || email;
}
