import { describe, expect, it } from "vitest";
import { AccountTimelineSchema, BillingOverviewSchema } from "../../core/contracts/billing.js";
import { CheckoutQuoteSchema, PaymentVerificationSchema } from "../../core/contracts/checkout.js";
import { newId } from "../../core/ids.js";
import { addMonths } from "../../core/payments/timeline.js";
import type { BrowserClient } from "../../testing/browser-client.js";
import { CARD, checkout, payOnHostedPage, usePaymentStand, verifyReturn } from "../../testing/payment-stand.js";
import { waitFor } from "../../testing/wait-for.js";

/**
 * Issue 38, items 1 and 2, through the sandbox provider: payments settled at the same instant
 * each add their period, and a reversal or refund leaves exactly the periods still paid for.
 */

const stand = usePaymentStand();
const db = () => stand.current.testApp.database.db;

type Plan = "starter" | "professional_100000" | "professional_250000";

async function quotedTotal(browser: BrowserClient, plan: Plan, period: "monthly" | "yearly" = "monthly"): Promise<number> {
  const response = await browser.request(`/api/checkout/quote?plan=${plan}&period=${period}`);
  expect(response.status).toBe(200);
  return CheckoutQuoteSchema.parse(await response.json()).total_cents;
}

/** An order at the quoted price, paid on the hosted page; the browser's return URL (not verified yet). */
async function payForPlan(browser: BrowserClient, plan: Plan, period: "monthly" | "yearly" = "monthly") {
  const order = await checkout(browser, { plan, period, amount: await quotedTotal(browser, plan, period) });
  return { order, returnUrl: await payOnHostedPage(order.redirect_url, CARD) };
}

async function settle(browser: BrowserClient, returnUrl: URL) {
  const response = await verifyReturn(browser, returnUrl);
  expect(response.status).toBe(200);
  expect(PaymentVerificationSchema.parse(await response.json()).status).toBe("completed");
}

async function buy(browser: BrowserClient, plan: Plan) {
  const { order, returnUrl } = await payForPlan(browser, plan);
  await settle(browser, returnUrl);
  return billingIdOf(order.order_tracking_id);
}

async function billingIdOf(trackingId: string): Promise<string> {
  const row = await db().selectFrom("payment_orders").select("billing_history_id").where("provider_order_tracking_id", "=", trackingId).executeTakeFirstOrThrow();
  return row.billing_history_id;
}

async function reverse(trackingId: string) {
  const response = await fetch(`${stand.current.url}/sandbox/pesapal/control/orders/${trackingId}/reverse`, { method: "POST" });
  expect(response.status).toBe(200);
  await waitFor(async () => {
    const order = await db().selectFrom("payment_orders").select("status").where("provider_order_tracking_id", "=", trackingId).executeTakeFirstOrThrow();
    return order.status === "refunded" ? true : undefined;
  });
}

async function trackingIdOf(billingId: string): Promise<string> {
  const row = await db().selectFrom("payment_orders").select("provider_order_tracking_id").where("billing_history_id", "=", billingId).executeTakeFirstOrThrow();
  if (!row.provider_order_tracking_id) throw new Error("order never reached the provider");
  return row.provider_order_tracking_id;
}

const standing = (userId: string) =>
  db()
    .selectFrom("paid_periods")
    .select(["billing_history_id", "plan_name", "billing_period", "paid_at", "starts_at", "ends_at"])
    .where("user_id", "=", userId)
    .where("removed_at", "is", null)
    .orderBy("starts_at")
    .orderBy("paid_at")
    .execute();

const monthsOf = (period: string | null) => (period === "yearly" ? 12 : 1);

const paidAtOf = async (billingId: string) => (await db().selectFrom("paid_periods").select("paid_at").where("billing_history_id", "=", billingId).executeTakeFirstOrThrow()).paid_at;

/** The account's timeline agrees with `expected` (billing row, plan, start, end), and its package and live subscription with the period in force now. */
async function expectEntitlements(userId: string, expected: Array<{ billingId: string; plan: Plan; startsAt: Date; endsAt: Date }>) {
  const periods = (await standing(userId)).filter((p) => p.ends_at > p.starts_at);
  expect(periods.map((p) => [p.billing_history_id, p.plan_name, p.starts_at.toISOString(), p.ends_at.toISOString()])).toEqual(
    expected.map((e) => [e.billingId, e.plan, e.startsAt.toISOString(), e.endsAt.toISOString()]),
  );
  const pkg = await db().selectFrom("user_packages").select(["package_name", "expires_at"]).where("user_id", "=", userId).executeTakeFirstOrThrow();
  const live = await db().selectFrom("subscriptions").select(["plan_name", "current_period_start", "next_billing_date"]).where("user_id", "=", userId).where("status", "in", ["active", "past_due"]).executeTakeFirst();
  const now = new Date();
  const first = expected.find((e) => e.startsAt <= now && now < e.endsAt);
  if (!first) {
    expect(pkg).toEqual({ package_name: "free", expires_at: null });
    expect(live).toBeUndefined();
    return;
  }
  const runEnd = expected.filter((e) => e.plan === first.plan && e.startsAt >= first.startsAt).reduce((end, e) => (e.startsAt.getTime() === end.getTime() ? e.endsAt : end), first.endsAt);
  expect(pkg).toEqual({ package_name: first.plan, expires_at: runEnd });
  expect(live).toEqual({ plan_name: first.plan, current_period_start: first.startsAt, next_billing_date: runEnd });
}

