import { describe, expect, it } from "vitest";
import { createLogger } from "../../core/logger.js";
import { createAccount, createKeyedAccount } from "../../testing/accounts.js";
import { waitFor } from "../../testing/wait-for.js";
import { useTestApp } from "../../testing/gateway.js";
import { seedPaidPeriod } from "../../testing/paid-periods.js";
import { runSubscriptionRenewals, type RenewalDeps } from "./subscription-renewals.js";

// The real gateway beside the task, over the same database and Redis namespace, to watch the metered path.
const testApp = useTestApp();
const db = () => testApp.current.database.db;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function deps(): RenewalDeps {
  const { config, redis, queues } = testApp.current;
  return { db: db(), redis, queues, logger: createLogger({ level: "silent", name: "test" }), config };
}
const runAt = (now: Date) => runSubscriptionRenewals(deps(), now);

async function subscriber(periodEnd: Date, packageName = "starter") {
  const account = await createAccount(db(), { fullName: "Ada Lovelace" });
  await payUntil(account.id, periodEnd, packageName);
  return account;
}

async function payUntil(userId: string, periodEnd: Date, packageName = "starter") {
  await seedPaidPeriod(db(), { userId, packageName, priceCents: 29_00, startsAt: new Date(periodEnd.getTime() - 30 * DAY), endsAt: periodEnd });
}

const reminders = (to: string) =>
  db().selectFrom("email_outbox").select(["template", "subject", "text_body"]).where("to_address", "=", to).where("template", "like", "renewal_reminder_%").orderBy("created_at").orderBy("id").execute();
const packageOf = (userId: string) => db().selectFrom("user_packages").select(["package_name", "request_limit", "expires_at"]).where("user_id", "=", userId).executeTakeFirstOrThrow();
const subscriptionsOf = (userId: string) => db().selectFrom("subscriptions").select(["status", "plan_name", "next_billing_date"]).where("user_id", "=", userId).execute();

async function requestLimit(authorization: { Authorization: string }): Promise<number | null> {
  const response = await testApp.current.app.request("/v1/usage", { headers: authorization });
  expect(response.status).toBe(200);
  return ((await response.json()) as { requests_limit: number | null }).requests_limit;
}

