import type { Context, MiddlewareHandler } from "hono";
import { AppError } from "../../core/errors.js";
import type { AppEnv, SessionInfo } from "../app-env.js";
import { verifyAccessToken } from "../auth/access-token.js";
import type { AuthDeps } from "../auth/auth-deps.js";
import { readAccessCookie } from "../auth/session-cookies.js";
import { isSessionFamilyActive } from "../auth/sessions.js";
import { ensureRole } from "../auth/users.js";

/**
 * Cookie authentication for the portal API: a valid access token whose session family is still
 * live (a global sign-out or a detected token theft takes effect on the next request).
 */
export function requireSession(deps: Pick<AuthDeps, "db" | "keys">): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const claims = await verifyAccessToken(deps.keys, readAccessCookie(c));
    if (!claims || !(await isSessionFamilyActive(deps.db, { userId: claims.sub, familyId: claims.sid }))) throw new AppError("SESSION_MISSING");
    c.set("session", { userId: claims.sub, familyId: claims.sid, accessExpiresAt: new Date(claims.exp * 1_000) });
    await next();
  };
}

/** After requireSession: only users whose stored role is admin pass (403 otherwise). */
export function requireAdmin(deps: Pick<AuthDeps, "db">): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const role = await ensureRole(deps.db, currentSession(c).userId);
    if (role !== "admin") throw new AppError("FORBIDDEN");
    await next();
  };
}

export function currentSession(c: Context<AppEnv>): SessionInfo {
  const session = c.get("session");
  if (!session) throw new AppError("SESSION_MISSING");
  return session;
}
