import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GatewayConfigSchema, parseConfig } from "../config.js";
import { useTestDatabase } from "../../testing/database.js";
import { startGatewayProcess, type GatewayProcess } from "../../testing/gateway-process.js";
import { startHttpReceiver, type HttpReceiver } from "../../testing/http-receiver.js";
import { useRedisNamespace } from "../../testing/redis.js";
import { createPesapalClient, PesapalError, pesapalBaseUrl, type PesapalClient, type SubmitOrderInput } from "./pesapal-client.js";

/** The client against the local Pesapal sandbox of a real gateway process, over real HTTP. */

const database = useTestDatabase();
const namespace = useRedisNamespace();
let gateway: GatewayProcess;
let merchant: HttpReceiver;
let baseUrl: string;

beforeAll(async () => {
  merchant = await startHttpReceiver();
  gateway = await startGatewayProcess({ DATABASE_URL: database.current.url, REDIS_KEY_PREFIX: namespace.keyPrefix, QUEUE_PREFIX: namespace.queuePrefix, PAYMENT_PROVIDER: "sandbox" });
  baseUrl = pesapalBaseUrl(parseConfig(GatewayConfigSchema, { PUBLIC_URL: gateway.url }));
}, 90_000);
afterAll(async () => {
  await gateway?.stop();
  await merchant?.close();
});

const sandboxClient = (options: { consumerSecret?: string; now?: () => Date } = {}) =>
  createPesapalClient({ baseUrl, consumerKey: "sandbox-consumer-key", consumerSecret: options.consumerSecret ?? "sandbox-consumer-secret", ...(options.now ? { now: options.now } : {}) });

const newReference = () => `sl-${randomUUID()}`;

async function orderFor(client: PesapalClient, overrides: Partial<SubmitOrderInput> = {}) {
  const notificationId = await client.ensureIpn(`${merchant.url}/payments/ipn`, "POST");
  const input: SubmitOrderInput = {
    merchantReference: newReference(),
    amountCents: 27_840,
    currency: "USD",
    description: "Sluice Starter, yearly",
    callbackUrl: `${merchant.url}/billing/callback`,
    notificationId,
    billingAddress: { email_address: "ada@example.test", first_name: "Ada", last_name: "Lovelace", country_code: "US" },
    ...overrides,
  };
  return { input, order: await client.submitOrder(input) };
}

/** Pays on the hosted page as a customer would: POST its form (a test card that succeeds). */
async function payOnHostedPage(redirectUrl: string) {
  const form = new URLSearchParams({ action: "pay", method: "card", card_number: "4111111111111111", card_expiry: "12/39", card_cvv: "123", card_name: "Ada Lovelace" });
  return fetch(redirectUrl, { method: "POST", body: form, redirect: "manual" });
}

async function sandboxIpnRows(url: string) {
  const token = (await (await fetch(`${baseUrl}/api/Auth/RequestToken`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ consumer_key: "sandbox-consumer-key", consumer_secret: "sandbox-consumer-secret" }) })).json()) as { token: string };
  const rows = (await (await fetch(`${baseUrl}/api/URLSetup/GetIpnList`, { headers: { Authorization: `Bearer ${token.token}` } })).json()) as { url: string }[];
  return rows.filter((row) => row.url === url);
}

describe("the Pesapal client against the sandbox", () => {
  it("registers the IPN URL once, then finds it in GetIpnList from a fresh client", async () => {
    const url = `${merchant.url}/ipn-${randomUUID()}`;
    const first = await sandboxClient().ensureIpn(url, "POST");
    const again = await sandboxClient().ensureIpn(url, "POST");
    expect(again).toBe(first);
    expect(await sandboxIpnRows(url)).toHaveLength(1);
  });

  it("runs an order from submission through payment to refund", async () => {
    const client = sandboxClient();
    const { input, order } = await orderFor(client);
    expect(order.merchantReference).toBe(input.merchantReference);
    expect(order.redirectUrl).toBe(`${gateway.url}/sandbox/pesapal/pay/${order.orderTrackingId}`);

    const pending = await client.getTransactionStatus(order.orderTrackingId);
    expect(pending).toMatchObject({ statusCode: 0, confirmationCode: null });

    const paid = await payOnHostedPage(order.redirectUrl);
    expect(paid.status).toBe(303);
    const callback = new URL(paid.headers.get("location") ?? "");
    expect(callback.pathname).toBe("/billing/callback");
    expect(callback.searchParams.get("OrderTrackingId")).toBe(order.orderTrackingId);

    const completed = await client.getTransactionStatus(order.orderTrackingId);
    expect(completed).toMatchObject({ statusCode: 1, amountCents: 27_840, currency: "USD", merchantReference: input.merchantReference, paymentMethod: "Visa" });
    expect(completed.confirmationCode).toMatch(/\S+/);

    const ipns = await merchant.waitForRequests(1);
    expect(ipns.some((r) => r.method === "POST" && r.path === "/payments/ipn" && r.body.includes(order.orderTrackingId))).toBe(true);

    await client.refund({ confirmationCode: completed.confirmationCode ?? "", amountCents: 27_840, username: "ada@example.test", remarks: "Requested by the customer" });
    const second = await client.refund({ confirmationCode: completed.confirmationCode ?? "", amountCents: 100, username: "ada@example.test", remarks: "Again" }).catch((e: unknown) => e);
    expect(second).toBeInstanceOf(PesapalError);
    expect((second as PesapalError).code).toBe("refund_rejected");
    await expect(client.cancelOrder(order.orderTrackingId)).rejects.toMatchObject({ code: "cancellation_rejected" });
  });

  it("cancels a pending order, after which its page can no longer be paid", async () => {
    const client = sandboxClient();
    const { order } = await orderFor(client);
    await client.cancelOrder(order.orderTrackingId);
    expect((await payOnHostedPage(order.redirectUrl)).status).toBe(409);
    await expect(client.cancelOrder(order.orderTrackingId)).rejects.toMatchObject({ code: "cancellation_rejected" });
  });

  it("reports refused credentials, an unknown tracking id and a reused merchant reference by Pesapal's codes", async () => {
    await expect(sandboxClient({ consumerSecret: "wrong-secret" }).ensureIpn(`${merchant.url}/x`, "GET")).rejects.toMatchObject({ code: "invalid_consumer_key_or_secret_provided" });
    const client = sandboxClient();
    await expect(client.getTransactionStatus(randomUUID())).rejects.toMatchObject({ code: "invalid_order_tracking_id" });
    const { input } = await orderFor(client);
    await expect(client.submitOrder(input)).rejects.toMatchObject({ code: "duplicate_merchant_reference" });
  });

  it("recovers from an expired token with one new token and one retry", async () => {
    await fetch(`${baseUrl}/control/settings`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ token_lifetime_seconds: 1 }) });
    try {
      // A client clock frozen an hour back keeps the token cached past its real expiry.
      const frozen = new Date(Date.now() - 3_600_000);
      const client = sandboxClient({ now: () => frozen });
      const { order } = await orderFor(client);
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      expect((await client.getTransactionStatus(order.orderTrackingId)).statusCode).toBe(0);
    } finally {
      await fetch(`${baseUrl}/control/settings`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ token_lifetime_seconds: 300 }) });
    }
  });
});
