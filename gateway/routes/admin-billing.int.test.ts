import { describe, expect, it } from "vitest";
import { AdminBillingActionSchema, AdminBillingListSchema } from "../../core/contracts/admin-billing.js";
import { ErrorBodySchema } from "../../core/errors.js";
import { newId } from "../../core/ids.js";
import type { BrowserClient } from "../../testing/browser-client.js";
import { CARD, checkout, payOnHostedPage, usePaymentStand, verifyReturn } from "../../testing/payment-stand.js";

const stand = usePaymentStand();
const db = () => stand.current.testApp.database.db;
const DAY = 86_400_000;

async function admin() {
  const account = await stand.current.customer();
  await db()
    .insertInto("user_roles")
    .values({ user_id: account.userId, role: "admin" })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ role: "admin" }))
    .execute();
  return account;
}

async function billingRow(userId: string, values: { amount: number; status?: string; packageName?: string | null; period?: string | null; billingDate?: Date; invoiceNumber?: string }) {
  const id = newId("bill");
  await db()
    .insertInto("billing_history")
    .values({
      id,
      user_id: userId,
      amount: values.amount,
      status: values.status ?? "pending",
      billing_date: values.billingDate ?? new Date(),
      invoice_number: values.invoiceNumber ?? null,
      package_name: values.packageName === undefined ? "starter" : values.packageName,
      billing_period: values.period === undefined ? "monthly" : values.period,
    })
    .execute();
  return id;
}

async function action(browser: BrowserClient, path: string, body: Record<string, unknown> = {}) {
  const response = await browser.post(path, body);
  const json: unknown = await response.json();
  return { status: response.status, json };
}

