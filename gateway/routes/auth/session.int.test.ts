import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AuthUserSchema, CurrentSessionSchema } from "../../../core/contracts/auth.js";
import { ErrorBodySchema } from "../../../core/errors.js";
import { createAccount } from "../../../testing/accounts.js";
import { BrowserClient } from "../../../testing/browser-client.js";
import { useTestApp } from "../../../testing/gateway.js";
import { decodeJwt } from "jose";
import { accessTokenKeys, signAccessToken } from "../../auth/access-token.js";
import { ACCESS_COOKIE, REFRESH_COOKIE } from "../../auth/session-cookies.js";

const testApp = useTestApp({ TRUST_PROXY: "true" });
const browser = () => new BrowserClient(testApp.current.app);
const db = () => testApp.current.database.db;

async function signedIn(account: { email: string; password: string }, remember = false) {
  const client = browser();
  const response = await client.post("/auth/signin", { email: account.email, password: account.password, remember });
  expect(response.status).toBe(200);
  return { client, response };
}

async function codeOf(response: Response) {
  return ErrorBodySchema.parse(await response.json()).error.code;
}

describe("sign-in", () => {
  it("sets httpOnly SameSite=Lax session cookies and answers the user, profile and role", async () => {
    const account = await createAccount(db(), { fullName: "Grace Hopper" });
    const { client, response } = await signedIn(account);
    const user = AuthUserSchema.parse(await response.json());
    expect(user).toMatchObject({ user: { id: account.id, email: account.email }, profile: { full_name: "Grace Hopper" }, role: "user" });
    const cookies = response.headers.getSetCookie();
    const access = cookies.find((c) => c.startsWith(`${ACCESS_COOKIE}=`)) ?? "";
    const refresh = cookies.find((c) => c.startsWith(`${REFRESH_COOKIE}=`)) ?? "";
    expect(access).toMatch(/HttpOnly/);
    expect(access).toMatch(/SameSite=Lax/);
    expect(access).toMatch(/Max-Age=900/);
    expect(refresh).toMatch(/HttpOnly/);
    expect(refresh).toMatch(/Path=\/auth/);
    expect(refresh, "without remember-me the refresh cookie ends with the browser").not.toMatch(/Max-Age/);
    expect((await client.request("/auth/user")).status).toBe(200);
  });

  it("keeps the refresh cookie for 30 days with remember-me", async () => {
    const account = await createAccount(db());
    const { response } = await signedIn(account, true);
    const refresh = response.headers.getSetCookie().find((c) => c.startsWith(`${REFRESH_COOKIE}=`)) ?? "";
    const maxAge = Number(refresh.match(/Max-Age=(\d+)/)?.[1]);
    expect(maxAge).toBeGreaterThan(29 * 24 * 3_600);
  });

  it("answers a wrong password and an unknown address the same way", async () => {
    const account = await createAccount(db());
    const wrong = await browser().post("/auth/signin", { email: account.email, password: "not-the-password" });
    const unknown = await browser().post("/auth/signin", { email: "nobody@example.test", password: "not-the-password" });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(400);
      expect(ErrorBodySchema.parse(await response.json()).error).toMatchObject({ code: "INVALID_CREDENTIALS", message: "Invalid email or password" });
    }
  });

  it("refuses the 11th rapid failed sign-in with 429 and Retry-After, even with the right password", async () => {
    const account = await createAccount(db());
    const attacker = browser();
    for (let i = 1; i <= 10; i++) {
      expect((await attacker.post("/auth/signin", { email: account.email, password: `guess-${i}` })).status, `attempt ${i}`).toBe(400);
    }
    const eleventh = await attacker.post("/auth/signin", { email: account.email, password: "guess-11" });
    expect(eleventh.status).toBe(429);
    expect(Number(eleventh.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(await codeOf(eleventh)).toBe("RATE_LIMITED");
    // The account is protected from every address, not just the attacker's.
    expect((await browser().post("/auth/signin", { email: account.email, password: account.password })).status).toBe(429);
  });
});

describe("sessions", () => {
  it("rotates the refresh token, and a stolen token used after rotation revokes the whole family", async () => {
    const account = await createAccount(db());
    const { client: victim } = await signedIn(account);
    const stolen = victim.cookie(REFRESH_COOKIE) ?? "";

    const refreshed = await victim.post("/auth/refresh");
    expect(refreshed.status).toBe(200);
    expect(victim.cookie(REFRESH_COOKIE)).not.toBe(stolen);
    // Past the short grace window that tolerates two tabs refreshing at once.
    await db().updateTable("sessions").set({ rotated_at: new Date(Date.now() - 60_000) }).where("user_id", "=", account.id).where("rotated_at", "is not", null).execute();

    const thief = browser();
    thief.cookies.set(REFRESH_COOKIE, { value: stolen, path: "/auth" });
    const replay = await thief.post("/auth/refresh");
    expect(replay.status).toBe(401);
    expect(await codeOf(replay)).toBe("SESSION_MISSING");

    expect((await victim.request("/auth/user")).status, "the victim's access token is dead too").toBe(401);
    expect((await victim.post("/auth/refresh")).status).toBe(401);
  });

  it("tolerates two tabs refreshing with the same token at the same moment", async () => {
    const account = await createAccount(db());
    const { client } = await signedIn(account);
    const token = client.cookie(REFRESH_COOKIE) ?? "";
    const otherTab = browser();
    otherTab.cookies.set(REFRESH_COOKIE, { value: token, path: "/auth" });
    expect((await client.post("/auth/refresh")).status).toBe(200);
    expect((await otherTab.post("/auth/refresh")).status).toBe(200);
    expect((await client.request("/auth/user")).status).toBe(200);
  });

  it("signs out globally: every session of the user ends", async () => {
    const account = await createAccount(db());
    const { client: laptop } = await signedIn(account);
    const { client: phone } = await signedIn(account, true);
    const signOut = await laptop.post("/auth/signout");
    expect(signOut.status).toBe(200);
    expect(laptop.cookie(ACCESS_COOKIE)).toBeUndefined();
    expect((await phone.request("/auth/user")).status).toBe(401);
    expect((await phone.post("/auth/refresh")).status).toBe(401);
    const live = await db().selectFrom("sessions").select("id").where("user_id", "=", account.id).where("revoked_at", "is", null).execute();
    expect(live).toEqual([]);
  });

  it("answers a visitor's /auth/user with 401 SESSION_MISSING", async () => {
    const response = await browser().request("/auth/user");
    expect(response.status).toBe(401);
    expect(ErrorBodySchema.parse(await response.json()).error).toMatchObject({ code: "SESSION_MISSING", message: "Auth session missing!" });
  });

  it("answers the portal's /auth/session check with 200 either way: null for a visitor or after sign-out, the user when signed in", async () => {
    const visitor = await browser().request("/auth/session");
    expect(visitor.status).toBe(200);
    expect(CurrentSessionSchema.parse(await visitor.json())).toEqual({ current: null });
    const account = await createAccount(db());
    const { client } = await signedIn(account);
    const signedInState = CurrentSessionSchema.parse(await (await client.request("/auth/session")).json());
    expect(signedInState.current?.user.id).toBe(account.id);
    expect((await client.post("/auth/signout")).status).toBe(200);
    expect(CurrentSessionSchema.parse(await (await client.request("/auth/session")).json())).toEqual({ current: null });
  });
});

describe("authorization and CSRF", () => {
  it("refuses state-changing requests without the CSRF header, or with a wrong one", async () => {
    const account = await createAccount(db());
    const client = browser();
    const bare = await client.post("/auth/signin", { email: account.email, password: account.password }, { csrf: false });
    expect(bare.status).toBe(403);
    expect(await codeOf(bare)).toBe("CSRF_FAILED");
    const forged = await client.request("/auth/signin", { method: "POST", json: { email: account.email, password: account.password }, csrf: false, headers: { "X-CSRF-Token": "x".repeat(43) } });
    expect(forged.status).toBe(403);

    const { client: user } = await signedIn(account);
    const patch = await user.request("/api/profile", { method: "PATCH", json: { full_name: "Mallory" }, csrf: false });
    expect(patch.status).toBe(403);
    const allowed = await user.request("/api/profile", { method: "PATCH", json: { full_name: "Grace" } });
    expect(allowed.status).toBe(200);
  });

  it("answers a visitor on user APIs with 401 and a user on admin APIs with 403", async () => {
    expect((await browser().request("/api/profile")).status).toBe(401);
    const { client: user } = await signedIn(await createAccount(db()));
    expect((await user.request("/api/profile")).status).toBe(200);
    const forbidden = await user.request("/api/admin/users");
    expect(forbidden.status).toBe(403);
    expect(await codeOf(forbidden)).toBe("FORBIDDEN");

    const { client: admin } = await signedIn(await createAccount(db(), { role: "admin" }));
    const list = await admin.request("/api/admin/users?limit=5");
    expect(list.status).toBe(200);
    expect(((await list.json()) as { users: unknown[] }).users.length).toBeGreaterThan(0);
  });

  it("takes a revoked admin role away at once, whatever the access token says", async () => {
    const admin = await createAccount(db(), { role: "admin" });
    const { client } = await signedIn(admin);
    expect((await client.request("/api/admin/users")).status).toBe(200);
    await db().updateTable("user_roles").set({ role: "user" }).where("user_id", "=", admin.id).execute();
    expect((await client.request("/api/admin/users")).status).toBe(403);
  });
});

describe("secrets", () => {
  it("never writes a password or token into a response or a log line", async () => {
    const password = "unique-secret-passphrase-9731";
    const account = await createAccount(db(), { password });
    const { client, response } = await signedIn(account);
    const refreshToken = client.cookie(REFRESH_COOKIE) ?? "";
    const accessToken = client.cookie(ACCESS_COOKIE) ?? "";
    const refreshed = await client.post("/auth/refresh");
    await browser().post("/auth/signin", { email: account.email, password: `${password}-wrong` });
    await browser().post("/auth/signup", { full_name: "X", email: account.email, password });

    for (const body of [await response.clone().text(), await refreshed.text()]) {
      expect(body).not.toContain(password);
      expect(body).not.toContain(refreshToken);
    }
    const logs = testApp.current.logs.join("\n");
    expect(logs.length).toBeGreaterThan(0);
    for (const secret of [password, refreshToken, accessToken, client.cookie(REFRESH_COOKIE) ?? "-"]) {
      expect(logs).not.toContain(secret);
    }
  });
});

describe("access tokens", () => {
  it("refuses a token that names one user and another user's live session", async () => {
    const [alice, bob] = [await createAccount(db()), await createAccount(db())];
    const { client: aliceClient } = await signedIn(alice);
    const { client: bobClient } = await signedIn(bob);
    const bobSession = z.object({ sid: z.string() }).parse(decodeJwt(bobClient.cookie(ACCESS_COOKIE) ?? "")).sid;
    const keys = accessTokenKeys(testApp.current.config.JWT_SECRET);

    // Bob's own session works with a token naming him; Alice's id on Bob's session is refused.
    for (const [userId, status] of [[bob.id, 200], [alice.id, 401]] as const) {
      const { token } = await signAccessToken(keys, { sub: userId, sid: bobSession });
      aliceClient.cookies.set(ACCESS_COOKIE, { value: token, path: "/" });
      const response = await aliceClient.request("/auth/user");
      expect(response.status, userId).toBe(status);
      if (status === 401) expect(await codeOf(response)).toBe("SESSION_MISSING");
      expect((await aliceClient.request("/api/profile")).status, `/api/profile as ${userId}`).toBe(status);
    }
  });
});
