import { describe, expect, it } from "vitest";
import { AUTH_MESSAGES, AuthUserSchema } from "../../../core/contracts/auth.js";
import { ErrorBodySchema } from "../../../core/errors.js";
import { createAccount, latestEmail, tokenFromText } from "../../../testing/accounts.js";
import { BrowserClient } from "../../../testing/browser-client.js";
import { randomSuffix } from "../../../testing/environment.js";
import { useTestEngine } from "../../../testing/engine.js";
import { useTestApp } from "../../../testing/gateway.js";
import { waitFor } from "../../../testing/wait-for.js";

const testApp = useTestApp({ TRUST_PROXY: "true", PUBLIC_URL: "https://sluice.example" });
// Re-sent confirmation links are written by the engine (the account-email job).
const testEngine = useTestEngine({ get current() { return testApp.current.database; } }, () => ({ QUEUE_PREFIX: testApp.current.config.QUEUE_PREFIX, PUBLIC_URL: "https://sluice.example" }));
const browser = () => new BrowserClient(testApp.current.app);
const db = () => testApp.current.database.db;
const newEmail = () => `new-${randomSuffix()}@example.test`;

async function signUp(client: BrowserClient, email: string, password = "velvet-harbor-42") {
  return client.post("/auth/signup", { full_name: "Ada Lovelace", email, password });
}

async function errorOf(response: Response) {
  return ErrorBodySchema.parse(await response.json()).error;
}

describe("sign-up", () => {
  it("creates the account with its profile, user role and free package, unconfirmed, and e-mails a link to /", async () => {
    const email = newEmail();
    const response = await signUp(browser(), email);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ message: AUTH_MESSAGES.signUpSuccess });

    const account = await db()
      .selectFrom("users")
      .innerJoin("profiles", "profiles.user_id", "users.id")
      .innerJoin("user_roles", "user_roles.user_id", "users.id")
      .innerJoin("user_packages", "user_packages.user_id", "users.id")
      .select(["users.confirmed_at", "users.password_hash", "profiles.full_name", "user_roles.role", "user_packages.package_name"])
      .where("users.email", "=", email)
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({ confirmed_at: null, full_name: "Ada Lovelace", role: "user", package_name: "free" });
    expect(account.password_hash).toMatch(/^\$argon2id\$/);

    const mail = await latestEmail(db(), email);
    expect(mail?.template).toBe("confirm-email");
    const link = new URL(mail?.text_body.match(/https:\/\/sluice\.example\/\S*/)?.[0] ?? "");
    expect(link.pathname).toBe("/");
    expect(link.searchParams.get("confirmation_token")).toMatch(/^[\w-]{43}$/);
  });

  it("answers missing fields with the spec's messages", async () => {
    const response = await browser().post("/auth/signup", { full_name: "", email: "", password: "" });
    expect(response.status).toBe(422);
    const error = await errorOf(response);
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.details).toEqual(
      expect.arrayContaining([
        { field: "full_name", message: "Full name is required" },
        { field: "email", message: "You must provide either an email or phone number and a password" },
        { field: "password", message: "You must provide either an email or phone number and a password" },
      ]),
    );
  });

  it("refuses a short password with the spec's message", async () => {
    const error = await errorOf(await signUp(browser(), newEmail(), "abc"));
    expect(error.details).toEqual([{ field: "password", message: "Password must be at least 6 characters long" }]);
  });

  it("refuses weak passwords with code weak_password and every reason", async () => {
    const email = newEmail();
    const response = await signUp(browser(), email, "password1");
    expect(response.status).toBe(422);
    const error = await errorOf(response);
    expect(error.code).toBe("weak_password");
    expect(error.details).toEqual([{ field: "password", message: "Password is too common; choose one that is harder to guess" }]);
    const asEmail = await errorOf(await signUp(browser(), email, email));
    expect(asEmail.details?.map((d) => d.message)).toContain("Password must not be your email address");
    expect(await db().selectFrom("users").select("id").where("email", "=", email).executeTakeFirst()).toBeUndefined();
  });

  it("answers a taken address exactly like a new one and tells only its owner", async () => {
    const owner = await createAccount(db());
    const before = await db().selectFrom("users").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const response = await signUp(browser(), owner.email.toUpperCase());
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ message: AUTH_MESSAGES.signUpSuccess });
    const after = await db().selectFrom("users").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect((await latestEmail(db(), owner.email))?.template).toBe("signup-existing-account");
  });

  it("sends an unconfirmed address a fresh link on a second sign-up, and the first link stops working", async () => {
    const email = newEmail();
    await signUp(browser(), email);
    const first = tokenFromText((await latestEmail(db(), email))?.text_body ?? "", "confirmation_token");
    await signUp(browser(), email);
    const second = tokenFromText((await latestEmail(db(), email))?.text_body ?? "", "confirmation_token");
    expect(second).not.toBe(first);
    expect((await browser().post("/auth/confirm", { token: first })).status).toBe(400);
    expect((await browser().post("/auth/confirm", { token: second })).status).toBe(200);
  });
});