const auditOf = (billingId: string) => db().selectFrom("audit_log").selectAll().where("target_id", "=", billingId).orderBy("created_at").execute();
const packageOf = (userId: string) => db().selectFrom("user_packages").selectAll().where("user_id", "=", userId).executeTakeFirstOrThrow();
const billingOf = (id: string) => db().selectFrom("billing_history").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("admin billing: list, mark complete, Complete & Update Plan", () => {
  it("refuses non-admins with 403", async () => {
    const { browser, userId } = await stand.current.customer();
    const id = await billingRow(userId, { amount: 29_00 });
    expect((await browser.request("/api/admin/billing")).status).toBe(403);
    for (const path of ["complete", "apply-plan", "refund"]) {
      const { status, json } = await action(browser, `/api/admin/billing/${id}/${path}`);
      expect(status).toBe(403);
      expect(ErrorBodySchema.parse(json).error.code).toBe("FORBIDDEN");
    }
    expect((await billingOf(id)).status).toBe("pending");
  });

  it("lists the latest rows with e-mail and invoice, filters pending, and counts them", async () => {
    const { browser } = await admin();
    const customer = await stand.current.customer();
    const pending = await billingRow(customer.userId, { amount: 29_00 });
    const done = await billingRow(customer.userId, { amount: 190_00, status: "completed", invoiceNumber: `INV-T-${Date.now()}`, billingDate: new Date(Date.now() - DAY) });
    const all = AdminBillingListSchema.parse(await (await browser.request("/api/admin/billing")).json());
    expect(all.entries.length).toBeLessThanOrEqual(50);
    expect(all.entries.find((e) => e.id === pending)).toMatchObject({ user_email: customer.email, amount: 29_00, status: "pending", invoice: `#${pending.slice(0, 8)}`, processed: false });
    expect(all.entries.find((e) => e.id === done)).toMatchObject({ status: "completed", refundable: false });
    const pendingCount = Number((await db().selectFrom("billing_history").select((eb) => eb.fn.countAll<string>().as("n")).where("status", "=", "pending").executeTakeFirstOrThrow()).n);
    expect(all.pending_count).toBe(pendingCount);
    const onlyPending = AdminBillingListSchema.parse(await (await browser.request("/api/admin/billing?status=pending")).json());
    expect(onlyPending.entries.every((e) => e.status === "pending")).toBe(true);
    expect(onlyPending.entries.some((e) => e.id === pending)).toBe(true);
    expect((await browser.request("/api/admin/billing?status=bogus")).status).toBe(400);
  });

  it("marks a pending payment complete with an invoice number, audited; only once", async () => {
    const { browser, userId: adminId } = await admin();
    const customer = await stand.current.customer();
    const id = await billingRow(customer.userId, { amount: 29_00 });
    const invoice = `INV-MANUAL-${Date.now()}`;
    const done = await action(browser, `/api/admin/billing/${id}/complete`, { invoice_number: invoice });
    expect(done.status).toBe(200);
    expect(AdminBillingActionSchema.parse(done.json)).toMatchObject({ message: "Payment marked as completed", entry: { status: "completed", invoice } });
    expect((await packageOf(customer.userId)).package_name).toBe("free");
    const [entry, ...more] = await auditOf(id);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({ actor_user_id: adminId, action: "billing.payment_completed", target_type: "billing_history" });
    expect(entry?.metadata).toMatchObject({ before: { status: "pending", invoice_number: null }, after: { status: "completed", invoice_number: invoice } });

    const again = await action(browser, `/api/admin/billing/${id}/complete`);
    expect(again.status).toBe(409);
    const other = await billingRow(customer.userId, { amount: 29_00 });
    expect((await action(browser, `/api/admin/billing/${other}/complete`, { invoice_number: invoice })).status).toBe(409);
    const generated = AdminBillingActionSchema.parse((await action(browser, `/api/admin/billing/${other}/complete`)).json);
    expect(generated.entry.invoice).toMatch(/^INV-\d{4}-\d{6}$/);
    expect((await action(browser, `/api/admin/billing/bill_missing/complete`)).status).toBe(404);
  });

  it("applies the recorded package and period, audited, and re-applies without extending", async () => {
    const { browser, userId: adminId } = await admin();
    const customer = await stand.current.customer();
    const id = await billingRow(customer.userId, { amount: 1_824_00, packageName: "professional_100000", period: "yearly" });
    const applied = await action(browser, `/api/admin/billing/${id}/apply-plan`);
    expect(applied.status).toBe(200);
    const body = AdminBillingActionSchema.parse(applied.json);
    expect(body).toMatchObject({ message: "User plan updated to professional_100000 with 100,000 requests", entry: { status: "completed", processed: true } });
    expect(body.plan).toMatchObject({ package_name: "professional_100000", period: "yearly", source: "recorded" });
    const pkg = await packageOf(customer.userId);
    expect(pkg).toMatchObject({ package_name: "professional_100000", request_limit: 100_000 });
    const days = ((pkg.expires_at?.getTime() ?? 0) - Date.now()) / DAY;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(367);
    const subscription = await db().selectFrom("subscriptions").selectAll().where("user_id", "=", customer.userId).executeTakeFirstOrThrow();
    expect(subscription).toMatchObject({ status: "active", plan_name: "professional_100000", billing_period: "yearly", amount: 1_824_00 });
    expect((await billingOf(id)).metadata).toMatchObject({ subscription_activated: true, plan_assigned: "professional_100000", plan_source: "recorded" });
    const [audit] = await auditOf(id);
    expect(audit).toMatchObject({ actor_user_id: adminId, action: "billing.plan_applied" });
    expect(audit?.metadata).toMatchObject({ before: { status: "pending", package: { package_name: "free" } }, after: { status: "completed", package: { package_name: "professional_100000" } } });

    // A completed row can have its plan re-applied: same expiry, one more audit row.
    expect((await action(browser, `/api/admin/billing/${id}/apply-plan`)).status).toBe(200);
    expect((await packageOf(customer.userId)).expires_at).toEqual(pkg.expires_at);
    expect(await auditOf(id)).toHaveLength(2);
  });

  it("falls back to the spec's amount table (30 days, monthly) when the package is not recorded", async () => {
    const { browser } = await admin();
    const customer = await stand.current.customer();
    const id = await billingRow(customer.userId, { amount: 400_00, packageName: null, period: null });
    const body = AdminBillingActionSchema.parse((await action(browser, `/api/admin/billing/${id}/apply-plan`)).json);
    expect(body.plan).toMatchObject({ package_name: "professional_250000", period: "monthly", source: "amount_table" });
    const pkg = await packageOf(customer.userId);
    expect(pkg.package_name).toBe("professional_250000");
    expect(Math.round(((pkg.expires_at?.getTime() ?? 0) - Date.now()) / DAY)).toBe(30);

    const failed = await billingRow(customer.userId, { amount: 29_00, status: "failed" });
    expect((await action(browser, `/api/admin/billing/${failed}/apply-plan`)).status).toBe(409);
  });

  it("reads the amount table from the catalogue: after an administrator reprices a plan, the table follows", async () => {
    const { browser } = await admin();
    const plans = await db().selectFrom("package_definitions").selectAll().where("package_name", "in", ["professional_250000", "professional_500000"]).orderBy("monthly_price_cents").execute();
    const [lower, higher] = plans;
    if (!lower || !higher) throw new Error("the seeded catalogue has both plans");
    // Between the two prices: the lower plan. Then the higher plan is repriced down to that amount.
    const amount = Math.round((lower.monthly_price_cents + higher.monthly_price_cents) / 2);
    const before = await billingRow((await stand.current.customer()).userId, { amount, packageName: null, period: null });
    expect(AdminBillingActionSchema.parse((await action(browser, `/api/admin/billing/${before}/apply-plan`)).json).plan?.package_name).toBe(lower.package_name);

    const { display_name, request_limit, rate_limit_per_minute, data_limit_bytes, is_active } = higher;
    const edit = await browser.request(`/api/admin/packages/${higher.package_name}`, {
      method: "PATCH",
      json: { display_name, request_limit, rate_limit_per_minute, data_limit_bytes, monthly_price_cents: amount, is_active },
    });
    expect(edit.status).toBe(200);
    const after = await billingRow((await stand.current.customer()).userId, { amount, packageName: null, period: null });
    expect(AdminBillingActionSchema.parse((await action(browser, `/api/admin/billing/${after}/apply-plan`)).json).plan?.package_name).toBe(higher.package_name);
  });
});

