import { beforeEach, describe, expect, it } from "vitest";
import { useTestApp } from "../../../testing/gateway.js";
import { requestSandboxToken, sandboxApiCall, setSandboxSettings, submitSandboxPayment, TEST_CARD } from "../../../testing/pesapal-sandbox.js";
import { PRODUCTION_LIKE_SETTINGS } from "../../../testing/environment.js";

const PUBLIC_URL = "http://sandbox.sluice.test";

describe("Pesapal sandbox API", () => {
  const testApp = useTestApp({ PAYMENT_PROVIDER: "sandbox", PUBLIC_URL });
  const app = () => testApp.current.app;
  const token = () => requestSandboxToken(app(), testApp.current.config);
  const call = async (method: string, path: string, body?: unknown) => sandboxApiCall(app(), await token(), method, path, body);

  async function registeredIpn(url = "https://merchant.example.test/ipn", type = "POST"): Promise<string> {
    const response = await call("POST", "/URLSetup/RegisterIPN", { url, ipn_notification_type: type });
    return ((await response.json()) as { ipn_id: string }).ipn_id;
  }

  let reference = 0;
  async function orderBody(overrides: Record<string, unknown> = {}) {
    reference += 1;
    return {
      id: `SLUICE-${Date.now()}-${reference}`,
      currency: "USD",
      amount: 29.0,
      description: "Starter plan, monthly",
      callback_url: "https://merchant.example.test/payment-callback",
      notification_id: await registeredIpn(),
      billing_address: { email_address: "buyer@example.test", first_name: "Ada" },
      ...overrides,
    };
  }

  async function submit(overrides: Record<string, unknown> = {}) {
    const response = await call("POST", "/Transactions/SubmitOrderRequest", await orderBody(overrides));
    expect(response.status).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  }

  beforeEach(async () => {
    await setSandboxSettings(app(), { token_lifetime_seconds: 300, completion_delay_seconds: 0, duplicate_ipns: false });
  });

  describe("RequestToken", () => {
    it("issues a token with a .NET-style expiry about 5 minutes ahead", async () => {
      const before = Date.now();
      const response = await app().request("/sandbox/pesapal/api/Auth/RequestToken", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ consumer_key: testApp.current.config.PESAPAL_CONSUMER_KEY, consumer_secret: testApp.current.config.PESAPAL_CONSUMER_SECRET }),
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ error: null, status: "200", message: "Request processed successfully" });
      expect(body.token).toEqual(expect.any(String));
      expect(body.expiryDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{7}Z$/);
      const lifetime = Date.parse(String(body.expiryDate)) - before;
      expect(lifetime).toBeGreaterThan(299_000);
      expect(lifetime).toBeLessThan(302_000);
    });

    it("answers wrong credentials with HTTP 200, status \"500\" and invalid_consumer_key_or_secret_provided", async () => {
      for (const credentials of [{ consumer_key: testApp.current.config.PESAPAL_CONSUMER_KEY, consumer_secret: "wrong" }, { consumer_key: "wrong", consumer_secret: testApp.current.config.PESAPAL_CONSUMER_SECRET }, {}]) {
        const response = await app().request("/sandbox/pesapal/api/Auth/RequestToken", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(credentials) });
        expect(response.status).toBe(200);
        expect(await response.json()).toMatchObject({
          token: null,
          error: { error_type: "api_error", code: "invalid_consumer_key_or_secret_provided", message: "" },
          status: "500",
        });
      }
    });

    it("refuses every other call without a valid token with 401", async () => {
      const noToken = await app().request("/sandbox/pesapal/api/URLSetup/GetIpnList");
      expect(noToken.status).toBe(401);
      expect(await noToken.json()).toMatchObject({ error: { code: "invalid_api_token" }, status: "401" });
      const forged = await sandboxApiCall(app(), "not-a-token", "GET", "/URLSetup/GetIpnList");
      expect(forged.status).toBe(401);
      const submitted = await sandboxApiCall(app(), "not-a-token", "POST", "/Transactions/SubmitOrderRequest", {});
      expect(submitted.status).toBe(401);
    });

    it("expires tokens after the configured lifetime", async () => {
      await setSandboxSettings(app(), { token_lifetime_seconds: 1 });
      const shortLived = await token();
      expect((await sandboxApiCall(app(), shortLived, "GET", "/URLSetup/GetIpnList")).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      expect((await sandboxApiCall(app(), shortLived, "GET", "/URLSetup/GetIpnList")).status).toBe(401);
    });
  });

  describe("IPN registration", () => {
    it("registers an IPN URL with Pesapal's fields (typo included) and lists it", async () => {
      const response = await call("POST", "/URLSetup/RegisterIPN", { url: "https://merchant.example.test/hooks/ipn-get", ipn_notification_type: "GET" });
      const body = (await response.json()) as Record<string, unknown>;
      expect(body).toMatchObject({
        url: "https://merchant.example.test/hooks/ipn-get",
        notification_type: 0,
        ipn_notification_type_description: "GET",
        ipn_status: 1,
        ipn_status_decription: "Active",
        error: null,
        status: "200",
      });
      expect(body.ipn_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(body.created_date).toEqual(expect.any(String));

      const list = (await (await call("GET", "/URLSetup/GetIpnList")).json()) as Array<Record<string, unknown>>;
      expect(list).toContainEqual(expect.objectContaining({ url: "https://merchant.example.test/hooks/ipn-get", ipn_id: body.ipn_id, error: null, status: "200" }));
    });

    it("rejects a registration without a URL or with an unknown notification type", async () => {
      for (const bad of [{ ipn_notification_type: "GET" }, { url: "ftp://x.test/ipn", ipn_notification_type: "GET" }, { url: "https://x.test/ipn", ipn_notification_type: "PUT" }]) {
        const response = await call("POST", "/URLSetup/RegisterIPN", bad);
        expect(response.status).toBe(200);
        expect(await response.json()).toMatchObject({ error: { error_type: "api_error", code: "invalid_ipn_registration" }, status: "500" });
      }
    });
  });

  describe("SubmitOrderRequest", () => {
    it("returns a tracking id and a redirect URL to the hosted page under PUBLIC_URL", async () => {
      const body = await submit();
      expect(body).toMatchObject({ error: null, status: "200" });
      expect(body.merchant_reference).toMatch(/^SLUICE-/);
      expect(body.redirect_url).toBe(`${PUBLIC_URL}/sandbox/pesapal/pay/${String(body.order_tracking_id)}`);
      const page = await app().request(new URL(String(body.redirect_url)).pathname);
      expect(page.status).toBe(200);
    });

    it.each([
      ["a missing id", { id: undefined }, "invalid_merchant_reference"],
      ["an id with other characters", { id: "INV_2026/1" }, "invalid_merchant_reference"],
      ["an id over 50 characters", { id: "A".repeat(51) }, "invalid_merchant_reference"],
      ["a zero amount", { amount: 0 }, "invalid_amount"],
      ["a negative amount", { amount: -5 }, "invalid_amount"],
      ["an amount with fractions of a cent", { amount: 1.234 }, "invalid_amount"],
      ["an unknown currency", { currency: "XYZ" }, "invalid_currency"],
      ["a description over 100 characters", { description: "d".repeat(101) }, "invalid_description"],
      ["a missing description", { description: "" }, "invalid_description"],
      ["a relative callback_url", { callback_url: "/payment-callback" }, "invalid_callback_url"],
      ["a javascript: callback_url", { callback_url: "javascript:alert(1)" }, "invalid_callback_url"],
      ["a notification_id that is not a GUID", { notification_id: "ipn-1" }, "invalid_notification_id"],
      ["an unregistered notification_id", { notification_id: "00000000-0000-4000-8000-000000000000" }, "invalid_notification_id"],
      ["a billing address without email or phone", { billing_address: { first_name: "Ada" } }, "invalid_billing_address"],
      ["a missing billing address", { billing_address: undefined }, "invalid_billing_address"],
      ["a state over 3 characters", { billing_address: { email_address: "a@example.test", state: "California" } }, "invalid_billing_address"],
    ])("rejects %s in Pesapal's error shape", async (_name, overrides, code) => {
      const response = await call("POST", "/Transactions/SubmitOrderRequest", await orderBody(overrides));
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ order_tracking_id: null, redirect_url: null, error: { error_type: "api_error", code }, status: "500" });
    });

    it("accepts an amount sent as a string and a phone-only billing address", async () => {
      const body = await submit({ amount: "190.00", billing_address: { phone_number: "+254712345678" } });
      const status = (await (await call("GET", `/Transactions/GetTransactionStatus?orderTrackingId=${String(body.order_tracking_id)}`)).json()) as Record<string, unknown>;
      expect(status.amount).toBe(190);
    });

    it("refuses a merchant reference that was already used", async () => {
      const first = await orderBody();
      expect(await (await call("POST", "/Transactions/SubmitOrderRequest", first)).json()).toMatchObject({ status: "200" });
      const again = await call("POST", "/Transactions/SubmitOrderRequest", first);
      expect(await again.json()).toMatchObject({ error: { code: "duplicate_merchant_reference" }, status: "500", merchant_reference: first.id });
    });

    it("answers malformed JSON in Pesapal's error shape, not a 500", async () => {
      const response = await call("POST", "/Transactions/SubmitOrderRequest", "{not json");
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ error: { code: "invalid_request" }, status: "500" });
    });
  });

  describe("GetTransactionStatus", () => {
    it("reads status 0 INVALID with payment_details_not_found before payment, whatever the parameter's case", async () => {
      const order = await submit();
      for (const name of ["orderTrackingId", "OrderTrackingId", "ordertrackingid"]) {
        const id = name === "ordertrackingid" ? String(order.order_tracking_id).toUpperCase() : String(order.order_tracking_id);
        const response = await call("GET", `/Transactions/GetTransactionStatus?${name}=${id}`);
        expect(await response.json()).toMatchObject({
          status_code: 0,
          payment_status_description: "INVALID",
          amount: 29,
          currency: "USD",
          merchant_reference: order.merchant_reference,
          confirmation_code: "",
          payment_status_code: "",
          error: { error_type: "api_error", code: "payment_details_not_found", message: "Pending Payment" },
          status: "200",
        });
      }
    });

    it("rejects an unknown tracking id", async () => {
      const response = await call("GET", "/Transactions/GetTransactionStatus?orderTrackingId=00000000-0000-4000-8000-000000000000");
      expect(await response.json()).toMatchObject({ error: { code: "invalid_order_tracking_id" }, status: "500" });
    });
  });

  describe("RefundRequest and CancelOrder", () => {
    async function paidOrder(fields: Record<string, string> = { action: "pay", method: "card", ...TEST_CARD }) {
      const order = await submit({ amount: 190 });
      expect((await submitSandboxPayment(app(), String(order.redirect_url), fields)).status).toBe(303);
      const status = (await (await call("GET", `/Transactions/GetTransactionStatus?orderTrackingId=${String(order.order_tracking_id)}`)).json()) as Record<string, unknown>;
      return { trackingId: String(order.order_tracking_id), confirmationCode: String(status.confirmation_code) };
    }
    const refund = (confirmationCode: string, amount: unknown) =>
      call("POST", "/Transactions/RefundRequest", { confirmation_code: confirmationCode, amount, username: "Admin", remarks: "Service not offered" });

    it("accepts one partial card refund, then refuses a second", async () => {
      const { confirmationCode, trackingId } = await paidOrder();
      expect(await (await refund(confirmationCode, "100.00")).json()).toEqual({ status: "200", message: "Refund request successfully" });
      expect(await (await refund(confirmationCode, "50.00")).json()).toMatchObject({ status: "500", error: { code: "refund_rejected" } });
      const stored = (await (await app().request(`/sandbox/pesapal/control/orders/${trackingId}`)).json()) as { order: { refund: unknown } };
      expect(stored.order.refund).toMatchObject({ amount: 100, username: "Admin", remarks: "Service not offered" });
    });

    it("refuses more than was collected, and a partial mobile money refund", async () => {
      const card = await paidOrder();
      expect(await (await refund(card.confirmationCode, 190.01)).json()).toMatchObject({ status: "500" });
      const mobile = await paidOrder({ action: "pay", method: "mobile_money", phone_number: "+254712345678" });
      expect(await (await refund(mobile.confirmationCode, 100)).json()).toMatchObject({ status: "500", message: expect.stringContaining("in full") });
      expect(await (await refund(mobile.confirmationCode, 190)).json()).toMatchObject({ status: "200" });
    });

    it("refuses refunds of failed payments, unknown codes and incomplete requests", async () => {
      const failed = await paidOrder({ action: "fail", method: "card" });
      expect(await (await refund(failed.confirmationCode, 190)).json()).toMatchObject({ status: "500", error: { code: "refund_rejected" } });
      expect(await (await refund("NOPE1234", 1)).json()).toMatchObject({ status: "500", error: { code: "invalid_confirmation_code" } });
      const incomplete = await call("POST", "/Transactions/RefundRequest", { confirmation_code: failed.confirmationCode, amount: 1 });
      expect(await incomplete.json()).toMatchObject({ status: "500", error: { code: "invalid_refund_request" } });
    });

    it("cancels a pending order once, after which it can no longer be paid", async () => {
      const order = await submit();
      const cancel = () => call("POST", "/Transactions/CancelOrder", { order_tracking_id: order.order_tracking_id });
      expect(await (await cancel()).json()).toEqual({ status: "200", message: "Order successfully cancelled." });
      expect(await (await cancel()).json()).toMatchObject({ status: "500", error: { code: "cancellation_rejected" } });
      expect((await submitSandboxPayment(app(), String(order.redirect_url))).status).toBe(409);
    });

    it("cancels a failed order but never a completed one", async () => {
      const failed = await paidOrder({ action: "fail", method: "mobile_money" });
      expect(await (await call("POST", "/Transactions/CancelOrder", { order_tracking_id: failed.trackingId })).json()).toMatchObject({ status: "200" });
      const paid = await paidOrder();
      expect(await (await call("POST", "/Transactions/CancelOrder", { order_tracking_id: paid.trackingId })).json()).toMatchObject({ status: "500", error: { code: "cancellation_rejected" } });
      const unknown = await call("POST", "/Transactions/CancelOrder", { order_tracking_id: "00000000-0000-4000-8000-000000000000" });
      expect(await unknown.json()).toMatchObject({ status: "500", error: { code: "invalid_order_tracking_id" } });
    });
  });
});

describe("Pesapal sandbox in production", () => {
  const testApp = useTestApp(PRODUCTION_LIKE_SETTINGS);

  it("does not exist", async () => {
    const { app } = testApp.current;
    const token = await app.request("/sandbox/pesapal/api/Auth/RequestToken", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ consumer_key: "a-production-like-consumer-key", consumer_secret: "a-production-like-consumer-secret" }),
    });
    expect(token.status).toBe(404);
    for (const path of ["/sandbox/pesapal/pay/00000000-0000-4000-8000-000000000000", "/sandbox/pesapal/control/settings", "/sandbox/pesapal/api/URLSetup/GetIpnList"]) {
      expect((await app.request(path)).status, path).toBe(404);
    }
  });
});
