import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PaymentVerificationSchema } from "../core/contracts/checkout.js";
import { freePort } from "./gateway-process.js";
import { checkout, usePaymentStand, verifyReturn } from "./payment-stand.js";
import { startPesapalStandIn, STAND_IN_CARDS, type PesapalStandIn } from "./pesapal-stand-in.js";

/**
 * The gateway's checkout with PAYMENT_PROVIDER=pesapal and PESAPAL_BASE_URL at the stand-in, on
 * another origin: the customer pays on the stand-in's page, the stand-in's IPN reaches the
 * gateway's /payments/ipn and must be acknowledged exactly, and /api/payments/verify activates.
 */

const KEYS = { PESAPAL_CONSUMER_KEY: "checkout-consumer-key", PESAPAL_CONSUMER_SECRET: "checkout-consumer-secret" };
// The gateway's settings name the stand-in before either starts.
const standInPort = await freePort();
const stand = usePaymentStand({ PAYMENT_PROVIDER: "pesapal", PESAPAL_BASE_URL: `http://127.0.0.1:${standInPort}/pesapalv3`, ...KEYS });
let pesapal: PesapalStandIn;

beforeAll(async () => {
  pesapal = await startPesapalStandIn({ consumerKey: KEYS.PESAPAL_CONSUMER_KEY, consumerSecret: KEYS.PESAPAL_CONSUMER_SECRET, port: standInPort, framingOrigins: [stand.current.url], ipnRetry: { attempts: 3, delayMs: 100 } });
});
afterAll(async () => {
  await pesapal?.close();
});

const packageOf = (userId: string) => stand.current.testApp.database.db.selectFrom("user_packages").selectAll().where("user_id", "=", userId).executeTakeFirstOrThrow();

const CARD = { action: "pay", payment_method: "card", card_number: STAND_IN_CARDS.approved, card_expiry: "12/39", card_cvv: "123", card_name: "Ada Lovelace" };

/** Submits the stand-in's card form as the browser would; the 303's Location is where the top window goes. */
async function pay(redirectUrl: string, fields: Record<string, string>): Promise<URL> {
  const response = await fetch(redirectUrl, { method: "POST", body: new URLSearchParams(fields), redirect: "manual" });
  expect(response.status).toBe(303);
  return new URL(response.headers.get("location") ?? "");
}

describe("checkout through the Pesapal stand-in", () => {
  it("activates the plan after payment on the stand-in's page, the gateway acknowledging its GET IPN exactly", async () => {
    const { browser, userId } = await stand.current.customer();
    const order = await checkout(browser, { plan: "starter", period: "monthly", amount: 29_00 });
    expect(order.redirect_url).toBe(`${pesapal.origin}/pesapaliframe/PesapalIframe3/Index/?OrderTrackingId=${order.order_tracking_id}`);
    expect(pesapal.order(order.order_tracking_id)).toMatchObject({ amount: 29, currency: "USD", merchantReference: order.merchant_reference, callbackUrl: `${stand.current.url}/payment-callback` });

    const returnUrl = await pay(order.redirect_url, CARD);
    expect(`${returnUrl.origin}${returnUrl.pathname}`).toBe(`${stand.current.url}/payment-callback`);
    await pesapal.settled();
    expect(pesapal.ipnsSent().filter((attempt) => attempt.orderTrackingId === order.order_tracking_id)).toEqual([
      expect.objectContaining({ method: "GET", attempt: 1, httpStatus: 200, acknowledged: true, problem: null }),
    ]);

    const response = await verifyReturn(browser, returnUrl);
    expect(response.status).toBe(200);
    expect(PaymentVerificationSchema.parse(await response.json())).toMatchObject({ status: "completed", plan: "starter", amount: 29_00, currency: "USD" });
    expect((await packageOf(userId)).package_name).toBe("starter");
  });

  it("records a declined card as failed and leaves the plan alone", async () => {
    const { browser, userId } = await stand.current.customer();
    const order = await checkout(browser, { plan: "starter", period: "monthly", amount: 29_00 });
    const returnUrl = await pay(order.redirect_url, { ...CARD, card_number: STAND_IN_CARDS.declined });
    const response = await verifyReturn(browser, returnUrl);
    expect(PaymentVerificationSchema.parse(await response.json())).toMatchObject({ status: "failed" });
    expect((await packageOf(userId)).package_name).toBe("free");
  });

  it("takes Cancel on the stand-in's page back to the portal's cancellation URL, the order left unpaid", async () => {
    const { browser, userId } = await stand.current.customer();
    const order = await checkout(browser, { plan: "starter", period: "monthly", amount: 29_00 });
    const returnUrl = await pay(order.redirect_url, { action: "cancel" });
    expect(returnUrl.searchParams.get("status")).toBe("cancelled");
    // Pesapal's cancel link changes nothing at Pesapal: the order stays status 0 with no reason, so the
    // gateway (which reads "cancelled" only from a reason naming it) may call it pending.
    const response = await verifyReturn(browser, returnUrl);
    expect(["pending", "cancelled"]).toContain(PaymentVerificationSchema.parse(await response.json()).status);
    expect(pesapal.order(order.order_tracking_id)).toMatchObject({ statusCode: 0, customerCancelled: true });
    expect((await packageOf(userId)).package_name).toBe("free");
  });

  it("lets the portal's pages frame the stand-in's origin", async () => {
    const response = await fetch(`${stand.current.url}/payment-process`);
    expect(response.headers.get("content-security-policy")).toMatch(new RegExp(`frame-src [^;]*${pesapal.origin.replace(/[.:/]/g, "\\$&")}`));
  });
});