describe("renewal reminders", () => {
  it("sends the 7-day and the 1-day reminder once each per period, with a link to pay again", async () => {
    const end = new Date(Date.now() + 30 * DAY);
    const { email, id: userId } = await subscriber(end);

    await runAt(new Date(end.getTime() - 8 * DAY));
    expect(await reminders(email)).toEqual([]);

    await runAt(new Date(end.getTime() - 7 * DAY + HOUR));
    await runAt(new Date(end.getTime() - 6 * DAY));
    const [week, ...none] = await reminders(email);
    expect(none).toEqual([]);
    expect(week?.template).toBe("renewal_reminder_7d");
    expect(week?.subject).toBe("Your Sluice Starter plan expires in 7 days");
    expect(week?.text_body).toContain(end.toISOString().slice(0, 10));
    expect(week?.text_body).toContain("$29.00 USD");
    expect(week?.text_body).toContain(`${testApp.current.config.PUBLIC_URL.replace(/\/$/, "")}/dashboard?plan=starter&tier=5000&period=monthly&amount=29`);

    await runAt(new Date(end.getTime() - 12 * HOUR));
    await runAt(new Date(end.getTime() - 2 * HOUR));
    expect((await reminders(email)).map((m) => m.template)).toEqual(["renewal_reminder_7d", "renewal_reminder_1d"]);

    // Paying again starts a new period, which gets its own reminders.
    const next = new Date(end.getTime() + 30 * DAY);
    await payUntil(userId, next);
    await runAt(new Date(next.getTime() - 7 * DAY + HOUR));
    expect((await reminders(email)).map((m) => m.template)).toEqual(["renewal_reminder_7d", "renewal_reminder_1d", "renewal_reminder_7d"]);
  });

  it("reads the end of the paid time from the timeline: no reminder while a renewal is paid, one before the renewal ends", async () => {
    const end = new Date(Date.now() + 30 * DAY);
    const { email, id: userId } = await subscriber(end);
    // Renewed early: the next month follows the current one.
    await seedPaidPeriod(db(), { userId, packageName: "starter", priceCents: 29_00, startsAt: new Date(), endsAt: new Date(Date.now() + 30 * DAY), planChange: "renewal" });
    const paidUntil = (await packageOf(userId)).expires_at ?? new Date(0);
    expect(paidUntil.getTime()).toBe(end.getTime() + 30 * DAY);
    await runAt(new Date(end.getTime() - 6 * DAY));
    await runAt(new Date(end.getTime() - 12 * HOUR));
    expect(await reminders(email)).toEqual([]);
    // The renewal runs at the end of the first month without a plan change, and is reminded about before it ends.
    expect(await runAt(new Date(end.getTime() + HOUR))).toMatchObject({ started: 0, past_due: 0, expired: 0 });
    await runAt(new Date(paidUntil.getTime() - 6 * DAY));
    const [week] = await reminders(email);
    expect(week?.template).toBe("renewal_reminder_7d");
    expect(week?.text_body).toContain(paidUntil.toISOString().slice(0, 10));
  });

  it("sends only the 1-day reminder when the task first runs within a day of the expiry", async () => {
    const end = new Date(Date.now() + 30 * DAY);
    const { email } = await subscriber(end);
    await runAt(new Date(end.getTime() - 20 * HOUR));
    await runAt(new Date(end.getTime() - 10 * HOUR));
    expect((await reminders(email)).map((m) => m.template)).toEqual(["renewal_reminder_1d"]);
  });
});

describe("expiry", () => {
  it("keeps the plan during the 3 grace days, then returns the account to free and the gateway meters it on free within a second", async () => {
    const end = new Date(Date.now() + HOUR);
    const { id: userId } = await subscriber(end);
    const { authorization } = await createKeyedAccount(db(), { userId });
    expect(await requestLimit(authorization)).toBe(5_000);

    await runAt(new Date(end.getTime() + 2 * DAY));
    expect(await packageOf(userId)).toMatchObject({ package_name: "starter", request_limit: 5_000 });
    expect(await subscriptionsOf(userId)).toMatchObject([{ status: "past_due", plan_name: "starter" }]);

    const result = await runAt(new Date(end.getTime() + 3 * DAY + HOUR));
    const reverted = Date.now();
    expect(result.expired).toBe(1);
    expect(await packageOf(userId)).toEqual({ package_name: "free", request_limit: null, expires_at: null });
    expect(await subscriptionsOf(userId)).toMatchObject([{ status: "expired", plan_name: "starter" }]);
    // The key record was cached with the paid limit; the announcement evicts it.
    await waitFor(async () => ((await requestLimit(authorization)) === 1_000 ? true : undefined), 1_000);
    expect(Date.now() - reverted).toBeLessThan(1_000);

    expect(await runAt(new Date(end.getTime() + 5 * DAY))).toMatchObject({ expired: 0, past_due: 0 });
  });

  it("leaves a plan renewed during the grace days alone", async () => {
    const end = new Date(Date.now() - 2 * DAY);
    const { id: userId } = await subscriber(end);
    await runAt(new Date(end.getTime() + DAY));
    expect(await subscriptionsOf(userId)).toMatchObject([{ status: "past_due" }]);
    const renewed = new Date(end.getTime() + 30 * DAY);
    await payUntil(userId, renewed);

    await runAt(new Date(end.getTime() + 4 * DAY));
    expect(await packageOf(userId)).toMatchObject({ package_name: "starter", expires_at: renewed });
    expect(await subscriptionsOf(userId)).toMatchObject([{ status: "active", next_billing_date: renewed }]);
  });
});
