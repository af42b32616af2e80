import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { AUTH_MESSAGES, AuthUserSchema, CurrentSessionSchema, MessageResponseSchema } from "../../../core/contracts/auth.js";
import { SignInRequestSchema } from "../../../core/contracts/auth-requests.js";
import { AppError } from "../../../core/errors.js";
import type { AppEnv } from "../../app-env.js";
import { verifyAccessToken } from "../../auth/access-token.js";
import type { AuthDeps } from "../../auth/auth-deps.js";
import { answerWithSession, cookiePolicy, signInBrowser } from "../../auth/establish-session.js";
import { clearSessionCookies, readAccessCookie, readRefreshCookie } from "../../auth/session-cookies.js";
import { findRefreshTokenOwner, isSessionFamilyActive, revokeUserSessions, rotateSession } from "../../auth/sessions.js";
import { verifySignIn } from "../../auth/sign-in.js";
import { loadAuthUser } from "../../auth/users.js";
import { validationHook } from "../../http/errors.js";
import { jsonBody, jsonResponse, requestOrigin } from "../../http/route-helpers.js";
import { currentSession, requireSession } from "../../http/session-auth.js";

const signInRoute = createRoute({
  method: "post",
  path: "/auth/signin",
  hide: true,
  request: jsonBody(SignInRequestSchema),
  responses: { 200: jsonResponse(AuthUserSchema, "Signed in; session cookies set.") },
});

const refreshRoute = createRoute({
  method: "post",
  path: "/auth/refresh",
  hide: true,
  responses: { 200: jsonResponse(AuthUserSchema, "New access token; the refresh token rotated.") },
});

const signOutRoute = createRoute({
  method: "post",
  path: "/auth/signout",
  hide: true,
  responses: { 200: jsonResponse(MessageResponseSchema, "Every session of the user ended; cookies cleared.") },
});

const userRoute = createRoute({
  method: "get",
  path: "/auth/user",
  hide: true,
  responses: { 200: jsonResponse(AuthUserSchema, "The signed-in user, profile and role.") },
});

const sessionStateRoute = createRoute({
  method: "get",
  path: "/auth/session",
  hide: true,
  responses: { 200: jsonResponse(CurrentSessionSchema, "The signed-in user, profile and role, or null for a visitor.") },
});

/** Sign-in, token refresh, global sign-out and the current user. */
export function sessionRoutes(deps: AuthDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const policy = cookiePolicy(deps);

  app.openapi(signInRoute, async (c) => {
    const input = c.req.valid("json");
    const origin = requestOrigin(c, deps);
    const userId = await verifySignIn(deps, input, origin);
    return c.json(await signInBrowser(c, deps, userId, input.remember, origin), 200);
  });

  app.openapi(refreshRoute, async (c) => {
    const token = readRefreshCookie(c);
    const result = token ? await rotateSession(deps.db, token, requestOrigin(c, deps)) : ({ kind: "invalid" } as const);
    if (result.kind !== "rotated") {
      if (result.kind === "reused") c.get("logger").warn({ userId: result.userId }, "refresh token reuse: session family revoked");
      clearSessionCookies(c, policy);
      throw new AppError("SESSION_MISSING");
    }
    return c.json(await answerWithSession(c, deps, result), 200);
  });

  app.openapi(signOutRoute, async (c) => {
    const claims = await verifyAccessToken(deps.keys, readAccessCookie(c));
    const token = readRefreshCookie(c);
    const userId = claims?.sub ?? (token ? await findRefreshTokenOwner(deps.db, token) : undefined);
    if (userId) await revokeUserSessions(deps.db, userId);
    clearSessionCookies(c, policy);
    return c.json({ message: AUTH_MESSAGES.signedOut }, 200);
  });

  app.use("/auth/user", requireSession(deps));
  app.openapi(sessionStateRoute, async (c) => {
    const claims = await verifyAccessToken(deps.keys, readAccessCookie(c));
    if (!claims || !(await isSessionFamilyActive(deps.db, { userId: claims.sub, familyId: claims.sid }))) return c.json({ current: null }, 200);
    return c.json({ current: (await loadAuthUser(deps.db, claims.sub, new Date(claims.exp * 1_000))) ?? null }, 200);
  });

  app.openapi(userRoute, async (c) => {
    const session = currentSession(c);
    const authUser = await loadAuthUser(deps.db, session.userId, session.accessExpiresAt);
    if (!authUser) throw new AppError("SESSION_MISSING");
    return c.json(authUser, 200);
  });

  return app;
}
