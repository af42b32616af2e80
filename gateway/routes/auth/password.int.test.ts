import { describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "../../../core/contracts/auth.js";
import { ErrorBodySchema } from "../../../core/errors.js";
import { createAccount, latestEmail, tokenFromText } from "../../../testing/accounts.js";
import { BrowserClient } from "../../../testing/browser-client.js";
import { useTestEngine } from "../../../testing/engine.js";
import { useTestApp } from "../../../testing/gateway.js";
import { waitFor } from "../../../testing/wait-for.js";

const testApp = useTestApp({ TRUST_PROXY: "true", PUBLIC_URL: "https://sluice.example" });
const testEngine = useTestEngine({ get current() { return testApp.current.database; } }, () => ({ QUEUE_PREFIX: testApp.current.config.QUEUE_PREFIX, PUBLIC_URL: "https://sluice.example" }));
const browser = () => new BrowserClient(testApp.current.app);
const db = () => testApp.current.database.db;

/** Waits until the engine has worked through every account-email job asked for so far. */
async function accountEmailsHandled(): Promise<void> {
  const queue = testEngine.current.queues.get("account-email");
  await waitFor(async () => ((await queue.getJobCountByTypes("waiting", "active", "delayed", "prioritized")) === 0 ? true : undefined));
}

/** The newest reset e-mail's token, once the engine has written it (`before`: the outbox id it must not be). */
async function resetToken(email: string): Promise<string> {
  const before = (await latestEmail(db(), email))?.id;
  expect((await browser().post("/auth/forgot-password", { email })).status).toBe(200);
  const mail = await waitFor(async () => {
    const newest = await latestEmail(db(), email);
    return newest && newest.id !== before ? newest : undefined;
  });
  expect(mail.template).toBe("reset-password");
  expect(mail.text_body).toContain("https://sluice.example/reset-password?token=");
  return tokenFromText(mail.text_body, "token");
}

async function codeOf(response: Response) {
  return ErrorBodySchema.parse(await response.json()).error.code;
}

describe("forgot password", () => {
  it("answers the same whether or not the address has an account, and e-mails only real accounts", async () => {
    const account = await createAccount(db());
    const known = await browser().post("/auth/forgot-password", { email: account.email });
    const unknown = await browser().post("/auth/forgot-password", { email: "ghost@example.test" });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual({ message: AUTH_MESSAGES.resetSent });
    expect(await unknown.json()).toEqual({ message: AUTH_MESSAGES.resetSent });
    await accountEmailsHandled();
    expect((await latestEmail(db(), account.email))?.template).toBe("reset-password");
    expect(await latestEmail(db(), "ghost@example.test")).toBeUndefined();
  });

  it("asks for an address with the spec's message", async () => {
    const response = await browser().post("/auth/forgot-password", { email: "" });
    expect(response.status).toBe(422);
    expect(ErrorBodySchema.parse(await response.json()).error.details).toEqual([{ field: "email", message: "Please enter your email address" }]);
  });
});

describe("reset password", () => {
  it("sets the new password, ends every session, and tells the owner", async () => {
    const account = await createAccount(db());
    const signedIn = browser();
    await signedIn.post("/auth/signin", { email: account.email, password: account.password });
    const token = await resetToken(account.email);

    const reset = await browser().post("/auth/reset-password", { token, password: "a-brand-new-secret" });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ message: AUTH_MESSAGES.passwordReset });

    expect((await signedIn.request("/auth/user")).status, "the old session ended").toBe(401);
    expect((await browser().post("/auth/signin", { email: account.email, password: account.password })).status).toBe(400);
    expect((await browser().post("/auth/signin", { email: account.email, password: "a-brand-new-secret" })).status).toBe(200);
    expect((await latestEmail(db(), account.email))?.template).toBe("password-changed");
  });

  it("refuses a used link", async () => {
    const account = await createAccount(db());
    const token = await resetToken(account.email);
    expect((await browser().post("/auth/reset-password", { token, password: "first-new-secret" })).status).toBe(200);
    const again = await browser().post("/auth/reset-password", { token, password: "second-new-secret" });
    expect(again.status).toBe(400);
    expect(await codeOf(again)).toBe("INVALID_LINK");
  });

  it("refuses a link older than one hour", async () => {
    const account = await createAccount(db());
    const token = await resetToken(account.email);
    await db()
      .updateTable("auth_tokens")
      .set({ expires_at: new Date(Date.now() - 1), created_at: new Date(Date.now() - 3_600_001) })
      .where("user_id", "=", account.id)
      .execute();
    expect(await codeOf(await browser().post("/auth/reset-password", { token, password: "a-brand-new-secret" }))).toBe("INVALID_LINK");
  });

  it("keeps the link usable when the new password is refused as weak", async () => {
    const account = await createAccount(db());
    const token = await resetToken(account.email);
    const weak = await browser().post("/auth/reset-password", { token, password: "123456" });
    expect(weak.status).toBe(422);
    expect(await codeOf(weak)).toBe("weak_password");
    expect((await browser().post("/auth/reset-password", { token, password: "a-brand-new-secret" })).status).toBe(200);
  });

  it("lets only the newest link work", async () => {
    const account = await createAccount(db());
    const first = await resetToken(account.email);
    const second = await resetToken(account.email);
    expect(await codeOf(await browser().post("/auth/reset-password", { token: first, password: "a-brand-new-secret" }))).toBe("INVALID_LINK");
    expect((await browser().post("/auth/reset-password", { token: second, password: "a-brand-new-secret" })).status).toBe(200);
  });

  it("limits reset e-mails per address", async () => {
    const account = await createAccount(db());
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await browser().post("/auth/forgot-password", { email: account.email })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
