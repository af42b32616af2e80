import type { ServerResponse } from "node:http";
import { beforeEach, describe, expect, it } from "vitest";
import { useTestApp } from "../../../testing/gateway.js";
import { useHttpReceiver, type ReceivedRequest } from "../../../testing/http-receiver.js";
import { requestSandboxToken, sandboxApiCall, setSandboxSettings, submitSandboxPayment, TEST_CARD } from "../../../testing/pesapal-sandbox.js";

/** The merchant's IPN endpoint: Pesapal's acknowledgement, echoing what it received. */
function acknowledge(request: ReceivedRequest, response: ServerResponse): void {
  const notice = request.method === "POST" ? (JSON.parse(request.body) as Record<string, string>) : Object.fromEntries(new URL(request.path, "http://x").searchParams);
  response.writeHead(200, { "Content-Type": "application/json" });
  response.end(
    JSON.stringify({ orderNotificationType: notice.OrderNotificationType, orderTrackingId: notice.OrderTrackingId, orderMerchantReference: notice.OrderMerchantReference, status: 200 }),
  );
}

function noticeOf(request: ReceivedRequest): Record<string, string> {
  return request.method === "POST" ? (JSON.parse(request.body) as Record<string, string>) : Object.fromEntries(new URL(request.path, "http://x").searchParams);
}

