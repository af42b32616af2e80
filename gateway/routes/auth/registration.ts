import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { AuthUserSchema, MessageResponseSchema } from "../../../core/contracts/auth.js";
import { EmailRequestSchema, SignUpRequestSchema, TokenRequestSchema } from "../../../core/contracts/auth-requests.js";
import type { AppEnv } from "../../app-env.js";
import type { AuthDeps } from "../../auth/auth-deps.js";
import { signInBrowser } from "../../auth/establish-session.js";
import { confirmEmail, resendConfirmation, signUp } from "../../auth/registration.js";
import { validationHook } from "../../http/errors.js";
import { jsonBody, jsonResponse, requestOrigin } from "../../http/route-helpers.js";

const signUpRoute = createRoute({
  method: "post",
  path: "/auth/signup",
  hide: true,
  request: jsonBody(SignUpRequestSchema),
  responses: { 201: jsonResponse(MessageResponseSchema, "Account created or, for a known address, an e-mail sent to its owner.") },
});

const resendRoute = createRoute({
  method: "post",
  path: "/auth/resend-confirmation",
  hide: true,
  request: jsonBody(EmailRequestSchema),
  responses: { 200: jsonResponse(MessageResponseSchema, "The same answer whether or not a link was sent.") },
});

const confirmRoute = createRoute({
  method: "post",
  path: "/auth/confirm",
  hide: true,
  request: jsonBody(TokenRequestSchema),
  responses: { 200: jsonResponse(AuthUserSchema, "E-mail confirmed; the browser is signed in.") },
});

/** Sign-up, confirmation links and re-sends. */
export function registrationRoutes(deps: AuthDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(signUpRoute, async (c) => c.json(await signUp(deps, c.req.valid("json"), requestOrigin(c, deps)), 201));

  app.openapi(resendRoute, async (c) => c.json(await resendConfirmation(deps, c.req.valid("json").email, requestOrigin(c, deps)), 200));

  app.openapi(confirmRoute, async (c) => {
    const origin = requestOrigin(c, deps);
    const userId = await confirmEmail(deps, c.req.valid("json").token, origin);
    return c.json(await signInBrowser(c, deps, userId, false, origin), 200);
  });

  return app;
}
