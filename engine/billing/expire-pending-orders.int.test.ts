import { describe, expect, it } from "vitest";
import { createLogger } from "../../core/logger.js";
import { createPesapalClient, pesapalBaseUrl } from "../../core/payments/pesapal-client.js";
import { PENDING_ORDER_HOURS } from "../../core/payments/unpaid-orders.js";
import { waitFor } from "../../testing/wait-for.js";
import { CARD, checkout, payOnHostedPage, usePaymentStand, verifyReturn } from "../../testing/payment-stand.js";
import { expirePendingOrders, type OrderExpiryDeps } from "./expire-pending-orders.js";

// The engine's expiry of pending orders against the gateway's Pesapal sandbox, over HTTP.
const stand = usePaymentStand();
const db = () => stand.current.testApp.database.db;
const HOUR = 3_600_000;

function deps(): OrderExpiryDeps {
  const { config, queues } = stand.current.testApp;
  const logger = createLogger({ level: "silent", name: "test" });
  const pesapal = createPesapalClient({ baseUrl: pesapalBaseUrl(config), consumerKey: config.PESAPAL_CONSUMER_KEY, consumerSecret: config.PESAPAL_CONSUMER_SECRET, logger });
  return { db: db(), queues, logger, pesapal, config };
}

const orderOf = (trackingId: string) => db().selectFrom("payment_orders").selectAll().where("provider_order_tracking_id", "=", trackingId).executeTakeFirstOrThrow();
const billingOf = (billingId: string) => db().selectFrom("billing_history").selectAll().where("id", "=", billingId).executeTakeFirstOrThrow();
const sandboxOrder = async (trackingId: string) => {
  const response = await fetch(`${stand.current.url}/sandbox/pesapal/control/orders/${trackingId}`);
  return ((await response.json()) as { order: { cancelled_at: string | null } }).order;
};

describe("pending orders expire", () => {
  it(`cancels a pending order at the provider ${PENDING_ORDER_HOURS} hours after its last checkout, and only then`, async () => {
    const { browser } = await stand.current.customer();
    const order = await checkout(browser, { plan: "starter", period: "monthly", amount: 29_00 });
    const { expires_at: expiresAt } = await orderOf(order.order_tracking_id);
    if (!expiresAt) throw new Error("a pending order has an expiry");
    expect(expiresAt.getTime() - Date.now()).toBeGreaterThan((PENDING_ORDER_HOURS - 1) * HOUR);

    await expirePendingOrders(deps(), new Date(expiresAt.getTime() - 60_000));
    expect((await orderOf(order.order_tracking_id)).status).toBe("pending");
    expect((await sandboxOrder(order.order_tracking_id)).cancelled_at).toBeNull();

    const ran = await expirePendingOrders(deps(), new Date(expiresAt.getTime() + 60_000));
    expect(ran.cancelled).toBeGreaterThanOrEqual(1);
    const row = await orderOf(order.order_tracking_id);
    expect(row.status).toBe("cancelled");
    expect(await billingOf(row.billing_history_id)).toMatchObject({ status: "cancelled", invoice_number: null });
    expect((await billingOf(row.billing_history_id)).metadata).toMatchObject({ cancelled_because: "expired" });
    expect((await sandboxOrder(order.order_tracking_id)).cancelled_at).not.toBeNull();
    // The provider's page no longer takes the payment.
    await expect(payOnHostedPage(order.redirect_url, CARD)).rejects.toThrow();

    // Running again changes nothing.
    await expirePendingOrders(deps(), new Date(expiresAt.getTime() + 2 * HOUR));
    expect((await orderOf(order.order_tracking_id)).status).toBe("cancelled");
  });

  it("never cancels an order the provider reports paid: it goes to the review queue instead", async () => {
    const { browser, userId } = await stand.current.customer();
    const order = await checkout(browser, { plan: "starter", period: "monthly", amount: 29_00 });
    await verifyReturn(browser, await payOnHostedPage(order.redirect_url, CARD));
    const paid = await waitFor(async () => {
      const current = await orderOf(order.order_tracking_id);
      return current.status === "completed" ? current : undefined;
    });
    // As if its notifications had been lost: still pending here.
    await db().updateTable("payment_orders").set({ status: "pending" }).where("id", "=", paid.id).execute();

    await expirePendingOrders(deps(), new Date(Date.now() + (PENDING_ORDER_HOURS + 1) * HOUR));
    const row = await orderOf(order.order_tracking_id);
    expect(row.status).toBe("pending");
    expect(row.flag_reason).toContain("reports this order paid");
    expect((await sandboxOrder(order.order_tracking_id)).cancelled_at).toBeNull();
    expect((await db().selectFrom("user_packages").select("package_name").where("user_id", "=", userId).executeTakeFirstOrThrow()).package_name).toBe("starter");
  });
});