describe("payments settled at the same instant", () => {
  it("always add two periods, the second after the first, over 20 tries", async () => {
    // The provider completes both a second after they were paid: their IPNs arrive together.
    await stand.current.sandboxSettings({ completion_delay_seconds: 1 });
    try {
      for (let attempt = 0; attempt < 20; attempt++) {
        const { browser, userId } = await stand.current.customer();
        // Two choices (a new checkout for the same plan and period reuses the pending order).
        const orders = [
          await checkout(browser, { plan: "professional_100000", period: "monthly", amount: await quotedTotal(browser, "professional_100000", "monthly") }),
          await checkout(browser, { plan: "professional_100000", period: "yearly", amount: await quotedTotal(browser, "professional_100000", "yearly") }),
        ];
        await Promise.all(orders.map((order) => payOnHostedPage(order.redirect_url, CARD)));
        await waitFor(async () => {
          const rows = await db().selectFrom("payment_orders").select("status").where("user_id", "=", userId).execute();
          return rows.length === 2 && rows.every((row) => row.status === "completed") ? true : undefined;
        }, 10_000);
        const periods = await standing(userId);
        expect(periods, `attempt ${attempt}`).toHaveLength(2);
        const [first, second] = periods;
        if (!first || !second) throw new Error("two periods expected");
        // Whichever committed first runs from its payment; the other extends it.
        expect(first.starts_at).toEqual(first.paid_at);
        expect(first.ends_at).toEqual(addMonths(first.starts_at, monthsOf(first.billing_period)));
        expect(second.starts_at, `attempt ${attempt}`).toEqual(first.ends_at);
        expect(second.ends_at).toEqual(addMonths(first.ends_at, monthsOf(second.billing_period)));
        await expectEntitlements(userId, [
          { billingId: first.billing_history_id, plan: "professional_100000", startsAt: first.starts_at, endsAt: first.ends_at },
          { billingId: second.billing_history_id, plan: "professional_100000", startsAt: second.starts_at, endsAt: second.ends_at },
        ]);
      }
    } finally {
      await stand.current.sandboxSettings({ completion_delay_seconds: 0 });
    }
  }, 120_000);
});

