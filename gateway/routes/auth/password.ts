import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { MessageResponseSchema } from "../../../core/contracts/auth.js";
import { EmailRequestSchema, ResetPasswordRequestSchema } from "../../../core/contracts/auth-requests.js";
import type { AppEnv } from "../../app-env.js";
import type { AuthDeps } from "../../auth/auth-deps.js";
import { clearSessionCookies } from "../../auth/session-cookies.js";
import { cookiePolicy } from "../../auth/establish-session.js";
import { requestPasswordReset, resetPassword } from "../../auth/password-reset.js";
import { validationHook } from "../../http/errors.js";
import { jsonBody, jsonResponse, requestOrigin } from "../../http/route-helpers.js";

const forgotRoute = createRoute({
  method: "post",
  path: "/auth/forgot-password",
  hide: true,
  request: jsonBody(EmailRequestSchema),
  responses: { 200: jsonResponse(MessageResponseSchema, "The same answer whether or not the address has an account.") },
});

const resetRoute = createRoute({
  method: "post",
  path: "/auth/reset-password",
  hide: true,
  request: jsonBody(ResetPasswordRequestSchema),
  responses: { 200: jsonResponse(MessageResponseSchema, "Password changed; every session ended.") },
});

/** Forgot-password requests and reset links. */
export function passwordRoutes(deps: AuthDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(forgotRoute, async (c) => c.json(await requestPasswordReset(deps, c.req.valid("json").email, requestOrigin(c, deps)), 200));

  app.openapi(resetRoute, async (c) => {
    const answer = await resetPassword(deps, c.req.valid("json"), requestOrigin(c, deps));
    clearSessionCookies(c, cookiePolicy(deps));
    return c.json(answer, 200);
  });

  return app;
}
