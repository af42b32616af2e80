import { afterEach, describe, expect, it } from "vitest";
import { AdminBillingActionSchema, AdminBillingListSchema } from "../../core/contracts/admin-billing.js";
import { BillingOverviewSchema } from "../../core/contracts/billing.js";
import { PaymentVerificationSchema } from "../../core/contracts/checkout.js";
import type { BrowserClient } from "../../testing/browser-client.js";
import { waitFor } from "../../testing/wait-for.js";
import { BILLING, CARD, checkout, payOnHostedPage, usePaymentStand, verifyReturn } from "../../testing/payment-stand.js";

// Issue 38 items 3-5 through the Pesapal sandbox: the review queue, one open order per plan and
// period, cancellations stored as such, and rows named by their order reference.
const stand = usePaymentStand();
const db = () => stand.current.testApp.database.db;

afterEach(async () => {
  await stand.current.sandboxSettings({ completion_delay_seconds: 0, duplicate_ipns: false, ipn_retry_base_ms: 2_000, cancellation_status_code: 0 });
});

async function admin() {
  const account = await stand.current.customer();
  await db().insertInto("user_roles").values({ user_id: account.userId, role: "admin" }).onConflict((oc) => oc.column("user_id").doUpdateSet({ role: "admin" })).execute();
  return account;
}

const orderOf = (trackingId: string) => db().selectFrom("payment_orders").selectAll().where("provider_order_tracking_id", "=", trackingId).executeTakeFirstOrThrow();
const ordersOf = (userId: string) => db().selectFrom("payment_orders").selectAll().where("user_id", "=", userId).orderBy("created_at").execute();
const billingOf = (billingId: string) => db().selectFrom("billing_history").selectAll().where("id", "=", billingId).executeTakeFirstOrThrow();
const packageOf = (userId: string) => db().selectFrom("user_packages").selectAll().where("user_id", "=", userId).executeTakeFirstOrThrow();
const reviewEmailsTo = (address: string) => db().selectFrom("email_outbox").selectAll().where("to_address", "=", address).where("template", "=", "payment_review_admin").execute();
const sandboxOrder = async (trackingId: string) => {
  const response = await fetch(`${stand.current.url}/sandbox/pesapal/control/orders/${trackingId}`);
  return ((await response.json()) as { order: { cancelled_at: string | null } }).order;
};

async function verified(response: Response) {
  expect(response.status).toBe(200);
  return PaymentVerificationSchema.parse(await response.json());
}

async function history(browser: BrowserClient) {
  const response = await browser.request("/api/billing");
  expect(response.status).toBe(200);
  return BillingOverviewSchema.parse(await response.json()).history;
}

async function adminList(browser: BrowserClient, status?: string) {
  const response = await browser.request(`/api/admin/billing${status ? `?status=${status}` : ""}`);
  expect(response.status).toBe(200);
  return AdminBillingListSchema.parse(await response.json());
}

