import { z } from "zod";
import type { GatewayConfig } from "../../../core/config.js";
import type { OAuthProvider } from "../../../core/contracts/auth.js";

/** What we learn about a person from an identity provider. */
export interface ExternalIdentity {
  providerUserId: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  avatarUrl: string | null;
}

export interface ProviderClient {
  id: OAuthProvider;
  name: string;
  authorizeUrl: (input: { state: string; codeChallenge: string; redirectUri: string }) => string;
  /** Exchanges the authorization code (with the PKCE verifier) and reads the identity. */
  identify: (input: { code: string; codeVerifier: string; redirectUri: string }) => Promise<ExternalIdentity>;
}

const TIMEOUT_MS = 10_000;

/** `path` under `base`, keeping any path the base has (a proxy or a stand-in may mount one). */
function under(base: string, path: string): string {
  return new URL(path, base.endsWith("/") ? base : `${base}/`).toString();
}

export class ProviderError extends Error {}

async function fetchJson<S extends z.ZodType>(url: string, init: RequestInit, schema: S): Promise<z.infer<S>> {
  const response = await fetch(url, { ...init, redirect: "error", signal: AbortSignal.timeout(TIMEOUT_MS) });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw new ProviderError(`${new URL(url).pathname} answered ${response.status}`);
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ProviderError(`${new URL(url).pathname} answered an unexpected body`);
  return parsed.data;
}

const TokenSchema = z.union([
  z.object({ access_token: z.string().min(1) }),
  z.object({ error: z.string(), error_description: z.string().optional() }),
]);

function accessTokenOf(token: z.infer<typeof TokenSchema>): string {
  if ("error" in token) throw new ProviderError(`token exchange refused: ${token.error}`);
  return token.access_token;
}

function github(config: GatewayConfig, clientId: string, clientSecret: string): ProviderClient {
  const apiHeaders = (token: string) => ({ Authorization: `Bearer ${token}`, Accept: "application/vnd.github+json", "User-Agent": "Sluice" });
  return {
    id: "github",
    name: "GitHub",
    authorizeUrl: ({ state, codeChallenge, redirectUri }) => {
      const url = new URL(under(config.GITHUB_OAUTH_URL, "login/oauth/authorize"));
      url.search = new URLSearchParams({
        client_id: clientId,
        redirect_uri: redirectUri,
        scope: "read:user user:email",
        state,
        code_challenge: codeChallenge,
        code_challenge_method: "S256",
        allow_signup: "true",
      }).toString();
      return url.toString();
    },
    identify: async ({ code, codeVerifier, redirectUri }) => {
      const token = accessTokenOf(
        await fetchJson(
          under(config.GITHUB_OAUTH_URL, "login/oauth/access_token"),
          {
            method: "POST",
            headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ client_id: clientId, client_secret: clientSecret, code, redirect_uri: redirectUri, code_verifier: codeVerifier }),
          },
          TokenSchema,
        ),
      );
      const user = await fetchJson(
        under(config.GITHUB_API_URL, "user"),
        { headers: apiHeaders(token) },
        z.object({ id: z.number(), login: z.string(), name: z.string().nullable().optional(), avatar_url: z.string().nullable().optional() }),
      );
      const emails = await fetchJson(
        under(config.GITHUB_API_URL, "user/emails"),
        { headers: apiHeaders(token) },
        z.array(z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() })),
      );
      const primary = emails.find((e) => e.primary && e.verified) ?? emails.find((e) => e.verified);
      return {
        providerUserId: String(user.id),
        email: primary?.email ?? null,
        emailVerified: Boolean(primary),
        name: user.name ?? user.login,
        avatarUrl: user.avatar_url ?? null,
      };
    },
  };
}

function google(config: GatewayConfig, clientId: string, clientSecret: string): ProviderClient {
  return {
    id: "google",
    name: "Google",
    authorizeUrl: ({ state, codeChallenge, redirectUri }) => {
      const url = new URL(config.GOOGLE_AUTHORIZE_URL);
      url.search = new URLSearchParams({
        client_id: clientId,
        redirect_uri: redirectUri,
        response_type: "code",
        scope: "openid email profile",
        state,
        code_challenge: codeChallenge,
        code_challenge_method: "S256",
        prompt: "select_account",
      }).toString();
      return url.toString();
    },
    identify: async ({ code, codeVerifier, redirectUri }) => {
      const token = accessTokenOf(
        await fetchJson(
          config.GOOGLE_TOKEN_URL,
          {
            method: "POST",
            headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({
              grant_type: "authorization_code",
              client_id: clientId,
              client_secret: clientSecret,
              code,
              redirect_uri: redirectUri,
              code_verifier: codeVerifier,
            }),
          },
          TokenSchema,
        ),
      );
      const info = await fetchJson(
        config.GOOGLE_USERINFO_URL,
        { headers: { Authorization: `Bearer ${token}`, Accept: "application/json" } },
        z.object({ sub: z.string(), email: z.string().optional(), email_verified: z.boolean().optional(), name: z.string().optional(), picture: z.string().optional() }),
      );
      return {
        providerUserId: info.sub,
        email: info.email ?? null,
        emailVerified: info.email_verified === true,
        name: info.name ?? null,
        avatarUrl: info.picture ?? null,
      };
    },
  };
}

/** The providers whose client id and secret are configured; the others are hidden. */
export function enabledProviders(config: GatewayConfig): ProviderClient[] {
  const providers: ProviderClient[] = [];
  if (config.GITHUB_CLIENT_ID && config.GITHUB_CLIENT_SECRET) providers.push(github(config, config.GITHUB_CLIENT_ID, config.GITHUB_CLIENT_SECRET));
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) providers.push(google(config, config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET));
  return providers;
}
