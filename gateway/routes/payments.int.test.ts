import { afterEach, describe, expect, it } from "vitest";
import { PaymentOrderSchema, PaymentVerificationSchema } from "../../core/contracts/checkout.js";
import { ErrorBodySchema } from "../../core/errors.js";
import { createAccount, createKeyedAccount } from "../../testing/accounts.js";
import { waitFor } from "../../testing/wait-for.js";
import { BILLING, CARD, checkout, DECLINED_CARD, MOBILE_MONEY, payOnHostedPage, usePaymentStand, verifyReturn } from "../../testing/payment-stand.js";

const stand = usePaymentStand();
const db = () => stand.current.testApp.database.db;

const DEFAULT_SANDBOX = { completion_delay_seconds: 0, duplicate_ipns: false, ipn_retry_base_ms: 2_000 };
afterEach(async () => {
  await stand.current.sandboxSettings(DEFAULT_SANDBOX);
});

async function verified(response: Response) {
  expect(response.status).toBe(200);
  return PaymentVerificationSchema.parse(await response.json());
}

async function requestLimit(authorization: { Authorization: string }): Promise<number | null> {
  const response = await fetch(`${stand.current.url}/v1/usage`, { headers: authorization });
  expect(response.status).toBe(200);
  return ((await response.json()) as { requests_limit: number | null }).requests_limit;
}

const orderOf = (trackingId: string) =>
  db().selectFrom("payment_orders").selectAll().where("provider_order_tracking_id", "=", trackingId).executeTakeFirstOrThrow();
const billingOf = (billingId: string) => db().selectFrom("billing_history").selectAll().where("id", "=", billingId).executeTakeFirstOrThrow();
const packageOf = (userId: string) => db().selectFrom("user_packages").selectAll().where("user_id", "=", userId).executeTakeFirstOrThrow();
const subscriptionsOf = (userId: string) => db().selectFrom("subscriptions").selectAll().where("user_id", "=", userId).execute();
const emailsTo = (address: string, template: string) =>
  db().selectFrom("email_outbox").selectAll().where("to_address", "=", address).where("template", "=", template).execute();
const eventsOf = (trackingId: string) => db().selectFrom("provider_events").selectAll().where("order_tracking_id", "=", trackingId).orderBy("id").execute();
const completedOrder = (trackingId: string) =>
  waitFor(async () => {
    const order = await orderOf(trackingId);
    return order.status === "completed" ? order : undefined;
  });