describe("e-mail confirmation", () => {
  it("refuses sign-in until the address is confirmed", async () => {
    const email = newEmail();
    await signUp(browser(), email);
    const response = await browser().post("/auth/signin", { email, password: "velvet-harbor-42" });
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toMatchObject({ code: "EMAIL_NOT_CONFIRMED", message: "Email not confirmed" });
  });

  it("confirms with the link, signs the browser in, and refuses the link a second time", async () => {
    const email = newEmail();
    await signUp(browser(), email);
    const token = tokenFromText((await latestEmail(db(), email))?.text_body ?? "", "confirmation_token");
    const client = browser();
    const confirmed = await client.post("/auth/confirm", { token });
    expect(confirmed.status).toBe(200);
    const user = AuthUserSchema.parse(await confirmed.json());
    expect(user).toMatchObject({ user: { email }, role: "user", profile: { full_name: "Ada Lovelace" } });
    expect(user.user.email_confirmed_at).not.toBeNull();

    const me = await client.request("/auth/user");
    expect(me.status).toBe(200);
    expect(AuthUserSchema.parse(await me.json()).user.email).toBe(email);

    const again = await browser().post("/auth/confirm", { token });
    expect(again.status).toBe(400);
    expect((await errorOf(again)).code).toBe("INVALID_LINK");
    expect((await client.post("/auth/signin", { email, password: "velvet-harbor-42" })).status).toBe(200);
  });

  it("refuses an expired confirmation link", async () => {
    const email = newEmail();
    await signUp(browser(), email);
    const token = tokenFromText((await latestEmail(db(), email))?.text_body ?? "", "confirmation_token");
    await db().updateTable("auth_tokens").set({ expires_at: new Date(Date.now() - 1_000) }).where("purpose", "=", "confirm_email").execute();
    expect((await errorOf(await browser().post("/auth/confirm", { token }))).code).toBe("INVALID_LINK");
  });

  it("re-sends a link only to unconfirmed accounts, answering the same for every address", async () => {
    const pending = newEmail();
    await signUp(browser(), pending);
    const confirmed = await createAccount(db());
    const answers = await Promise.all(
      [pending, confirmed.email, newEmail()].map(async (email) => {
        const response = await browser().post("/auth/resend-confirmation", { email });
        return { status: response.status, body: await response.json() };
      }),
    );
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual({ status: 200, body: { message: AUTH_MESSAGES.confirmationSent } });
    const queue = testEngine.current.queues.get("account-email");
    await waitFor(async () => ((await queue.getJobCountByTypes("waiting", "active", "delayed", "prioritized")) === 0 ? true : undefined));
    const mails = await db().selectFrom("email_outbox").select(["template", "to_address"]).where("to_address", "in", [pending, confirmed.email]).execute();
    expect(mails.filter((m) => m.template === "confirm-email").map((m) => m.to_address)).toEqual([pending, pending]);
  });

  it("creates a missing role row as user when the user is loaded", async () => {
    const account = await createAccount(db());
    await db().deleteFrom("user_roles").where("user_id", "=", account.id).execute();
    const client = browser();
    await client.post("/auth/signin", { email: account.email, password: account.password });
    const me = AuthUserSchema.parse(await (await client.request("/auth/user")).json());
    expect(me.role).toBe("user");
    expect(await db().selectFrom("user_roles").select("role").where("user_id", "=", account.id).executeTakeFirst()).toEqual({ role: "user" });
  });
});
