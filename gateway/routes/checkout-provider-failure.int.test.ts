import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorBodySchema } from "../../core/errors.js";
import { createAccount } from "../../testing/accounts.js";
import { BrowserClient } from "../../testing/browser-client.js";
import { useTestApp } from "../../testing/gateway.js";
import { startHttpReceiver, type HttpReceiver, type ReceivedRequest } from "../../testing/http-receiver.js";

/** A stand-in Pesapal (a real local server) whose SubmitOrderRequest misbehaves in the ways Pesapal does. */
let receiver: HttpReceiver;
let submitAnswer: (response: ServerResponse) => void;
const settings: Record<string, string> = { TRUST_PROXY: "true" };
beforeAll(async () => {
  receiver = await startHttpReceiver();
  settings.PESAPAL_BASE_URL = receiver.url;
  receiver.respondWith((request: ReceivedRequest, response) => {
    const json = (body: unknown) => {
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (request.path === "/api/Auth/RequestToken") return json({ token: "t0k3n", expiryDate: new Date(Date.now() + 300_000).toISOString(), error: null, status: "200" });
    if (request.path === "/api/URLSetup/GetIpnList") return json([]);
    if (request.path === "/api/URLSetup/RegisterIPN") return json({ ipn_id: "0c5a7e1e-1111-4222-8333-944455556666", url: "x", error: null, status: "200" });
    if (request.path === "/api/Transactions/SubmitOrderRequest") return submitAnswer(response);
    response.writeHead(404);
    response.end();
  });
});
afterAll(async () => {
  await receiver.close();
});
const testApp = useTestApp(settings);
const db = () => testApp.current.database.db;

async function attemptCheckout() {
  const account = await createAccount(db());
  const browser = new BrowserClient(testApp.current.app);
  await browser.post("/auth/signin", { email: account.email, password: account.password });
  const response = await browser.post("/api/checkout", {
    plan: "starter",
    period: "monthly",
    amount: 29_00,
    billing: { first_name: "Ada", last_name: "Lovelace", email: "ada@example.test", address: "1 Main Street", city: "Springfield", state: "IL", postal_code: "62701" },
  });
  const orders = await db().selectFrom("payment_orders").innerJoin("billing_history", "billing_history.id", "payment_orders.billing_history_id")
    .select(["payment_orders.status as order_status", "billing_history.status as billing_status"]).where("payment_orders.user_id", "=", account.id).execute();
  return { response, orders };
}

describe("checkout when the provider fails", () => {
  it("answers 502 'Payment initialization failed' and fails the order when Pesapal rejects it", async () => {
    submitAnswer = (response) => {
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ error: { error_type: "api_error", code: "invalid_currency", message: "" }, status: "500" }));
    };
    const { response, orders } = await attemptCheckout();
    expect(response.status).toBe(502);
    expect(ErrorBodySchema.parse(await response.json()).error).toMatchObject({ code: "PAYMENT_PROVIDER_ERROR", message: "Payment initialization failed" });
    expect(orders).toEqual([{ order_status: "failed", billing_status: "failed" }]);
  });

  it("answers 502 'Payment initialization failed' when Pesapal is down", async () => {
    submitAnswer = (response) => {
      response.writeHead(503);
      response.end();
    };
    const { response, orders } = await attemptCheckout();
    expect(response.status).toBe(502);
    expect(ErrorBodySchema.parse(await response.json()).error.message).toBe("Payment initialization failed");
    expect(orders).toEqual([{ order_status: "failed", billing_status: "failed" }]);
  });

  it("answers 502 with the spec's message when the answer has no redirect URL", async () => {
    submitAnswer = (response) => {
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ order_tracking_id: "b945e4af-80a5-4ec1-8706-e03f8332fb04", merchant_reference: "x", error: null, status: "200" }));
    };
    const { response, orders } = await attemptCheckout();
    expect(response.status).toBe(502);
    expect(ErrorBodySchema.parse(await response.json()).error.message).toBe("Invalid payment response - no redirect URL");
    expect(orders).toEqual([{ order_status: "failed", billing_status: "failed" }]);
    const submitted = receiver.received.filter((r) => r.path === "/api/Transactions/SubmitOrderRequest").at(-1);
    expect(submitted?.headers.authorization).toBe("Bearer t0k3n");
    expect(JSON.parse(submitted?.body ?? "{}")).toMatchObject({ amount: 29, currency: "USD", notification_id: "0c5a7e1e-1111-4222-8333-944455556666" });
  });
});
