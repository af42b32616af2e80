import { Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { OAuthProviderSchema, type OAuthProvider } from "../../../core/contracts/auth.js";
import { ERROR_CATALOGUE } from "../../../core/errors.js";
import type { Redis } from "../../../core/redis.js";
import { RETURN_PARAM, safeReturnPath } from "../../../core/contracts/return-path.js";
import type { AppEnv } from "../../app-env.js";
import type { AuthDeps } from "../../auth/auth-deps.js";
import { cookiePolicy, signInBrowser } from "../../auth/establish-session.js";
import { OAuthRefusal, OAUTH_STATE_TTL_SECONDS, beginAuthorization, completeAuthorization, resolveExternalAccount } from "../../auth/oauth/flow.js";
import { enabledProviders, type ProviderClient } from "../../auth/oauth/providers.js";
import { requestOrigin } from "../../http/route-helpers.js";

const STATE_COOKIE = "sluice_oauth_state";
/** The portal path the sign-in was started from (`?next=`), returned to after the callback. */
const RETURN_COOKIE = "sluice_oauth_next";
const CALLBACK_PATH = (id: string) => `/auth/oauth/${id}/callback`;

/** Where a provider's sign-in starts; the portal learns it from GET /api/portal-config. */
export const oauthStartPath = (id: OAuthProvider) => `/auth/oauth/${id}/start`;

/** Sign-in with GitHub and Google; each exists only when its client id and secret are set (listed by GET /api/portal-config). */
export function oauthRoutes(deps: AuthDeps & { redis: Redis }) {
  const app = new Hono<AppEnv>();
  const providers = enabledProviders(deps.config);
  const policy = cookiePolicy(deps);
  const redirectUri = (provider: ProviderClient) => new URL(CALLBACK_PATH(provider.id), deps.config.PUBLIC_URL).toString();
  const providerFor = (id: string) => providers.find((p) => p.id === OAuthProviderSchema.safeParse(id).data);
  const failTo = (message: string) => `/signin?error=${encodeURIComponent(message)}`;

  app.get("/auth/oauth/:provider/start", async (c) => {
    const provider = providerFor(c.req.param("provider"));
    if (!provider) return c.notFound();
    const { state, codeChallenge } = await beginAuthorization(deps.redis, provider.id);
    const cookie = { path: "/auth/oauth", httpOnly: true, sameSite: "Lax", secure: policy.secure, maxAge: OAUTH_STATE_TTL_SECONDS } as const;
    setCookie(c, STATE_COOKIE, state, cookie);
    const returnTo = safeReturnPath(c.req.query(RETURN_PARAM));
    if (returnTo) setCookie(c, RETURN_COOKIE, returnTo, cookie);
    else deleteCookie(c, RETURN_COOKIE, { path: "/auth/oauth", secure: policy.secure });
    return c.redirect(provider.authorizeUrl({ state, codeChallenge, redirectUri: redirectUri(provider) }), 302);
  });

  app.get("/auth/oauth/:provider/callback", async (c) => {
    const provider = providerFor(c.req.param("provider"));
    if (!provider) return c.notFound();
    const { code, state, error } = c.req.query();
    const boundState = getCookie(c, STATE_COOKIE);
    deleteCookie(c, STATE_COOKIE, { path: "/auth/oauth", secure: policy.secure });
    // Checked again: a cookie is client input too.
    const returnTo = safeReturnPath(getCookie(c, RETURN_COOKIE)) ?? "/dashboard";
    deleteCookie(c, RETURN_COOKIE, { path: "/auth/oauth", secure: policy.secure });
    if (error) return c.redirect(failTo(`${provider.name} sign-in was cancelled.`), 302);
    const verifier = state && state === boundState ? await completeAuthorization(deps.redis, provider.id, state) : undefined;
    if (!code || !verifier) return c.redirect(failTo(ERROR_CATALOGUE.OAUTH_FAILED.message), 302);

    try {
      const identity = await provider.identify({ code, codeVerifier: verifier, redirectUri: redirectUri(provider) });
      const userId = await resolveExternalAccount(deps.db, provider.id, identity);
      await signInBrowser(c, deps, userId, true, requestOrigin(c, deps));
      return c.redirect(returnTo, 302);
    } catch (failure) {
      if (failure instanceof OAuthRefusal) return c.redirect(failTo(failure.message), 302);
      c.get("logger").warn({ err: failure, provider: provider.id }, "oauth sign-in failed");
      return c.redirect(failTo(ERROR_CATALOGUE.OAUTH_FAILED.message), 302);
    }
  });

  return app;
}
