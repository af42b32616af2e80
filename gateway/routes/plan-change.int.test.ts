import { describe, expect, it } from "vitest";
import { BillingOverviewSchema } from "../../core/contracts/billing.js";
import { CheckoutQuoteSchema, PaymentVerificationSchema } from "../../core/contracts/checkout.js";
import { ErrorBodySchema } from "../../core/errors.js";
import { createLogger } from "../../core/logger.js";
import { seedPaidPeriod } from "../../testing/paid-periods.js";
import { runSubscriptionRenewals } from "../../engine/billing/subscription-renewals.js";
import { createKeyedAccount } from "../../testing/accounts.js";
import type { BrowserClient } from "../../testing/browser-client.js";
import { waitFor } from "../../testing/wait-for.js";
import { BILLING, CARD, checkout, MOBILE_MONEY, payOnHostedPage, usePaymentStand, verifyReturn } from "../../testing/payment-stand.js";
import { addMonths } from "../../core/payments/timeline.js";

const stand = usePaymentStand();
const db = () => stand.current.testApp.database.db;
const DAY = 86_400_000;

async function quote(browser: BrowserClient, plan: string, period: string) {
  const response = await browser.request(`/api/checkout/quote?plan=${plan}&period=${period}`);
  return { status: response.status, body: (await response.json()) as unknown };
}

async function quoted(browser: BrowserClient, plan: string, period: string) {
  const { status, body } = await quote(browser, plan, period);
  expect(status, JSON.stringify(body)).toBe(200);
  return CheckoutQuoteSchema.parse(body);
}

async function refusal(browser: BrowserClient, plan: string, period: string) {
  const { status, body } = await quote(browser, plan, period);
  expect(status).toBe(422);
  return ErrorBodySchema.parse(body).error.details?.[0];
}

/** Checkout at the quoted amount, paid on the sandbox page; the verification's state. */
async function buy(browser: BrowserClient, plan: string, period: "monthly" | "yearly", amount: number, form: Record<string, string> = CARD) {
  const order = await checkout(browser, { plan, period, amount });
  const response = await verifyReturn(browser, await payOnHostedPage(order.redirect_url, form));
  expect(response.status).toBe(200);
  return { order, verification: PaymentVerificationSchema.parse(await response.json()) };
}

async function requestLimit(authorization: { Authorization: string }): Promise<number | null> {
  const response = await fetch(`${stand.current.url}/v1/usage`, { headers: authorization });
  return ((await response.json()) as { requests_limit: number | null }).requests_limit;
}

const packageOf = (userId: string) => db().selectFrom("user_packages").selectAll().where("user_id", "=", userId).executeTakeFirstOrThrow();
const subscriptionsOf = (userId: string) =>
  db().selectFrom("subscriptions").select(["status", "plan_name", "amount", "current_period_start", "next_billing_date"]).where("user_id", "=", userId).orderBy("created_at").execute();

async function billingOverview(browser: BrowserClient) {
  const response = await browser.request("/api/billing");
  expect(response.status).toBe(200);
  return BillingOverviewSchema.parse(await response.json());
}

function renewals(now: Date) {
  const { config, redis, queues } = stand.current.testApp;
  return runSubscriptionRenewals({ db: db(), redis, queues, logger: createLogger({ level: "silent", name: "test" }), config }, now);
}

describe("upgrades", () => {
  it("charges the new plan less the unused days of the current one, and starts it at once", async () => {
    const { browser, userId } = await stand.current.customer();
    const { authorization } = await createKeyedAccount(db(), { userId });
    await buy(browser, "starter", "monthly", 29_00);
    const [starter] = await subscriptionsOf(userId);
    if (!starter?.current_period_start || !starter.next_billing_date) throw new Error("no starter period");

    const upgrade = await quoted(browser, "professional_100000", "monthly");
    const periodDays = Math.round((starter.next_billing_date.getTime() - starter.current_period_start.getTime()) / DAY);
    const daysLeft = Math.floor((starter.next_billing_date.getTime() - Date.now()) / DAY);
    const credit = Math.round((29_00 * daysLeft) / periodDays);
    expect(credit).toBeGreaterThan(25_00);
    expect(upgrade).toMatchObject({ change: "upgrade", current_plan_display_name: "Starter", subtotal_cents: 190_00, credit_cents: credit, total_cents: 190_00 - credit });

    // The list price without the credit is not what this customer is charged.
    const listPrice = await browser.post("/api/checkout", { plan: "professional_100000", period: "monthly", amount: 190_00, billing: BILLING });
    expect(listPrice.status).toBe(422);
    expect(ErrorBodySchema.parse(await listPrice.json()).error.message).toContain(`credit for your current plan`);

    const { order, verification } = await buy(browser, "professional_100000", "monthly", upgrade.total_cents, MOBILE_MONEY);
    expect(verification).toMatchObject({ status: "completed", amount: 190_00 - credit });
    const pkg = await packageOf(userId);
    expect(pkg).toMatchObject({ package_name: "professional_100000", request_limit: 100_000 });
    expect(Math.abs((pkg.expires_at?.getTime() ?? 0) - addMonths(new Date(), 1).getTime())).toBeLessThan(60_000);
    // One live subscription, priced at the full period (the next upgrade's credit is prorated from it).
    expect((await subscriptionsOf(userId)).map((s) => [s.status, s.plan_name, s.amount])).toEqual([["active", "professional_100000", 190_00]]);
    const billing = await db().selectFrom("billing_history").select(["amount", "metadata"]).where("payment_order_id", "=", (await db().selectFrom("payment_orders").select("id").where("merchant_reference", "=", order.merchant_reference).executeTakeFirstOrThrow()).id).executeTakeFirstOrThrow();
    expect(billing.amount).toBe(190_00 - credit);
    expect(billing.metadata).toMatchObject({ plan_change: "upgrade", proration_credit_cents: credit });
    await waitFor(async () => ((await requestLimit(authorization)) === 100_000 ? true : undefined), 1_000);
  });

  it("refuses an order the credit would pay in full, asking for a longer period", async () => {
    const { browser, userId } = await stand.current.customer();
    const start = new Date();
    await seedPaidPeriod(db(), { userId, packageName: "professional_1000000", period: "threeYears", priceCents: 25_920_00, startsAt: start, endsAt: addMonths(start, 36) });
    expect(await refusal(browser, "professional_2500000", "monthly")).toMatchObject({ field: "period", message: expect.stringContaining("Choose a longer billing period") });
    expect((await quoted(browser, "professional_2500000", "threeYears")).change).toBe("upgrade");
  });
});

