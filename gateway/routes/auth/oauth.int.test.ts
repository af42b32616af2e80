import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuthUserSchema } from "../../../core/contracts/auth.js";
import { PortalConfigSchema } from "../../../core/contracts/portal-config.js";
import { createAccount } from "../../../testing/accounts.js";
import { BrowserClient } from "../../../testing/browser-client.js";
import { randomSuffix } from "../../../testing/environment.js";
import { useTestApp } from "../../../testing/gateway.js";
import { startOAuthStandIn, standInConfig, type OAuthStandIn } from "../../../testing/oauth-stand-in.js";

// The stand-in must be listening before the app reads its URLs from the configuration.
const standIn: OAuthStandIn = await startOAuthStandIn();
afterAll(() => standIn.close());
const testApp = useTestApp({ TRUST_PROXY: "true", PUBLIC_URL: "http://portal.test", ...standInConfig(standIn) });
const db = () => testApp.current.database.db;
/** GitHub user ids are numbers. */
const githubId = () => String(Math.floor(Math.random() * 1e9));

/** Walks the redirects a browser would follow: gateway -> provider -> gateway callback. */
async function signInWith(provider: "github" | "google", client = new BrowserClient(testApp.current.app), next?: string) {
  const start = await client.request(`/auth/oauth/${provider}/start${next === undefined ? "" : `?next=${encodeURIComponent(next)}`}`);
  expect(start.status).toBe(302);
  const approval = await fetch(start.headers.get("Location") ?? "", { redirect: "manual" });
  expect(approval.status).toBe(302);
  const callback = new URL(approval.headers.get("Location") ?? "");
  expect(callback.origin).toBe("http://portal.test");
  const landing = await client.request(`${callback.pathname}${callback.search}`);
  return { client, landing, location: landing.headers.get("Location") ?? "" };
}

describe("OAuth sign-in", () => {
  it("lists the configured providers in the portal's configuration", async () => {
    const body = PortalConfigSchema.parse(await (await new BrowserClient(testApp.current.app).request("/api/portal-config")).json());
    expect(body.oauth_providers).toEqual([
      { id: "github", name: "GitHub", start_url: "/auth/oauth/github/start" },
      { id: "google", name: "Google", start_url: "/auth/oauth/google/start" },
    ]);
  });

  it("creates a confirmed account without a password for a new GitHub user and signs it in", async () => {
    const email = `octo-${randomSuffix()}@example.test`;
    standIn.signInAs({ id: githubId(), login: "octo", name: "Octo Cat", emails: [{ email, primary: true, verified: true }] });
    const { client, location } = await signInWith("github");
    expect(location).toBe("/dashboard");
    const me = AuthUserSchema.parse(await (await client.request("/auth/user")).json());
    expect(me).toMatchObject({ user: { email }, profile: { full_name: "Octo Cat" }, role: "user" });
    const user = await db().selectFrom("users").select(["password_hash", "confirmed_at"]).where("email", "=", email).executeTakeFirstOrThrow();
    expect(user.password_hash).toBeNull();
    expect(user.confirmed_at).not.toBeNull();
  });

  it("returns to the page the sign-in started from, and only to a path of the portal", async () => {
    const email = `back-${randomSuffix()}@example.test`;
    const identity = { id: githubId(), login: "back", name: "Back Again", emails: [{ email, primary: true, verified: true }] };
    standIn.signInAs(identity);
    expect((await signInWith("github", undefined, "/dashboard?section=billing")).location).toBe("/dashboard?section=billing");
    for (const next of ["//evil.example/x", "https://evil.example/", "/\\evil.example", "/signin"]) {
      standIn.signInAs(identity);
      expect((await signInWith("github", undefined, next)).location).toBe("/dashboard");
    }
    // A later sign-in without a page to return to does not inherit the earlier one.
    const client = new BrowserClient(testApp.current.app);
    standIn.signInAs(identity);
    expect((await signInWith("github", client, "/dashboard?section=keys")).location).toBe("/dashboard?section=keys");
    standIn.signInAs(identity);
    expect((await signInWith("github", client)).location).toBe("/dashboard");
  });

  it("links a Google identity to the existing account with the same verified e-mail", async () => {
    const account = await createAccount(db());
    const sub = `g-${randomSuffix()}`;
    standIn.signInAs({ id: sub, name: "Someone", emails: [{ email: account.email.toUpperCase(), primary: true, verified: true }] });
    const { client, location } = await signInWith("google");
    expect(location).toBe("/dashboard");
    expect(AuthUserSchema.parse(await (await client.request("/auth/user")).json()).user.id).toBe(account.id);
    const link = await db().selectFrom("oauth_accounts").selectAll().where("provider_user_id", "=", sub).executeTakeFirstOrThrow();
    expect(link).toMatchObject({ provider: "google", user_id: account.id });
    // The next sign-in finds the link, whatever the e-mail says then.
    standIn.signInAs({ id: sub, name: "Someone", emails: [] });
    expect((await signInWith("google")).location).toBe("/dashboard");
  });

  it("refuses an identity whose e-mail the provider has not verified", async () => {
    const account = await createAccount(db());
    standIn.signInAs({ id: githubId(), name: "Impostor", emails: [{ email: account.email, primary: true, verified: false }] });
    const { location, client } = await signInWith("github");
    expect(location).toMatch(/^\/signin\?error=/);
    expect(decodeURIComponent(location)).toContain("no verified email address");
    expect((await client.request("/auth/user")).status).toBe(401);
  });

  it("refuses a callback from another browser, and a replayed one", async () => {
    standIn.signInAs({ id: githubId(), name: "R", emails: [{ email: `r-${randomSuffix()}@example.test`, primary: true, verified: true }] });
    const victim = new BrowserClient(testApp.current.app);
    const start = await victim.request("/auth/oauth/github/start");
    const approval = await fetch(start.headers.get("Location") ?? "", { redirect: "manual" });
    const callback = new URL(approval.headers.get("Location") ?? "");

    const attacker = new BrowserClient(testApp.current.app);
    const forged = await attacker.request(`${callback.pathname}${callback.search}`);
    expect(forged.headers.get("Location")).toMatch(/^\/signin\?error=/);

    const first = await victim.request(`${callback.pathname}${callback.search}`);
    expect(first.headers.get("Location")).toBe("/dashboard");
    const replay = await victim.request(`${callback.pathname}${callback.search}`);
    expect(replay.headers.get("Location")).toMatch(/^\/signin\?error=/);
  });

  it("answers 404 for a provider that is not configured or does not exist", async () => {
    expect((await new BrowserClient(testApp.current.app).request("/auth/oauth/facebook/start")).status).toBe(404);
  });
});

describe("OAuth without configuration", () => {
  const bare = useTestApp();
  beforeAll(() => undefined);
  it("shows no providers and has no start route", async () => {
    const client = new BrowserClient(bare.current.app);
    expect(PortalConfigSchema.parse(await (await client.request("/api/portal-config")).json()).oauth_providers).toEqual([]);
    expect((await client.request("/auth/oauth/github/start")).status).toBe(404);
  });
});