describe("one open order per plan and period", () => {
  it("reuses the pending order for the same plan and period, and opens another for another period", async () => {
    const { browser, userId } = await stand.current.customer();
    const first = await checkout(browser, { plan: "starter", period: "monthly", amount: 29_00 });
    const again = await checkout(browser, { plan: "starter", period: "monthly", amount: 29_00 });
    expect(again).toEqual(first);
    const yearly = await checkout(browser, { plan: "starter", period: "yearly", amount: 278_40 });
    expect(yearly.order_tracking_id).not.toBe(first.order_tracking_id);

    const orders = await ordersOf(userId);
    expect(orders.map((o) => [o.billing_period, o.status])).toEqual([["monthly", "pending"], ["yearly", "pending"]]);
    const billing = await db().selectFrom("billing_history").select("status").where("user_id", "=", userId).execute();
    expect(billing).toHaveLength(2);
    // Reuse starts the order's time again.
    expect(orders[0]?.expires_at?.getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
  });

  it("opens one order when the same checkout arrives twice at once", async () => {
    const { browser, userId } = await stand.current.customer();
    const answers = await Promise.all([1, 2, 3].map(() => browser.post("/api/checkout", { plan: "starter", period: "monthly", amount: 29_00, billing: BILLING })));
    const created = answers.filter((r) => r.status === 201);
    // The others either got the same order or were told to try again in a moment.
    expect(answers.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect(created.length).toBeGreaterThan(0);
    const pending = (await ordersOf(userId)).filter((o) => o.status === "pending");
    expect(pending).toHaveLength(1);
  });

  it("replaces the open order when the price changed, cancelling the old one at the provider", async () => {
    const { browser, userId } = await stand.current.customer();
    const first = await checkout(browser, { plan: "starter", period: "monthly", amount: 29_00 });
    await db().updateTable("payment_orders").set({ amount: 25_00 }).where("provider_order_tracking_id", "=", first.order_tracking_id).execute();
    const second = await checkout(browser, { plan: "starter", period: "monthly", amount: 29_00 });
    expect(second.order_tracking_id).not.toBe(first.order_tracking_id);
    const old = await orderOf(first.order_tracking_id);
    expect(old.status).toBe("cancelled");
    expect((await billingOf(old.billing_history_id)).status).toBe("cancelled");
    expect((await sandboxOrder(first.order_tracking_id)).cancelled_at).not.toBeNull();
    expect((await ordersOf(userId)).filter((o) => o.status === "pending").map((o) => o.provider_order_tracking_id)).toEqual([second.order_tracking_id]);
  });
});

describe("cancellations are cancelled, not failed", () => {
  it("stores a cancel on the provider's page read as status 2 with request_terminated_by_user as cancelled", async () => {
    await stand.current.sandboxSettings({ cancellation_status_code: 2 });
    const { browser } = await stand.current.customer();
    const order = await checkout(browser, { plan: "starter", period: "monthly", amount: 29_00 });
    const returnUrl = await payOnHostedPage(order.redirect_url, {}, "cancel");
    const verification = await verified(await verifyReturn(browser, returnUrl));
    expect(verification).toMatchObject({ status: "cancelled", message: "Payment was cancelled." });
    const row = await orderOf(order.order_tracking_id);
    expect(row.status).toBe("cancelled");
    expect(await billingOf(row.billing_history_id)).toMatchObject({ status: "cancelled", invoice_number: null });
    expect((await history(browser)).map((e) => e.status)).toEqual(["cancelled"]);
  });

  it("cancels the order at the provider when the customer comes back by the cancel link without paying", async () => {
    const { browser } = await stand.current.customer();
    const order = await checkout(browser, { plan: "starter", period: "monthly", amount: 29_00 });
    const link = await browser.request(`/api/payments/verify?status=cancelled&OrderMerchantReference=${order.merchant_reference}`);
    expect(await verified(link)).toMatchObject({ status: "cancelled" });
    const row = await orderOf(order.order_tracking_id);
    expect(row.status).toBe("cancelled");
    expect((await billingOf(row.billing_history_id)).status).toBe("cancelled");
    expect((await sandboxOrder(order.order_tracking_id)).cancelled_at).not.toBeNull();
    // The next checkout for the same plan opens a new order.
    expect((await checkout(browser, { plan: "starter", period: "monthly", amount: 29_00 })).order_tracking_id).not.toBe(order.order_tracking_id);
  });

  it("keeps a paid order paid when the cancel link arrives afterwards", async () => {
    const { browser } = await stand.current.customer();
    const order = await checkout(browser, { plan: "starter", period: "monthly", amount: 29_00 });
    await verified(await verifyReturn(browser, await payOnHostedPage(order.redirect_url, CARD)));
    const link = await browser.request(`/api/payments/verify?status=cancelled&OrderMerchantReference=${order.merchant_reference}`);
    expect((await verified(link)).status).toBe("completed");
    expect((await orderOf(order.order_tracking_id)).status).toBe("completed");
  });
});

describe("the review queue", () => {
  it("holds an underpaid order for review: admins e-mailed, the reason listed, the customer never told completed", async () => {
    const administrator = await admin();
    const { browser, userId } = await stand.current.customer();
    const order = await checkout(browser, { plan: "starter", period: "monthly", amount: 29_00 });
    await db().updateTable("payment_orders").set({ amount: 290_00 }).where("provider_order_tracking_id", "=", order.order_tracking_id).execute();
    expect((await verified(await verifyReturn(browser, await payOnHostedPage(order.redirect_url, CARD)))).status).toBe("review");
    const row = await orderOf(order.order_tracking_id);

    const [notice, ...more] = await waitFor(async () => {
      const emails = await reviewEmailsTo(administrator.email);
      return emails.length ? emails : undefined;
    });
    // The IPN and the callback both saw the mismatch: one e-mail.
    expect(more).toHaveLength(0);
    expect(notice?.text_body).toContain(order.merchant_reference);
    expect(notice?.text_body).toContain("the provider reports 29.00 USD, the order is for 290.00 USD");
    expect((await history(browser)).map((e) => [e.status, e.invoice])).toEqual([["review", order.merchant_reference]]);

    const queue = await adminList(administrator.browser, "review");
    const entry = queue.entries.find((e) => e.id === row.billing_history_id);
    expect(entry).toMatchObject({ status: "pending", invoice: order.merchant_reference, review_reason: "the provider reports 29.00 USD, the order is for 290.00 USD" });
    expect(queue.review_count).toBeGreaterThanOrEqual(1);

    // Completing it needs the explicit confirmation; without it nothing changes.
    const refused = await administrator.browser.post(`/api/admin/billing/${row.billing_history_id}/apply-plan`, {});
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("the provider reports 29.00 USD, the order is for 290.00 USD");
    expect((await billingOf(row.billing_history_id)).status).toBe("pending");
    expect((await packageOf(userId)).package_name).toBe("free");

    const applied = await administrator.browser.post(`/api/admin/billing/${row.billing_history_id}/apply-plan`, { confirm_review: true });
    expect(applied.status).toBe(200);
    expect(AdminBillingActionSchema.parse(await applied.json()).entry).toMatchObject({ status: "completed", review_reason: null });
    expect((await orderOf(order.order_tracking_id)).review_resolved_by).toBe(administrator.userId);
    expect((await history(browser)).map((e) => e.status)).toEqual(["completed"]);
    expect((await adminList(administrator.browser, "review")).entries.some((e) => e.id === row.billing_history_id)).toBe(false);
  });

  it("holds a reversal of another amount for review: nothing removed, the customer sees review, Mark Reviewed closes it", async () => {
    const administrator = await admin();
    const { browser, userId } = await stand.current.customer();
    const order = await checkout(browser, { plan: "starter", period: "monthly", amount: 29_00 });
    expect((await verified(await verifyReturn(browser, await payOnHostedPage(order.redirect_url, CARD)))).status).toBe("completed");
    const paid = await orderOf(order.order_tracking_id);
    // The provider's reversal will not match our record of the payment.
    await db().updateTable("payment_orders").set({ amount: 19_00 }).where("id", "=", paid.id).execute();
    expect((await fetch(`${stand.current.url}/sandbox/pesapal/control/orders/${order.order_tracking_id}/reverse`, { method: "POST" })).status).toBe(200);

    const flagged = await waitFor(async () => {
      const current = await orderOf(order.order_tracking_id);
      return current.flagged_at ? current : undefined;
    });
    expect(flagged.status).toBe("completed");
    expect(flagged.flag_reason).toBe("a reversal that does not match: the provider reports 29.00 USD, the order is for 19.00 USD");
    expect((await packageOf(userId)).package_name).toBe("starter");
    expect((await billingOf(paid.billing_history_id)).status).toBe("completed");
    expect((await verified(await verifyReturn(browser, new URL(`${stand.current.url}/payment-callback?OrderTrackingId=${order.order_tracking_id}`)))).status).toBe("review");
    expect((await history(browser))[0]?.status).toBe("review");
    await waitFor(async () => ((await reviewEmailsTo(administrator.email)).length === 1 ? true : undefined));

    expect((await administrator.browser.post(`/api/admin/billing/${paid.billing_history_id}/mark-reviewed`, {})).status).toBe(200);
    expect((await history(browser))[0]?.status).toBe("completed");
    // The same reversal reported again after the decision changes nothing and e-mails no one.
    expect((await verified(await verifyReturn(browser, new URL(`${stand.current.url}/payment-callback?OrderTrackingId=${order.order_tracking_id}`)))).status).toBe("completed");
    expect(await reviewEmailsTo(administrator.email)).toHaveLength(1);
    const audit = await db().selectFrom("audit_log").select(["action", "actor_user_id"]).where("target_id", "=", paid.billing_history_id).execute();
    expect(audit).toContainEqual({ action: "billing.review_resolved", actor_user_id: administrator.userId });
    // Nothing left to review: a second Mark Reviewed is a conflict.
    expect((await administrator.browser.post(`/api/admin/billing/${paid.billing_history_id}/mark-reviewed`, {})).status).toBe(409);
  });

  it("names pending rows by their order reference, never by a cut id", async () => {
    const administrator = await admin();
    const { browser } = await stand.current.customer();
    const order = await checkout(browser, { plan: "professional_100000", period: "monthly", amount: 190_00 });
    const [entry] = await history(browser);
    expect(entry).toMatchObject({ status: "pending", invoice: order.merchant_reference });
    const listed = (await adminList(administrator.browser, "pending")).entries.find((e) => e.invoice === order.merchant_reference);
    expect(listed?.invoice).not.toMatch(/^#bill_/);
  });
});