describe("downgrades", () => {
  it("are paid now, start when the current period ends, and are started by the engine then", async () => {
    const { browser, userId, email } = await stand.current.customer();
    const { authorization } = await createKeyedAccount(db(), { userId });
    await buy(browser, "professional_250000", "monthly", 390_00);
    const before = await packageOf(userId);
    const periodEnd = before.expires_at ?? new Date(0);

    const downgrade = await quoted(browser, "starter", "monthly");
    expect(downgrade).toMatchObject({ change: "downgrade", credit_cents: 0, total_cents: 29_00, starts_at: periodEnd.toISOString(), ends_at: addMonths(periodEnd, 1).toISOString() });
    expect((await buy(browser, "starter", "monthly", 29_00)).verification.status).toBe("completed");

    // Nothing changes yet: the paid Professional period runs on; the change is scheduled and shown.
    expect(await packageOf(userId)).toMatchObject({ package_name: "professional_250000", expires_at: periodEnd });
    expect((await subscriptionsOf(userId)).map((s) => [s.status, s.plan_name])).toEqual([
      ["active", "professional_250000"],
      ["scheduled", "starter"],
    ]);
    const overview = await billingOverview(browser);
    expect(overview.subscription).toMatchObject({ status: "active", plan: "professional_250000" });
    expect(overview.scheduled_change).toEqual({ plan: "starter", plan_display_name: "Starter", period: "monthly", starts_at: periodEnd.toISOString(), ends_at: addMonths(periodEnd, 1).toISOString() });
    const receipt = await db().selectFrom("email_outbox").select("text_body").where("to_address", "=", email).where("template", "=", "payment_receipt").orderBy("created_at", "desc").executeTakeFirstOrThrow();
    expect(receipt.text_body).toContain("Your Starter plan starts on");

    // One change at a time: another order is refused until this one has started.
    expect(await refusal(browser, "professional_100000", "monthly")).toMatchObject({ message: expect.stringContaining("is already paid for") });

    // The period's end is paid for: no renewal reminders; at the end, the engine starts Starter.
    await renewals(new Date(periodEnd.getTime() - 6 * DAY));
    const reminders = await db().selectFrom("email_outbox").select("id").where("to_address", "=", email).where("template", "like", "renewal_reminder_%").execute();
    expect(reminders).toEqual([]);
    expect((await subscriptionsOf(userId)).map((s) => s.status)).toEqual(["active", "scheduled"]);
    expect((await renewals(new Date(periodEnd.getTime() + 60_000))).started).toBeGreaterThanOrEqual(1);
    expect(await packageOf(userId)).toMatchObject({ package_name: "starter", request_limit: 5_000, expires_at: addMonths(periodEnd, 1) });
    expect((await subscriptionsOf(userId)).map((s) => [s.status, s.plan_name])).toEqual([
      ["expired", "professional_250000"],
      ["active", "starter"],
    ]);
    await waitFor(async () => ((await requestLimit(authorization)) === 5_000 ? true : undefined), 1_000);
    expect((await billingOverview(browser)).scheduled_change).toBeNull();
    // Run again: nothing more happens to this account.
    await renewals(new Date(periodEnd.getTime() + 120_000));
    expect((await subscriptionsOf(userId)).map((s) => s.status)).toEqual(["expired", "active"]);
  });

  it("never starts when its payment is reversed", async () => {
    const { browser, userId } = await stand.current.customer();
    await buy(browser, "professional_250000", "monthly", 390_00);
    const { order } = await buy(browser, "professional_100000", "monthly", 190_00);
    expect((await subscriptionsOf(userId)).map((s) => s.status)).toEqual(["active", "scheduled"]);

    const reversal = await fetch(`${stand.current.url}/sandbox/pesapal/control/orders/${order.order_tracking_id}/reverse`, { method: "POST" });
    expect(reversal.status).toBe(200);
    await waitFor(async () => ((await subscriptionsOf(userId)).some((s) => s.status === "cancelled") ? true : undefined));
    expect((await subscriptionsOf(userId)).map((s) => [s.status, s.plan_name])).toEqual([
      ["active", "professional_250000"],
      ["cancelled", "professional_100000"],
    ]);
    expect((await packageOf(userId)).package_name).toBe("professional_250000");
    expect((await billingOverview(browser)).scheduled_change).toBeNull();
  });
});