describe("Pesapal sandbox hosted page and IPNs", () => {
  const testApp = useTestApp({ PAYMENT_PROVIDER: "sandbox", PUBLIC_URL: "http://sandbox.sluice.test" });
  const receiver = useHttpReceiver(acknowledge);
  const app = () => testApp.current.app;
  const call = async (method: string, path: string, body?: unknown) => sandboxApiCall(app(), await requestSandboxToken(app(), testApp.current.config), method, path, body);

  let counter = 0;
  async function submitOrder(options: { ipnType?: "GET" | "POST"; cancellationUrl?: string } = {}) {
    const ipn = (await (await call("POST", "/URLSetup/RegisterIPN", { url: `${receiver.current.url}/payments/ipn`, ipn_notification_type: options.ipnType ?? "POST" })).json()) as { ipn_id: string };
    counter += 1;
    const response = await call("POST", "/Transactions/SubmitOrderRequest", {
      id: `PAGE-${Date.now()}-${counter}`,
      currency: "USD",
      amount: 29,
      description: "Starter <plan> & more",
      callback_url: "https://merchant.example.test/payment-callback?from=sandbox",
      ...(options.cancellationUrl ? { cancellation_url: options.cancellationUrl } : {}),
      notification_id: ipn.ipn_id,
      billing_address: { email_address: "buyer@example.test" },
    });
    const body = (await response.json()) as { order_tracking_id: string; merchant_reference: string; redirect_url: string };
    return { trackingId: body.order_tracking_id, reference: body.merchant_reference, redirectUrl: body.redirect_url, path: new URL(body.redirect_url).pathname };
  }
  const status = async (trackingId: string) => (await (await call("GET", `/Transactions/GetTransactionStatus?orderTrackingId=${trackingId}`)).json()) as Record<string, unknown>;
  /** The IPNs received for this order, once there are `count` of them (others' late retries are ignored). */
  async function ipnsFor(trackingId: string, count: number, timeoutMs = 5_000): Promise<ReceivedRequest[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mine = receiver.current.received.filter((request) => noticeOf(request).OrderTrackingId === trackingId);
      if (mine.length >= count || Date.now() > deadline) return mine;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
  const pay = (redirectUrl: string, fields: Record<string, string>) => submitSandboxPayment(app(), redirectUrl, fields);

  beforeEach(async () => {
    await setSandboxSettings(app(), { completion_delay_seconds: 0, duplicate_ipns: false, ipn_retry_base_ms: 50, ipn_max_attempts: 10 });
  });

  describe("the page", () => {
    it("shows the order, both methods and the test numbers, escaped, with no scripts", async () => {
      const order = await submitOrder();
      const response = await app().request(order.path);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toContain("text/html");
      expect(response.headers.get("Content-Security-Policy")).toContain("script-src 'self'");
      const html = await response.text();
      expect(html).toContain(order.reference);
      expect(html).toContain("Starter &lt;plan&gt; &amp; more");
      expect(html).toContain("USD 29.00");
      expect(html).toContain("4111 1111 1111 1111");
      expect(html).toContain("4000 0000 0000 0002");
      expect(html).toContain('name="phone_number"');
      expect(html).toContain('name="card_number"');
      expect(html).toContain('<label for="card_cvv">');
      for (const action of ["pay", "fail", "cancel"]) expect(html).toContain(`name="action" value="${action}"`);
      expect(html).not.toMatch(/<script|https?:\/\/(?!merchant)/i);
    });

    it("preselects the method the merchant names (?method=card), else mobile money", async () => {
      const order = await submitOrder();
      const checkedMethod = async (query: string) => (await (await app().request(`${order.path}${query}`)).text()).match(/<input type="radio" id="[^"]+" name="method" value="([a-z_]+)" checked>/)?.[1];
      expect(await checkedMethod("?method=card")).toBe("card");
      expect(await checkedMethod("?method=mobile_money")).toBe("mobile_money");
      expect(await checkedMethod("")).toBe("mobile_money");
      expect(await checkedMethod("?method=bitcoin")).toBe("mobile_money");
    });

    it("is 404 for an unknown order", async () => {
      expect((await app().request("/sandbox/pesapal/pay/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    });

    it.each([
      ["a number failing the Luhn check", { card_number: "4111 1111 1111 1112" }, "card_number", "not valid"],
      ["a too-short number", { card_number: "4111" }, "card_number", "12 to 19 digits"],
      ["an expiry in the past", { card_expiry: "01/20" }, "card_expiry", "expired"],
      ["an expiry that is not MM/YY", { card_expiry: "2039-12" }, "card_expiry", "MM/YY"],
      ["a 2-digit CVV", { card_cvv: "12" }, "card_cvv", "3 or 4 digit"],
      ["a missing name", { card_name: " " }, "card_name", "name on the card"],
    ])("re-renders the card form with an error for %s, without echoing card data", async (_name, change, field, message) => {
      const order = await submitOrder();
      const response = await pay(order.redirectUrl, { action: "pay", method: "card", ...TEST_CARD, ...change });
      expect(response.status).toBe(422);
      const html = await response.text();
      expect(html).toContain('role="alert"');
      expect(html).toContain(`id="${field}-error"`);
      expect(html).toContain(message);
      expect(html).toMatch(new RegExp(`id="${field}"[^>]*aria-invalid="true"`));
      expect(html).toContain('id="card_number" name="card_number" value=""');
      expect(html).toContain('id="card_cvv" name="card_cvv" value=""');
      expect((await status(order.trackingId)).status_code).toBe(0);
      expect(await ipnsFor(order.trackingId, 1, 100)).toHaveLength(0);
    });

    it("requires a valid phone number for mobile money, and a chosen method", async () => {
      const order = await submitOrder();
      const badPhone = await pay(order.redirectUrl, { action: "pay", method: "mobile_money", phone_number: "12ab" });
      expect(badPhone.status).toBe(422);
      expect(await badPhone.text()).toContain('id="phone_number-error"');
      const noMethod = await pay(order.redirectUrl, { action: "pay" });
      expect(noMethod.status).toBe(422);
      expect(await noMethod.text()).toContain("Choose a payment method");
    });
  });

  describe("outcomes", () => {
    it("pays by card: 303 to the callback with Pesapal's parameters, a POST IPN, then status 1 with a confirmation code", async () => {
      const order = await submitOrder({ ipnType: "POST" });
      const response = await pay(order.redirectUrl, { action: "pay", method: "card", ...TEST_CARD });
      expect(response.status).toBe(303);
      const location = new URL(response.headers.get("Location") ?? "");
      expect(`${location.origin}${location.pathname}`).toBe("https://merchant.example.test/payment-callback");
      expect(Object.fromEntries(location.searchParams)).toEqual({
        from: "sandbox",
        OrderTrackingId: order.trackingId,
        OrderMerchantReference: order.reference,
        OrderNotificationType: "CALLBACKURL",
      });

      const [ipn] = await ipnsFor(order.trackingId, 1);
      expect(ipn?.method).toBe("POST");
      expect(ipn?.path).toBe("/payments/ipn");
      expect(ipn?.headers["content-type"]).toBe("application/json");
      expect(JSON.parse(ipn?.body ?? "")).toEqual({ OrderTrackingId: order.trackingId, OrderMerchantReference: order.reference, OrderNotificationType: "IPNCHANGE" });

      const body = await status(order.trackingId);
      expect(body).toMatchObject({
        status_code: 1,
        payment_status_description: "Completed",
        payment_method: "Visa",
        payment_account: "************1111",
        amount: 29,
        currency: "USD",
        merchant_reference: order.reference,
        payment_status_code: "",
        error: { error_type: null, code: null, message: null },
        status: "200",
      });
      expect(body.confirmation_code).toMatch(/^[A-Z0-9]{10}$/);
      expect(body.call_back_url).toContain(`OrderTrackingId=${order.trackingId}`);
      // Acknowledged: no retry follows.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await ipnsFor(order.trackingId, 1)).toHaveLength(1);
      // A final order cannot be paid again.
      expect((await pay(order.redirectUrl, { action: "pay", method: "card", ...TEST_CARD })).status).toBe(409);
      expect(await (await app().request(order.path)).text()).toContain("can no longer be paid");
    });

    it("pays by mobile money with a GET IPN carrying the three query parameters", async () => {
      const order = await submitOrder({ ipnType: "GET" });
      expect((await pay(order.redirectUrl, { action: "pay", method: "mobile_money", phone_number: "+254 712 345 678" })).status).toBe(303);
      const [ipn] = await ipnsFor(order.trackingId, 1);
      expect(ipn?.method).toBe("GET");
      expect(noticeOf(ipn!)).toEqual({ OrderTrackingId: order.trackingId, OrderMerchantReference: order.reference, OrderNotificationType: "IPNCHANGE" });
      expect(await status(order.trackingId)).toMatchObject({ status_code: 1, payment_method: "MpesaKE", payment_account: "2547****5678" });
    });

    it.each([
      ["the Fail button", { action: "fail", method: "card" }, "Unable to Authorize Transaction"],
      ["the declined test card", { action: "pay", method: "card", ...TEST_CARD, card_number: "4000 0000 0000 0002" }, "Unable to Authorize Transaction"],
      ["a phone number ending in 0000", { action: "pay", method: "mobile_money", phone_number: "+254712340000" }, "declined"],
    ])("fails through %s: status 2 FAILED and an IPN", async (_name, fields, description) => {
      const order = await submitOrder();
      const response = await pay(order.redirectUrl, fields);
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toContain(`OrderTrackingId=${order.trackingId}`);
      expect(await ipnsFor(order.trackingId, 1)).toHaveLength(1);
      const body = await status(order.trackingId);
      expect(body).toMatchObject({ status_code: 2, payment_status_description: "Failed" });
      expect(String(body.description)).toContain(description);
    });

    it("cancels: back to cancellation_url, status stays 0 with request_terminated_by_user, an IPN is sent, and the customer may still pay", async () => {
      const order = await submitOrder({ cancellationUrl: "https://merchant.example.test/payment-cancelled" });
      const response = await pay(order.redirectUrl, { action: "cancel" });
      expect(response.status).toBe(303);
      const location = new URL(response.headers.get("Location") ?? "");
      expect(location.pathname).toBe("/payment-cancelled");
      expect(location.searchParams.get("OrderTrackingId")).toBe(order.trackingId);
      expect(await ipnsFor(order.trackingId, 1)).toHaveLength(1);
      expect(await status(order.trackingId)).toMatchObject({ status_code: 0, payment_status_description: "INVALID", payment_status_code: "request_terminated_by_user" });
      expect((await pay(order.redirectUrl, { action: "pay", method: "card", ...TEST_CARD })).status).toBe(303);
      expect((await status(order.trackingId)).status_code).toBe(1);
      expect(await ipnsFor(order.trackingId, 2)).toHaveLength(2);
    });

    it("cancels back to callback_url when no cancellation_url was given", async () => {
      const order = await submitOrder();
      const response = await pay(order.redirectUrl, { action: "cancel" });
      expect(new URL(response.headers.get("Location") ?? "").pathname).toBe("/payment-callback");
    });
  });

  describe("knobs and IPN delivery", () => {
    it("delays completion: status 0 for the configured seconds, then 1, with the IPN sent when it completes", async () => {
      await setSandboxSettings(app(), { completion_delay_seconds: 1 });
      const order = await submitOrder();
      const paidAt = Date.now();
      expect((await pay(order.redirectUrl, { action: "pay", method: "card", ...TEST_CARD })).status).toBe(303);
      expect(await status(order.trackingId)).toMatchObject({ status_code: 0, confirmation_code: "" });
      const [ipn] = await ipnsFor(order.trackingId, 1);
      expect(ipn!.receivedAt - paidAt).toBeGreaterThanOrEqual(950);
      expect((await status(order.trackingId)).status_code).toBe(1);
    });

    it("sends each IPN twice when duplicates are on", async () => {
      await setSandboxSettings(app(), { duplicate_ipns: true });
      const order = await submitOrder();
      await pay(order.redirectUrl, { action: "pay", method: "card", ...TEST_CARD });
      expect(await ipnsFor(order.trackingId, 2)).toHaveLength(2);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await ipnsFor(order.trackingId, 2)).toHaveLength(2);
    });

    it("retries with backoff until the receiver acknowledges in Pesapal's JSON", async () => {
      let calls = 0;
      receiver.current.respondWith((request, response) => {
        calls += 1;
        if (calls === 1) {
          response.writeHead(500);
          response.end();
        } else if (calls === 2) {
          response.writeHead(200, { "Content-Type": "application/json" });
          response.end('{"ok":true}');
        } else acknowledge(request, response);
      });
      const order = await submitOrder();
      await pay(order.redirectUrl, { action: "pay", method: "card", ...TEST_CARD });
      const ipns = await ipnsFor(order.trackingId, 3);
      expect(ipns[1]!.receivedAt - ipns[0]!.receivedAt).toBeGreaterThanOrEqual(45);
      expect(ipns[2]!.receivedAt - ipns[1]!.receivedAt).toBeGreaterThanOrEqual(95);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await ipnsFor(order.trackingId, 3)).toHaveLength(3);
    });

    it("gives up after the configured number of attempts", async () => {
      await setSandboxSettings(app(), { ipn_max_attempts: 3, ipn_retry_base_ms: 20 });
      receiver.current.respondWith((_request, response) => {
        response.writeHead(503);
        response.end();
      });
      const order = await submitOrder();
      await pay(order.redirectUrl, { action: "fail", method: "card" });
      expect(await ipnsFor(order.trackingId, 3)).toHaveLength(3);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await ipnsFor(order.trackingId, 3)).toHaveLength(3);
    });

    it("reverses a completed payment: status 3 REVERSED and a new IPN; refuses anything else", async () => {
      const order = await submitOrder();
      await pay(order.redirectUrl, { action: "pay", method: "card", ...TEST_CARD });
      expect(await ipnsFor(order.trackingId, 1)).toHaveLength(1);
      const reversed = await app().request(`/sandbox/pesapal/control/orders/${order.trackingId}/reverse`, { method: "POST" });
      expect(reversed.status).toBe(200);
      expect(await ipnsFor(order.trackingId, 2)).toHaveLength(2);
      expect(await status(order.trackingId)).toMatchObject({ status_code: 3, payment_status_description: "Reversed" });
      expect((await app().request(`/sandbox/pesapal/control/orders/${order.trackingId}/reverse`, { method: "POST" })).status).toBe(409);
      const pending = await submitOrder();
      expect((await app().request(`/sandbox/pesapal/control/orders/${pending.trackingId}/reverse`, { method: "POST" })).status).toBe(409);
      expect((await app().request("/sandbox/pesapal/control/orders/00000000-0000-4000-8000-000000000000/reverse", { method: "POST" })).status).toBe(404);
    });

    it("rejects unknown or out-of-range settings", async () => {
      for (const bad of [{ token_lifetime_seconds: 0 }, { duplicate_ipns: "yes" }, { unknown_knob: 1 }]) {
        const response = await app().request("/sandbox/pesapal/control/settings", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(bad) });
        expect(response.status).toBe(422);
      }
    });
  });
});