describe("admin billing: refunds", () => {
  async function paidOrder() {
    const customer = await stand.current.customer();
    const order = await checkout(customer.browser, { plan: "starter", period: "monthly", amount: 29_00 });
    const verification = await verifyReturn(customer.browser, await payOnHostedPage(order.redirect_url, CARD));
    expect(verification.status).toBe(200);
    const row = await db().selectFrom("payment_orders").selectAll().where("provider_order_tracking_id", "=", order.order_tracking_id).executeTakeFirstOrThrow();
    expect(row.status).toBe("completed");
    return { customer, order: row, trackingId: order.order_tracking_id };
  }

  it("refunds a completed provider payment through Pesapal, revokes the plan, records and audits it", async () => {
    const { browser, userId: adminId, email: adminEmail } = await admin();
    const { customer, order, trackingId } = await paidOrder();
    expect((await packageOf(customer.userId)).package_name).toBe("starter");
    const listed = AdminBillingListSchema.parse(await (await browser.request("/api/admin/billing")).json());
    expect(listed.entries.find((e) => e.id === order.billing_history_id)).toMatchObject({ refundable: true, processed: true });

    const refunded = await action(browser, `/api/admin/billing/${order.billing_history_id}/refund`, { remarks: "Customer request" });
    expect(refunded.status).toBe(200);
    expect(AdminBillingActionSchema.parse(refunded.json).entry).toMatchObject({ status: "refunded", refundable: false });
    const stored = (await (await fetch(`${stand.current.url}/sandbox/pesapal/control/orders/${trackingId}`)).json()) as { order: { refund: unknown } };
    expect(stored.order.refund).toMatchObject({ amount: 29, username: adminEmail, remarks: "Customer request" });
    expect(await billingOf(order.billing_history_id)).toMatchObject({ status: "refunded" });
    expect((await billingOf(order.billing_history_id)).metadata).toMatchObject({ refunded_by: adminId, refund_amount: 29_00, confirmation_code: order.confirmation_code });
    expect((await db().selectFrom("payment_orders").select("status").where("id", "=", order.id).executeTakeFirstOrThrow()).status).toBe("refunded");
    expect((await packageOf(customer.userId)).package_name).toBe("free");
    const audits = await auditOf(order.billing_history_id);
    expect(audits.map((a) => a.action)).toEqual(["billing.payment_refunded"]);
    expect(audits[0]?.metadata).toMatchObject({ before: { status: "completed" }, after: { status: "refunded" } });

    const again = await action(browser, `/api/admin/billing/${order.billing_history_id}/refund`);
    expect(again.status).toBe(409);
  });

  it("refuses pending, manual and older-than-30-days payments with 409/422, asking nothing of the provider", async () => {
    const { browser } = await admin();
    const customer = await stand.current.customer();
    const pending = await billingRow(customer.userId, { amount: 29_00 });
    expect((await action(browser, `/api/admin/billing/${pending}/refund`)).status).toBe(409);
    const manual = await billingRow(customer.userId, { amount: 29_00, status: "completed", invoiceNumber: `INV-M-${Date.now()}` });
    const refusedManual = await action(browser, `/api/admin/billing/${manual}/refund`);
    expect(refusedManual.status).toBe(422);
    expect(ErrorBodySchema.parse(refusedManual.json).error.message).toContain("not made through the payment provider");

    const { order } = await paidOrder();
    await db().updateTable("billing_history").set({ billing_date: new Date(Date.now() - 31 * DAY) }).where("id", "=", order.billing_history_id).execute();
    const late = await action(browser, `/api/admin/billing/${order.billing_history_id}/refund`);
    expect(late.status).toBe(422);
    expect(ErrorBodySchema.parse(late.json).error.message).toContain("within 30 days");
    expect((await billingOf(order.billing_history_id)).status).toBe("completed");
    expect(await auditOf(order.billing_history_id)).toHaveLength(0);
  });
});
