import { describe, expect, it } from "vitest";
import { BillingOverviewSchema } from "../../core/contracts/billing.js";
import { ErrorBodySchema } from "../../core/errors.js";
import { newId } from "../../core/ids.js";
import { createAccount, createKeyedAccount } from "../../testing/accounts.js";
import { BrowserClient } from "../../testing/browser-client.js";
import { useTestApp } from "../../testing/gateway.js";
import { seedPaidPeriod } from "../../testing/paid-periods.js";

const testApp = useTestApp({ TRUST_PROXY: "true" });
const db = () => testApp.current.database.db;
const DAY = 86_400_000;

async function signedIn() {
  const account = await createAccount(db());
  const browser = new BrowserClient(testApp.current.app);
  const signIn = await browser.post("/auth/signin", { email: account.email, password: account.password });
  expect(signIn.status).toBe(200);
  return { browser, userId: account.id };
}

async function overview(browser: BrowserClient) {
  const response = await browser.request("/api/billing");
  expect(response.status).toBe(200);
  return BillingOverviewSchema.parse(await response.json());
}

async function payFor(userId: string, input: { packageName: string; period: "monthly" | "yearly"; amountCents: number; start: Date; end: Date }) {
  await seedPaidPeriod(db(), { userId, packageName: input.packageName, period: input.period, priceCents: input.amountCents, startsAt: input.start, endsAt: input.end }, input.start);
}

async function billingRow(userId: string, values: { amount: number; status: string; billingDate: Date; invoiceNumber?: string | null }) {
  const id = newId("bill");
  await db()
    .insertInto("billing_history")
    .values({
      id,
      user_id: userId,
      amount: values.amount,
      status: values.status,
      billing_date: values.billingDate,
      invoice_number: values.invoiceNumber ?? null,
      package_name: "starter",
      billing_period: "monthly",
      payment_method: values.status === "completed" ? "Visa" : null,
    })
    .execute();
  return id;
}

describe("GET /api/billing", () => {
  it("shows no subscription, the free allowance and an empty history for a new account", async () => {
    const { browser } = await signedIn();
    const billing = await overview(browser);
    expect(billing.subscription).toMatchObject({ status: "none", plan: null, period: null, amount: null, next_billing_date: null, expires_at: null, overdue: false });
    expect(billing.usage).toMatchObject({ requests_used: 0, requests_limit: 1_000, near_limit: false });
    expect(billing.usage.reset_date).toMatch(/^\d{4}-\d{2}-01$/);
    expect(billing.history).toEqual([]);
  });

  it("derives an active subscription from the paid plan: plan, period, amount, next billing date and expiry", async () => {
    const { browser, userId } = await signedIn();
    const start = new Date(Date.now() - 2 * DAY);
    const end = new Date(start.getTime() + 365 * DAY);
    await payFor(userId, { packageName: "professional_100000", period: "yearly", amountCents: 1_824_00, start, end });
    const { subscription, usage, scheduled_change } = await overview(browser);
    expect(scheduled_change).toBeNull();
    expect(subscription).toEqual({
      status: "active",
      plan: "professional_100000",
      plan_display_name: "Professional 100K",
      period: "yearly",
      amount: 1_824_00,
      currency: "USD",
      next_billing_date: end.toISOString(),
      expires_at: end.toISOString(),
      overdue: false,
      current_period_start: start.toISOString(),
      current_period_end: end.toISOString(),
    });
    expect(usage.requests_limit).toBe(100_000);
  });

  it("keeps a plan past its expiry active but overdue during the grace days", async () => {
    const { browser, userId } = await signedIn();
    const end = new Date(Date.now() - DAY);
    await payFor(userId, { packageName: "starter", period: "monthly", amountCents: 29_00, start: new Date(end.getTime() - 30 * DAY), end });
    await db().updateTable("subscriptions").set({ status: "past_due" }).where("user_id", "=", userId).execute();
    const { subscription, usage } = await overview(browser);
    expect(subscription).toMatchObject({ status: "active", plan: "starter", overdue: true, expires_at: end.toISOString() });
    // The metered path applies the paid allowance until the grace days are over.
    expect(usage.requests_limit).toBe(5_000);
  });

  it("reports an expired subscription once the account is back on free", async () => {
    const { browser, userId } = await signedIn();
    const end = new Date(Date.now() - 10 * DAY);
    await payFor(userId, { packageName: "starter", period: "monthly", amountCents: 29_00, start: new Date(end.getTime() - 30 * DAY), end });
    await db().updateTable("subscriptions").set({ status: "expired" }).where("user_id", "=", userId).execute();
    await db().updateTable("user_packages").set({ package_name: "free", request_limit: null, expires_at: null }).where("user_id", "=", userId).execute();
    const { subscription, usage } = await overview(browser);
    expect(subscription).toMatchObject({ status: "expired", plan: "starter", period: "monthly", next_billing_date: null, expires_at: end.toISOString(), overdue: true });
    expect(usage.requests_limit).toBe(1_000);
  });

  it("counts this month's requests against the allowance and flags usage at 95 %", async () => {
    const { browser, userId } = await signedIn();
    const { authorization } = await createKeyedAccount(db(), { userId, requestLimit: 20 });
    for (let i = 0; i < 19; i++) expect((await testApp.current.app.request("/v1/whoami", { headers: authorization })).status).toBe(200);
    expect((await overview(browser)).usage).toMatchObject({ requests_used: 19, requests_limit: 20, near_limit: true });
  });

  it("lists the latest 10 billing rows newest first, with '#' and 8 characters of the id when there is no invoice number", async () => {
    const { browser, userId } = await signedIn();
    for (let i = 1; i <= 11; i++) {
      await billingRow(userId, { amount: 29_00, status: "completed", billingDate: new Date(Date.now() - (20 - i) * DAY), invoiceNumber: `INV-2026-${String(900_000 + i)}` });
    }
    const pendingId = await billingRow(userId, { amount: 190_00, status: "pending", billingDate: new Date() });
    const { history } = await overview(browser);
    expect(history).toHaveLength(10);
    expect(history[0]).toMatchObject({ id: pendingId, status: "pending", amount: 190_00, currency: "USD", invoice: `#${pendingId.slice(0, 8)}`, payment_method: null });
    expect(history.slice(1).map((row) => row.invoice)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3].map((i) => `INV-2026-${String(900_000 + i)}`));
    expect(history[1]).toMatchObject({ status: "completed", plan: "starter", period: "monthly", payment_method: "Visa" });
  });

  it("shows only the signed-in user's own billing", async () => {
    const other = await createAccount(db());
    await billingRow(other.id, { amount: 29_00, status: "completed", billingDate: new Date(), invoiceNumber: "INV-2026-999999" });
    await payFor(other.id, { packageName: "starter", period: "monthly", amountCents: 29_00, start: new Date(), end: new Date(Date.now() + 30 * DAY) });
    const { browser } = await signedIn();
    const billing = await overview(browser);
    expect(billing.history).toEqual([]);
    expect(billing.subscription.status).toBe("none");
  });

  it("refuses a request without a session", async () => {
    const response = await testApp.current.app.request("/api/billing");
    expect(response.status).toBe(401);
    ErrorBodySchema.parse(await response.json());
  });
});
