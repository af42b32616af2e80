import { afterAll, describe, expect, it } from "vitest";
import { AuthUserSchema } from "../../../core/contracts/auth.js";
import { tokenFromText } from "../../../testing/accounts.js";
import { BrowserClient } from "../../../testing/browser-client.js";
import { randomSuffix } from "../../../testing/environment.js";
import { useTestEngine } from "../../../testing/engine.js";
import { waitFor } from "../../../testing/wait-for.js";
import { useTestApp } from "../../../testing/gateway.js";
import { decodeQuotedPrintable, startTestSmtpServer } from "../../../testing/smtp.js";

const smtp = await startTestSmtpServer();
afterAll(() => smtp.close());
const testApp = useTestApp({ TRUST_PROXY: "true", PUBLIC_URL: "http://portal.test", PRODUCT_NAME: "Sluice" });
// The engine works the gateway's queues and delivers through the real SMTP server.
useTestEngine({ get current() { return testApp.current.database; } }, () => ({
  QUEUE_PREFIX: testApp.current.config.QUEUE_PREFIX,
  SMTP_URL: smtp.url,
  MAIL_FROM: "Sluice <no-reply@sluice.test>",
}));

describe("confirmation e-mail over SMTP", () => {
  it("reaches the inbox, and its link confirms the account and signs the browser in", async () => {
    const email = `smtp-${randomSuffix()}@example.test`;
    const browser = new BrowserClient(testApp.current.app);
    expect((await browser.post("/auth/signup", { full_name: "Mary Somerville", email, password: "velvet-harbor-42" })).status).toBe(201);

    const message = await waitFor(() => smtp.receivedFor(email)[0], 15_000);
    const text = decodeQuotedPrintable(message.raw);
    expect(message.mailFrom).toBe("no-reply@sluice.test");
    expect(text).toMatch(/^Subject: Confirm your email address for Sluice/m);
    expect(text).toContain("Hi Mary Somerville,");
    const token = tokenFromText(text, "confirmation_token");

    const confirmed = await browser.post("/auth/confirm", { token });
    expect(confirmed.status).toBe(200);
    expect(AuthUserSchema.parse(await confirmed.json()).user.email).toBe(email);
    expect((await browser.request("/auth/user")).status).toBe(200);
    const row = await testApp.current.database.db.selectFrom("email_outbox").select("status").where("to_address", "=", email).executeTakeFirstOrThrow();
    expect(row.status).toBe("sent");
  });
});
