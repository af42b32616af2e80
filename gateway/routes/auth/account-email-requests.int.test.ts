import { describe, expect, it } from "vitest";
import { createAccount } from "../../../testing/accounts.js";
import { BrowserClient } from "../../../testing/browser-client.js";
import { useTestApp } from "../../../testing/gateway.js";

/**
 * Forgot-password and resend-confirmation reveal nothing by their timing (issue 35): the request
 * does the same work for every address, queueing the question for the engine and writing nothing.
 * (No engine runs here, so what the request itself did stays visible; password.int.test.ts and
 * registration.int.test.ts follow the e-mails through the engine.)
 */
const testApp = useTestApp({ TRUST_PROXY: "true" });
const db = () => testApp.current.database.db;

describe("e-mails an address asks for", () => {
  it("are queued for the engine alike for an account, an unconfirmed account and no account, with nothing written in the request", async () => {
    const [confirmed, unconfirmed] = [await createAccount(db()), await createAccount(db(), { confirmed: false })];
    const asked = [
      ["/auth/forgot-password", confirmed.email, "password_reset"],
      ["/auth/forgot-password", "nobody-here@example.test", "password_reset"],
      ["/auth/resend-confirmation", unconfirmed.email, "confirmation"],
      ["/auth/resend-confirmation", confirmed.email, "confirmation"],
      ["/auth/resend-confirmation", "nobody-either@example.test", "confirmation"],
    ] as const;
    for (const [path, email] of asked) expect((await new BrowserClient(testApp.current.app).post(path, { email })).status, `${path} ${email}`).toBe(200);

    const jobs = await testApp.current.queues.get("account-email").getJobs(["waiting"]);
    expect(jobs.map((job) => job.data).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))).toEqual(
      asked.map(([, email, kind]) => ({ kind, email })).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    );
    const addresses = asked.map(([, email]) => email);
    expect(await db().selectFrom("email_outbox").select("id").where("to_address", "in", addresses).execute()).toEqual([]);
    expect(await db().selectFrom("auth_tokens").select("id").where("user_id", "in", [confirmed.id, unconfirmed.id]).execute()).toEqual([]);
  });
});
