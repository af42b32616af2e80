import type { Context } from "hono";
import type { AuthUser } from "../../core/contracts/auth.js";
import { signAccessToken } from "./access-token.js";
import type { AuthDeps, RequestOrigin } from "./auth-deps.js";
import { setSessionCookies } from "./session-cookies.js";
import { startSession, type IssuedRefreshToken } from "./sessions.js";
import { loadAuthUser } from "./users.js";

export function cookiePolicy(deps: AuthDeps) {
  return { secure: deps.config.NODE_ENV === "production" };
}

/** Sets the cookies of a freshly issued refresh token and its access token; answers the user. */
export async function answerWithSession(c: Context, deps: AuthDeps, refresh: IssuedRefreshToken): Promise<AuthUser> {
  const access = await signAccessToken(deps.keys, { sub: refresh.userId, sid: refresh.familyId });
  setSessionCookies(c, cookiePolicy(deps), access, refresh);
  const authUser = await loadAuthUser(deps.db, refresh.userId, access.expiresAt);
  if (!authUser) throw new Error("the session's user does not exist");
  return authUser;
}

/** Starts a new session family for the user and signs the browser in. */
export async function signInBrowser(c: Context, deps: AuthDeps, userId: string, persistent: boolean, origin: RequestOrigin): Promise<AuthUser> {
  const refresh = await startSession(deps.db, { userId, persistent, ip: origin.ip, userAgent: origin.userAgent });
  return answerWithSession(c, deps, refresh);
}