describe("a reversal or refund removes exactly what its payment bought", () => {
  it("first payment: back to free", async () => {
    const { browser, userId } = await stand.current.customer();
    const only = await buy(browser, "starter");
    await reverse(await trackingIdOf(only));
    await expectEntitlements(userId, []);
  });

  it("renewal: the month the first invoice paid for stays", async () => {
    const { browser, userId } = await stand.current.customer();
    const first = await buy(browser, "starter");
    const renewal = await buy(browser, "starter");
    await reverse(await trackingIdOf(renewal));
    const paidAt = await paidAtOf(first);
    await expectEntitlements(userId, [{ billingId: first, plan: "starter", startsAt: paidAt, endsAt: addMonths(paidAt, 1) }]);
  });

  it("first payment after a renewal: the renewal's month stays, from when it was paid", async () => {
    const { browser, userId } = await stand.current.customer();
    const first = await buy(browser, "starter");
    const renewal = await buy(browser, "starter");
    await reverse(await trackingIdOf(first));
    const paidAt = await paidAtOf(renewal);
    await expectEntitlements(userId, [{ billingId: renewal, plan: "starter", startsAt: paidAt, endsAt: addMonths(paidAt, 1) }]);
  });

  it("upgrade refunded by an administrator: back to the previous plan for the days it credited", async () => {
    const admin = await stand.current.customer();
    await db().updateTable("user_roles").set({ role: "admin" }).where("user_id", "=", admin.userId).execute();
    const { browser, userId } = await stand.current.customer();
    const first = await buy(browser, "starter");
    const upgrade = await buy(browser, "professional_100000");
    const starterPaidAt = await paidAtOf(first);
    const upgradePaidAt = await paidAtOf(upgrade);
    await expectEntitlements(userId, [
      { billingId: first, plan: "starter", startsAt: starterPaidAt, endsAt: upgradePaidAt },
      { billingId: upgrade, plan: "professional_100000", startsAt: upgradePaidAt, endsAt: addMonths(upgradePaidAt, 1) },
    ]);
    const refund = await admin.browser.post(`/api/admin/billing/${upgrade}/refund`, { remarks: "Customer request" });
    expect(refund.status).toBe(200);
    await expectEntitlements(userId, [{ billingId: first, plan: "starter", startsAt: starterPaidAt, endsAt: addMonths(starterPaidAt, 1) }]);
  });

  it("downgrade: reversing it keeps the running plan alone; reversing the running plan starts it when it was paid", async () => {
    const keepsRunning = await stand.current.customer();
    const running = await buy(keepsRunning.browser, "professional_250000");
    const downgrade = await buy(keepsRunning.browser, "starter");
    const runningPaidAt = await paidAtOf(running);
    await reverse(await trackingIdOf(downgrade));
    await expectEntitlements(keepsRunning.userId, [{ billingId: running, plan: "professional_250000", startsAt: runningPaidAt, endsAt: addMonths(runningPaidAt, 1) }]);
    expect(await db().selectFrom("subscriptions").select("status").where("user_id", "=", keepsRunning.userId).where("status", "=", "scheduled").execute()).toEqual([]);

    const movesUp = await stand.current.customer();
    const replaced = await buy(movesUp.browser, "professional_250000");
    const cheaper = await buy(movesUp.browser, "starter");
    await reverse(await trackingIdOf(replaced));
    const paidAt = await paidAtOf(cheaper);
    await expectEntitlements(movesUp.userId, [{ billingId: cheaper, plan: "starter", startsAt: paidAt, endsAt: addMonths(paidAt, 1) }]);
  });

  it("overlapping payments: reversing either leaves the other's month", async () => {
    for (const removed of [0, 1] as const) {
      const { browser, userId } = await stand.current.customer();
      // Two choices: a new checkout for the same plan and period reuses the pending order.
      const pair = [await payForPlan(browser, "professional_100000"), await payForPlan(browser, "professional_100000", "yearly")] as const;
      await Promise.all(pair.map((p) => settle(browser, p.returnUrl)));
      const billingIds = await Promise.all(pair.map((p) => billingIdOf(p.order.order_tracking_id)));
      await reverse(pair[removed].order.order_tracking_id);
      const kept = billingIds[1 - removed] ?? "";
      const paidAt = await paidAtOf(kept);
      await expectEntitlements(userId, [{ billingId: kept, plan: "professional_100000", startsAt: paidAt, endsAt: addMonths(paidAt, removed === 0 ? 12 : 1) }]);
    }
  });
});

describe("the timeline the customer and the administrator see", () => {
  it("shows the period running now as the subscription's, the renewal as upcoming, and a reversal as removed", async () => {
    const admin = await stand.current.customer();
    await db().updateTable("user_roles").set({ role: "admin" }).where("user_id", "=", admin.userId).execute();
    const { browser, userId } = await stand.current.customer();
    const first = await buy(browser, "starter");
    const renewal = await buy(browser, "starter");
    const firstPaidAt = await paidAtOf(first);
    const firstEnd = addMonths(firstPaidAt, 1);

    const overview = BillingOverviewSchema.parse(await (await browser.request("/api/billing")).json());
    expect(overview.subscription).toMatchObject({
      status: "active",
      plan: "starter",
      current_period_start: firstPaidAt.toISOString(),
      current_period_end: firstEnd.toISOString(),
      next_billing_date: addMonths(firstEnd, 1).toISOString(),
    });
    expect(overview.timeline.map((p) => [p.billing_id, p.state, p.starts_at, p.ends_at])).toEqual([
      [first, "current", firstPaidAt.toISOString(), firstEnd.toISOString()],
      [renewal, "upcoming", firstEnd.toISOString(), addMonths(firstEnd, 1).toISOString()],
    ]);
    expect(overview.timeline[0]?.invoice).toMatch(/^INV-\d{4}-\d{6}$/);

    await reverse(await trackingIdOf(renewal));
    const response = await admin.browser.request(`/api/admin/users/${userId}/timeline`);
    expect(response.status).toBe(200);
    const seen = AccountTimelineSchema.parse(await response.json());
    expect(seen.timeline.map((p) => [p.billing_id, p.state, p.removal_reason])).toEqual([
      [first, "current", null],
      [renewal, "removed", "reversed by the payment provider"],
    ]);
    expect((await browser.request(`/api/admin/users/${userId}/timeline`)).status).toBe(403);
    expect((await admin.browser.request(`/api/admin/users/${newId("usr")}/timeline`)).status).toBe(404);
  });
});