describe("checkout and activation through the Pesapal sandbox", () => {
  it("activates a card payment: invoice, package, subscription, receipt, and the new quota within a second", async () => {
    const { browser, userId, email } = await stand.current.customer();
    const { authorization } = await createKeyedAccount(db(), { userId });
    expect(await requestLimit(authorization)).toBe(1_000);

    const order = await checkout(browser, { plan: "starter", period: "monthly", amount: 29_00 });
    expect(order.redirect_url).toBe(`${stand.current.url}/sandbox/pesapal/pay/${order.order_tracking_id}`);
    expect(order.merchant_reference).toMatch(/^[A-Za-z0-9-]{1,50}$/);
    const returnUrl = await payOnHostedPage(order.redirect_url, CARD);
    expect(`${returnUrl.origin}${returnUrl.pathname}`).toBe(`${stand.current.url}/payment-callback`);

    const verification = await verified(await verifyReturn(browser, returnUrl));
    expect(verification).toMatchObject({ status: "completed", plan: "starter", period: "monthly", amount: 29_00, currency: "USD", message: "Payment completed successfully!" });
    expect(verification.invoice_number).toMatch(new RegExp(`^INV-${new Date().getUTCFullYear()}-\\d{6}$`));

    const row = await orderOf(order.order_tracking_id);
    expect(row).toMatchObject({ status: "completed", payment_method: "Visa", flagged_at: null });
    expect(row.confirmation_code).toBeTruthy();
    const billing = await billingOf(row.billing_history_id);
    expect(billing).toMatchObject({ status: "completed", invoice_number: verification.invoice_number, payment_method: "Visa", amount: 29_00 });
    expect(billing.metadata).toMatchObject({ billing_period: "monthly", subscription_activated: true, plan_assigned: "starter" });
    const pkg = await packageOf(userId);
    expect(pkg).toMatchObject({ package_name: "starter", request_limit: 5_000 });
    const days = ((pkg.expires_at?.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
    const [subscription, ...others] = await subscriptionsOf(userId);
    expect(others).toHaveLength(0);
    expect(subscription).toMatchObject({ status: "active", plan_name: "starter", billing_period: "monthly", amount: 29_00, currency: "USD" });
    expect(subscription?.next_billing_date).toEqual(pkg.expires_at);

    const started = Date.now();
    await waitFor(async () => ((await requestLimit(authorization)) === 5_000 ? true : undefined), 1_000);
    expect(Date.now() - started).toBeLessThan(1_000);

    const [receipt] = await emailsTo(email, "payment_receipt");
    expect(receipt?.subject).toContain(verification.invoice_number);
    expect(receipt?.text_body).toContain("$29.00");
    // The callback and the sandbox's IPN are both recorded.
    await waitFor(async () => ((await eventsOf(order.order_tracking_id)).some((e) => e.kind === "ipn") ? true : undefined));
    expect((await eventsOf(order.order_tracking_id)).map((e) => e.kind)).toContain("callback");
  });

  it("activates a yearly plan paid by mobile money", async () => {
    const { browser, userId } = await stand.current.customer();
    const order = await checkout(browser, { plan: "professional_100000", period: "yearly", amount: 1_824_00 });
    const verification = await verified(await verifyReturn(browser, await payOnHostedPage(order.redirect_url, MOBILE_MONEY)));
    expect(verification.status).toBe("completed");
    expect(await orderOf(order.order_tracking_id)).toMatchObject({ status: "completed", payment_method: "MpesaKE" });
    const pkg = await packageOf(userId);
    expect(pkg).toMatchObject({ package_name: "professional_100000", request_limit: 100_000 });
    const days = ((pkg.expires_at?.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(367);
  });

  it("shows its owner the recorded order around the payment page, and no one else", async () => {
    const { browser } = await stand.current.customer();
    const order = await checkout(browser, { plan: "professional_100000", period: "yearly", amount: 1_824_00 });
    const response = await browser.request(`/api/payments/orders/${order.order_tracking_id}`);
    expect(response.status).toBe(200);
    const shown = PaymentOrderSchema.parse(await response.json());
    expect(shown).toMatchObject({
      order_tracking_id: order.order_tracking_id,
      merchant_reference: order.merchant_reference,
      status: "pending",
      plan: "professional_100000",
      plan_display_name: "Professional 100K",
      period: "yearly",
      amount: 1_824_00,
      currency: "USD",
    });
    const hoursOpen = (Date.parse(shown.expires_at ?? "") - Date.now()) / 3_600_000;
    expect(hoursOpen).toBeGreaterThan(23);
    expect(hoursOpen).toBeLessThanOrEqual(24);

    const stranger = await stand.current.customer();
    const refused = await stranger.browser.request(`/api/payments/orders/${order.order_tracking_id}`);
    expect(refused.status).toBe(404);
    expect(ErrorBodySchema.parse(await refused.json()).error.code).toBe("NOT_FOUND");
    expect((await browser.request("/api/payments/orders/not_an_id")).status).toBe(400);

    await verifyReturn(browser, await payOnHostedPage(order.redirect_url, CARD));
    const paid = PaymentOrderSchema.parse(await (await browser.request(`/api/payments/orders/${order.order_tracking_id}`)).json());
    expect(paid).toMatchObject({ status: "completed", expires_at: null });
  });

  it("records a declined payment as failed and leaves the plan alone", async () => {
    const { browser, userId } = await stand.current.customer();
    const order = await checkout(browser, { plan: "starter", period: "monthly", amount: 29_00 });
    const verification = await verified(await verifyReturn(browser, await payOnHostedPage(order.redirect_url, DECLINED_CARD)));
    expect(verification).toMatchObject({ status: "failed", invoice_number: null, message: "Payment failed. Please try again." });
    const row = await orderOf(order.order_tracking_id);
    expect(row.status).toBe("failed");
    expect(await billingOf(row.billing_history_id)).toMatchObject({ status: "failed", invoice_number: null });
    expect((await packageOf(userId)).package_name).toBe("free");
    expect(await subscriptionsOf(userId)).toHaveLength(0);
  });

  it("marks an order cancelled when the customer cancels on the hosted page", async () => {
    const { browser, userId } = await stand.current.customer();
    const order = await checkout(browser, { plan: "starter", period: "monthly", amount: 29_00 });
    const returnUrl = await payOnHostedPage(order.redirect_url, {}, "cancel");
    expect(returnUrl.searchParams.get("status")).toBe("cancelled");
    const verification = await verified(await verifyReturn(browser, returnUrl));
    expect(verification).toMatchObject({ status: "cancelled", message: "Payment was cancelled." });
    expect((await orderOf(order.order_tracking_id)).status).toBe("cancelled");
    expect((await packageOf(userId)).package_name).toBe("free");
  });

  it("activates once under duplicate IPNs racing several callbacks", async () => {
    await stand.current.sandboxSettings({ duplicate_ipns: true });
    const { browser, userId, email } = await stand.current.customer();
    const order = await checkout(browser, { plan: "starter", period: "monthly", amount: 29_00 });
    const returnUrl = await payOnHostedPage(order.redirect_url, CARD);
    const ipnQuery = `OrderTrackingId=${order.order_tracking_id}&OrderMerchantReference=${order.merchant_reference}&OrderNotificationType=IPNCHANGE`;
    const results = await Promise.all([
      verifyReturn(browser, returnUrl).then(verified),
      verifyReturn(browser, returnUrl).then(verified),
      fetch(`${stand.current.url}/payments/ipn?${ipnQuery}`).then((r) => r.json()),
      fetch(`${stand.current.url}/payments/ipn`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ OrderTrackingId: order.order_tracking_id, OrderMerchantReference: order.merchant_reference, OrderNotificationType: "IPNCHANGE" }),
      }).then((r) => r.json()),
    ]);
    expect(results[0].status).toBe("completed");
    expect(results[1].invoice_number).toBe(results[0].invoice_number);
    // The sandbox's own two IPNs arrive too; wait for them before counting.
    const events = await waitFor(async () => {
      const all = await eventsOf(order.order_tracking_id);
      return all.filter((e) => e.kind === "ipn").length >= 4 && all.every((e) => e.processed_at !== null) ? all : undefined;
    });
    expect(events.filter((e) => e.outcome === "activated")).toHaveLength(1);
    expect(events.every((e) => e.outcome === "activated" || e.outcome === "duplicate")).toBe(true);
    expect(await subscriptionsOf(userId)).toHaveLength(1);
    expect(await emailsTo(email, "payment_receipt")).toHaveLength(1);
    const invoices = await db().selectFrom("billing_history").select("invoice_number").where("user_id", "=", userId).execute();
    expect(invoices).toEqual([{ invoice_number: results[0].invoice_number }]);
  });

  it("activates from the IPN alone, and the later callback finds it done", async () => {
    const { browser, email } = await stand.current.customer();
    const order = await checkout(browser, { plan: "starter", period: "monthly", amount: 29_00 });
    const returnUrl = await payOnHostedPage(order.redirect_url, MOBILE_MONEY);
    const row = await completedOrder(order.order_tracking_id);
    await waitFor(async () => ((await eventsOf(order.order_tracking_id)).every((e) => e.processed_at !== null) ? true : undefined));
    const invoice = (await billingOf(row.billing_history_id)).invoice_number;
    const verification = await verified(await verifyReturn(browser, returnUrl));
    expect(verification).toMatchObject({ status: "completed", invoice_number: invoice });
    expect(await emailsTo(email, "payment_receipt")).toHaveLength(1);
    expect((await eventsOf(order.order_tracking_id)).map((e) => [e.kind, e.outcome])).toEqual([
      ["ipn", "activated"],
      ["callback", "duplicate"],
    ]);
  });

  it("answers pending while the provider reads status 0, then activates on the IPN", async () => {
    await stand.current.sandboxSettings({ completion_delay_seconds: 2 });
    const { browser, userId } = await stand.current.customer();
    const order = await checkout(browser, { plan: "starter", period: "monthly", amount: 29_00 });
    const returnUrl = await payOnHostedPage(order.redirect_url, CARD);
    const early = await verified(await verifyReturn(browser, returnUrl));
    expect(early).toMatchObject({ status: "pending", invoice_number: null });
    expect((await packageOf(userId)).package_name).toBe("free");
    await completedOrder(order.order_tracking_id);
    expect((await packageOf(userId)).package_name).toBe("starter");
    expect((await verified(await verifyReturn(browser, returnUrl))).status).toBe("completed");
  });

  it("flags instead of activating when the provider's amount differs from the order", async () => {
    const { browser, userId } = await stand.current.customer();
    const order = await checkout(browser, { plan: "starter", period: "monthly", amount: 29_00 });
    // Our record says more than the customer was charged (as if the provider had been sent less).
    await db().updateTable("payment_orders").set({ amount: 290_00 }).where("provider_order_tracking_id", "=", order.order_tracking_id).execute();
    const verification = await verified(await verifyReturn(browser, await payOnHostedPage(order.redirect_url, CARD)));
    expect(verification.status).toBe("review");
    const row = await orderOf(order.order_tracking_id);
    expect(row.status).toBe("pending");
    expect(row.flagged_at).not.toBeNull();
    expect(row.flag_reason).toContain("the provider reports 29.00 USD, the order is for 290.00 USD");
    expect((await billingOf(row.billing_history_id)).status).toBe("pending");
    expect((await packageOf(userId)).package_name).toBe("free");
    expect((await eventsOf(order.order_tracking_id)).some((e) => e.outcome === "mismatch")).toBe(true);
  });

  it("revokes the plan and tells the administrators when a completed payment is reversed", async () => {
    const admin = await createAccount(db(), { role: "admin" });
    const { browser, userId } = await stand.current.customer();
    const { authorization } = await createKeyedAccount(db(), { userId });
    const order = await checkout(browser, { plan: "starter", period: "monthly", amount: 29_00 });
    await verified(await verifyReturn(browser, await payOnHostedPage(order.redirect_url, CARD)));
    await waitFor(async () => ((await requestLimit(authorization)) === 5_000 ? true : undefined), 1_000);

    const reversal = await fetch(`${stand.current.url}/sandbox/pesapal/control/orders/${order.order_tracking_id}/reverse`, { method: "POST" });
    expect(reversal.status).toBe(200);
    const row = await waitFor(async () => {
      const current = await orderOf(order.order_tracking_id);
      return current.status === "refunded" ? current : undefined;
    });
    expect((await billingOf(row.billing_history_id)).status).toBe("refunded");
    expect(await packageOf(userId)).toMatchObject({ package_name: "free", request_limit: null, expires_at: null });
    expect((await subscriptionsOf(userId)).map((s) => s.status)).toEqual(["cancelled"]);
    const [notice] = await emailsTo(admin.email, "payment_reversed_admin");
    expect(notice?.text_body).toContain(order.merchant_reference);
    await waitFor(async () => ((await requestLimit(authorization)) === 1_000 ? true : undefined), 1_000);
    expect((await verified(await verifyReturn(browser, new URL(`${stand.current.url}/payment-callback?OrderTrackingId=${order.order_tracking_id}`)))).status).toBe("reversed");
  });
});

describe("checkout and verification refusals", () => {
  it("refuses a tampered amount with a clear message and creates no order", async () => {
    const { browser, userId } = await stand.current.customer();
    const response = await browser.post("/api/checkout", {
      plan: "starter",
      period: "yearly",
      amount: 1_00,
      billing: BILLING,
    });
    expect(response.status).toBe(422);
    const body = ErrorBodySchema.parse(await response.json());
    expect(body.error.code).toBe("VALIDATION_FAILED");
    expect(body.error.details?.[0]?.field).toBe("amount");
    expect(body.error.message).toContain("$278.40");
    expect(await db().selectFrom("payment_orders").select("id").where("user_id", "=", userId).execute()).toHaveLength(0);
  });

  it("refuses unknown and contact-sales plans, and bad billing details", async () => {
    const { browser } = await stand.current.customer();
    const billing = BILLING;
    for (const request of [
      { plan: "platinum", period: "monthly", amount: 1_00, billing },
      { plan: "enterprise", period: "monthly", amount: 5_000_00, billing },
      { plan: "free", period: "monthly", amount: 0, billing },
      { plan: "starter", period: "weekly", amount: 29_00, billing },
      { plan: "starter", period: "monthly", amount: 29_00, billing: { ...billing, email: "not-an-email", country: "USA" } },
    ]) {
      const response = await browser.post("/api/checkout", request);
      expect(response.status, JSON.stringify(request)).toBe(422);
      expect(ErrorBodySchema.parse(await response.json()).error.details?.length).toBeGreaterThan(0);
    }
  });

  it("requires address, city, state and ZIP, and a country code in force (SPEC)", async () => {
    const { browser, userId } = await stand.current.customer();
    const { address: _address, city: _city, state: _state, postal_code: _zip, ...withoutAddress } = BILLING;
    const missing = await browser.post("/api/checkout", { plan: "starter", period: "monthly", amount: 29_00, billing: withoutAddress });
    expect(missing.status).toBe(422);
    const details = ErrorBodySchema.parse(await missing.json()).error.details ?? [];
    expect(Object.fromEntries(details.map((detail) => [detail.field, detail.message]))).toEqual({
      "billing.address": "Address is required",
      "billing.city": "City is required",
      "billing.state": "State is required",
      "billing.postal_code": "ZIP / Postal code is required",
    });
    for (const withdrawn of ["DD", "YU", "CS", "UK", "SU"]) {
      const response = await browser.post("/api/checkout", { plan: "starter", period: "monthly", amount: 29_00, billing: { ...BILLING, country: withdrawn } });
      expect(response.status, withdrawn).toBe(422);
      expect(ErrorBodySchema.parse(await response.json()).error.details).toEqual([{ field: "billing.country", message: "Choose a country from the list" }]);
    }
    expect(await db().selectFrom("payment_orders").select("id").where("user_id", "=", userId).execute()).toHaveLength(0);
  });

  it("answers a negative or non-numeric amount with what is wrong with it, not that it is missing", async () => {
    const { browser } = await stand.current.customer();
    const amountError = async (amount: unknown) => {
      const response = await browser.post("/api/checkout", { plan: "starter", period: "monthly", amount, billing: BILLING });
      expect(response.status).toBe(422);
      return ErrorBodySchema.parse(await response.json()).error.details?.find((detail) => detail.field === "amount")?.message;
    };
    expect(await amountError(-29_00)).toBe("Amount cannot be negative");
    expect(await amountError("abc")).toBe("Amount must be a number of cents");
    expect(await amountError("2900")).toBe("Amount must be a number of cents");
    expect(await amountError(29.5)).toBe("Amount must be whole cents");
    expect(await amountError(undefined)).toBe("Amount is required");
  });

  it("needs a signed-in user and the CSRF header", async () => {
    const anonymous = await fetch(`${stand.current.url}/api/checkout`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect([401, 403]).toContain(anonymous.status);
    const { browser } = await stand.current.customer();
    expect((await browser.request("/api/checkout", { method: "POST", json: {}, csrf: false })).status).toBe(403);
  });

  it("answers 404 for another user's order, by tracking id or by reference", async () => {
    const owner = await stand.current.customer();
    const order = await checkout(owner.browser, { plan: "starter", period: "monthly", amount: 29_00 });
    const returnUrl = await payOnHostedPage(order.redirect_url, CARD);
    const stranger = await stand.current.customer();
    expect((await verifyReturn(stranger.browser, returnUrl)).status).toBe(404);
    expect((await stranger.browser.request(`/api/payments/verify?OrderMerchantReference=${order.merchant_reference}`)).status).toBe(404);
    expect((await stranger.browser.request(`/api/payments/verify?OrderTrackingId=${order.order_tracking_id}`)).status).toBe(404);
    // The IPN still activated it for its owner.
    await completedOrder(order.order_tracking_id);
    expect((await packageOf(owner.userId)).package_name).toBe("starter");
    expect((await packageOf(stranger.userId)).package_name).toBe("free");
  });

  it("acknowledges IPNs in Pesapal's exact shape, with status 500 for an order it does not know", async () => {
    const unknown = await fetch(`${stand.current.url}/payments/ipn?OrderTrackingId=5e7d1c1c-0000-4000-8000-000000000000&OrderMerchantReference=nope&OrderNotificationType=IPNCHANGE`);
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual({
      orderNotificationType: "IPNCHANGE",
      orderTrackingId: "5e7d1c1c-0000-4000-8000-000000000000",
      orderMerchantReference: "nope",
      status: 500,
    });

    const { browser } = await stand.current.customer();
    const order = await checkout(browser, { plan: "starter", period: "monthly", amount: 29_00 });
    const pending = await fetch(`${stand.current.url}/payments/ipn`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ OrderTrackingId: order.order_tracking_id, OrderMerchantReference: order.merchant_reference, OrderNotificationType: "IPNCHANGE" }),
    });
    expect(await pending.json()).toEqual({
      orderNotificationType: "IPNCHANGE",
      orderTrackingId: order.order_tracking_id,
      orderMerchantReference: order.merchant_reference,
      status: 200,
    });
    expect((await eventsOf(order.order_tracking_id)).map((e) => [e.kind, e.outcome])).toEqual([["ipn", "pending"]]);
    expect((await fetch(`${stand.current.url}/payments/ipn?OrderMerchantReference=x`)).status).toBe(400);
  });
});
