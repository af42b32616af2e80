import { createHash, randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { Hono, type Context } from "hono";

/**
 * A local stand-in for GitHub's and Google's OAuth 2.0 servers, speaking their real protocol:
 * authorize redirects with code and state, PKCE (S256) checked at the token endpoint, codes
 * single-use and bound to client and redirect URI, GitHub's 200-with-error token answers and
 * Google's 400 invalid_grant, and their user-info endpoints. The "person at the keyboard"
 * approves at once as the identity set with `signInAs`.
 */
export interface StandInIdentity {
  id: string;
  login?: string;
  name: string;
  emails: Array<{ email: string; primary: boolean; verified: boolean }>;
}

interface Grant {
  clientId: string;
  redirectUri: string;
  challenge: string;
  identity: StandInIdentity;
}

export interface OAuthStandIn {
  url: string;
  clients: { github: { id: string; secret: string }; google: { id: string; secret: string } };
  signInAs: (identity: StandInIdentity) => void;
  close: () => Promise<void>;
}

export async function startOAuthStandIn(): Promise<OAuthStandIn> {
  const clients = {
    github: { id: "gh-client-id", secret: "gh-client-secret" },
    google: { id: "google-client-id.apps.example", secret: "google-client-secret" },
  };
  let current: StandInIdentity = { id: "1", login: "octo", name: "Octo Cat", emails: [] };
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, StandInIdentity>();
  const app = new Hono();

  const authorize = (c: Context, clientId: string) => {
    const q = c.req.query();
    if (q.client_id !== clientId || !q.redirect_uri || !q.state) return c.text("bad authorization request", 400);
    if (q.code_challenge_method !== "S256" || !q.code_challenge) return c.text("PKCE required", 400);
    const code = randomBytes(16).toString("hex");
    grants.set(code, { clientId, redirectUri: q.redirect_uri, challenge: q.code_challenge, identity: current });
    const target = new URL(q.redirect_uri);
    target.searchParams.set("code", code);
    target.searchParams.set("state", q.state);
    return c.redirect(target.toString(), 302);
  };

  const redeem = async (c: Context, client: { id: string; secret: string }): Promise<string | undefined> => {
    const form = new URLSearchParams(await c.req.text());
    const grant = grants.get(form.get("code") ?? "");
    grants.delete(form.get("code") ?? "");
    const verifier = form.get("code_verifier") ?? "";
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    const valid =
      grant &&
      form.get("client_id") === client.id &&
      form.get("client_secret") === client.secret &&
      form.get("redirect_uri") === grant.redirectUri &&
      challenge === grant.challenge;
    if (!valid) return undefined;
    const token = randomBytes(16).toString("hex");
    tokens.set(token, grant.identity);
    return token;
  };

  const bearer = (c: Context) => tokens.get(c.req.header("Authorization")?.replace(/^Bearer /, "") ?? "");

  // GitHub
  app.get("/github/login/oauth/authorize", (c) => authorize(c, clients.github.id));
  app.post("/github/login/oauth/access_token", async (c) => {
    const token = await redeem(c, clients.github);
    if (!token) return c.json({ error: "bad_verification_code", error_description: "The code passed is incorrect or expired." }, 200);
    return c.json({ access_token: token, token_type: "bearer", scope: "read:user,user:email" });
  });
  app.get("/github-api/user", (c) => {
    const who = bearer(c);
    if (!who) return c.json({ message: "Bad credentials" }, 401);
    return c.json({ id: Number(who.id), login: who.login ?? "user", name: who.name, avatar_url: null, email: null });
  });
  app.get("/github-api/user/emails", (c) => {
    const who = bearer(c);
    return who ? c.json(who.emails) : c.json({ message: "Bad credentials" }, 401);
  });

  // Google
  app.get("/google/o/oauth2/v2/auth", (c) => (c.req.query("response_type") === "code" ? authorize(c, clients.google.id) : c.text("unsupported", 400)));
  app.post("/google/token", async (c) => {
    const token = await redeem(c, clients.google);
    if (!token) return c.json({ error: "invalid_grant", error_description: "Bad Request" }, 400);
    return c.json({ access_token: token, expires_in: 3599, token_type: "Bearer", scope: "openid email profile", id_token: "unused" });
  });
  app.get("/google/v1/userinfo", (c) => {
    const who = bearer(c);
    if (!who) return c.json({ error: "invalid_token" }, 401);
    const primary = who.emails.find((e) => e.primary) ?? who.emails[0];
    return c.json({ sub: who.id, name: who.name, email: primary?.email, email_verified: primary?.verified ?? false });
  });

  const server = await new Promise<Server>((resolve) => {
    const started = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }, () => resolve(started as Server));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    clients,
    signInAs: (identity) => {
      current = identity;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Gateway settings that point both providers at the stand-in. */
export function standInConfig(standIn: OAuthStandIn): Record<string, string> {
  return {
    GITHUB_CLIENT_ID: standIn.clients.github.id,
    GITHUB_CLIENT_SECRET: standIn.clients.github.secret,
    GITHUB_OAUTH_URL: `${standIn.url}/github/`,
    GITHUB_API_URL: `${standIn.url}/github-api/`,
    GOOGLE_CLIENT_ID: standIn.clients.google.id,
    GOOGLE_CLIENT_SECRET: standIn.clients.google.secret,
    GOOGLE_AUTHORIZE_URL: `${standIn.url}/google/o/oauth2/v2/auth`,
    GOOGLE_TOKEN_URL: `${standIn.url}/google/token`,
    GOOGLE_USERINFO_URL: `${standIn.url}/google/v1/userinfo`,
  };
}
