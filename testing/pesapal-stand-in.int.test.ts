import { createHash, randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPesapalClient, pesapalBaseUrl, type PesapalClient, type SubmitOrderInput } from "../core/payments/pesapal-client.js";
import { testGatewayConfig } from "./environment.js";
import { startHttpReceiver, type HttpReceiver, type Responder } from "./http-receiver.js";
import { startPesapalStandIn, STAND_IN_CARDS, STAND_IN_PHONES, type PesapalStandIn } from "./pesapal-stand-in.js";

/** The stand-in against the gateway's real Pesapal client, over HTTP, with a merchant receiving its IPNs. */

const KEYS = { PESAPAL_CONSUMER_KEY: "stand-in-consumer-key", PESAPAL_CONSUMER_SECRET: "stand-in-consumer-secret" };
const PORTAL_ORIGIN = "http://127.0.0.1:5173";
let pesapal: PesapalStandIn;
let merchant: HttpReceiver;

/** The merchant's IPN endpoint: Pesapal's acknowledgement, echoing what it received, with status 200. */
const acknowledge: Responder = (request, response) => {
  const fields = (request.method === "GET" ? Object.fromEntries(new URL(request.path, "http://merchant").searchParams) : JSON.parse(request.body)) as Record<string, string>;
  response.writeHead(200, { "Content-Type": "application/json" });
  response.end(JSON.stringify({ orderNotificationType: fields.OrderNotificationType, orderTrackingId: fields.OrderTrackingId, orderMerchantReference: fields.OrderMerchantReference, status: 200 }));
};

beforeAll(async () => {
  pesapal = await startPesapalStandIn({ consumerKey: KEYS.PESAPAL_CONSUMER_KEY, consumerSecret: KEYS.PESAPAL_CONSUMER_SECRET, framingOrigins: [PORTAL_ORIGIN], ipnRetry: { attempts: 3, delayMs: 50 } });
  merchant = await startHttpReceiver();
});
afterAll(async () => {
  await pesapal?.close();
  await merchant?.close();
});
beforeEach(() => {
  merchant.respondWith(acknowledge);
});

/** The client exactly as the gateway builds it from a PAYMENT_PROVIDER=pesapal configuration. */
function gatewayClient(overrides: Record<string, string> = {}): PesapalClient {
  const config = testGatewayConfig({ PAYMENT_PROVIDER: "pesapal", PESAPAL_BASE_URL: pesapal.baseUrl, ...KEYS, ...overrides });
  return createPesapalClient({ baseUrl: pesapalBaseUrl(config), consumerKey: config.PESAPAL_CONSUMER_KEY, consumerSecret: config.PESAPAL_CONSUMER_SECRET });
}

async function submit(client: PesapalClient, ipnMethod: "GET" | "POST" = "POST", overrides: Partial<SubmitOrderInput> = {}) {
  const notificationId = await client.ensureIpn(`${merchant.url}/payments/ipn`, ipnMethod);
  const input: SubmitOrderInput = {
    merchantReference: `sl-${randomUUID()}`,
    amountCents: 1_824_00,
    currency: "USD",
    description: "Sluice Professional, yearly",
    callbackUrl: `${merchant.url}/payment-callback`,
    notificationId,
    billingAddress: { email_address: "ada@example.test", phone_number: STAND_IN_PHONES.approved, first_name: "Ada", last_name: "Lovelace", country_code: "KE" },
    ...overrides,
  };
  return { input, order: await client.submitOrder(input) };
}

const CARD = { payment_method: "card", card_number: STAND_IN_CARDS.approved, card_expiry: "12/39", card_cvv: "123", card_name: "Ada Lovelace" };

/** Submits a form of the hosted page as the customer's browser would; redirects are not followed. */
function submitHostedPage(redirectUrl: string, fields: Record<string, string>): Promise<Response> {
  return fetch(redirectUrl, { method: "POST", body: new URLSearchParams({ action: "pay", ...fields }), redirect: "manual" });
}

async function rawToken(): Promise<string> {
  const response = await fetch(`${pesapal.baseUrl}/api/Auth/RequestToken`, { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify({ consumer_key: KEYS.PESAPAL_CONSUMER_KEY, consumer_secret: KEYS.PESAPAL_CONSUMER_SECRET }) });
  return ((await response.json()) as { token: string }).token;
}

async function rawCall(method: "GET" | "POST", path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${pesapal.baseUrl}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${await rawToken()}`, Accept: "application/json", ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

const ipnsFor = (orderTrackingId: string) => pesapal.ipnsSent().filter((attempt) => attempt.orderTrackingId === orderTrackingId);

describe("authentication", () => {
  it("refuses wrong credentials with Pesapal's error shape, which the client reports by its code", async () => {
    const response = await fetch(`${pesapal.baseUrl}/api/Auth/RequestToken`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ consumer_key: KEYS.PESAPAL_CONSUMER_KEY, consumer_secret: "wrong" }) });
    expect(await response.json()).toEqual({ error: { error_type: "api_error", code: "invalid_consumer_key_or_secret_provided", message: "", call_back_url: null }, status: "500" });
    await expect(gatewayClient({ PESAPAL_CONSUMER_SECRET: "wrong" }).ensureIpn(`${merchant.url}/ipn`, "GET")).rejects.toMatchObject({ code: "invalid_consumer_key_or_secret_provided" });
  });

  it("issues a token that expires in five minutes and answers 401 to calls without a valid one", async () => {
    const before = Date.now();
    const response = await fetch(`${pesapal.baseUrl}/api/Auth/RequestToken`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ consumer_key: KEYS.PESAPAL_CONSUMER_KEY, consumer_secret: KEYS.PESAPAL_CONSUMER_SECRET }) });
    const body = (await response.json()) as { token: string; expiryDate: string; status: string; error: unknown };
    expect(body).toMatchObject({ status: "200", error: null });
    expect(body.expiryDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{7}Z$/);
    expect(Date.parse(body.expiryDate) - before).toBeGreaterThan(299_000);
    expect(Date.parse(body.expiryDate) - before).toBeLessThan(301_000);

    const list = `${pesapal.baseUrl}/api/URLSetup/GetIpnList`;
    expect((await fetch(list)).status).toBe(401);
    expect((await fetch(list, { headers: { Authorization: "Bearer not-a-token" } })).status).toBe(401);
    expect((await fetch(list, { headers: { Authorization: `Bearer ${body.token}` } })).status).toBe(200);
  });

  it("makes the client fetch a new token and retry once when its token has expired", async () => {
    const client = gatewayClient();
    const { order } = await submit(client);
    pesapal.expireTokens();
    const callsBefore = pesapal.apiCalls().length;
    expect((await client.getTransactionStatus(order.orderTrackingId)).statusCode).toBe(0);
    const calls = pesapal.apiCalls().slice(callsBefore).map((call) => `${call.method} ${call.path.split("?")[0]} ${call.httpStatus}`);
    expect(calls).toEqual([
      "GET /pesapalv3/api/Transactions/GetTransactionStatus 401",
      "POST /pesapalv3/api/Auth/RequestToken 200",
      "GET /pesapalv3/api/Transactions/GetTransactionStatus 200",
    ]);
  });
});

describe("IPN registration", () => {
  it("registers a URL once per method, found again by a fresh client in GetIpnList", async () => {
    const url = `${merchant.url}/ipn-${randomUUID()}`;
    const first = await gatewayClient().ensureIpn(url, "POST");
    expect(await gatewayClient().ensureIpn(url, "POST")).toBe(first);
    const get = await gatewayClient().ensureIpn(url, "GET");
    expect(get).not.toBe(first);
    expect(pesapal.ipnRegistrations().filter((row) => row.url === url)).toEqual([
      expect.objectContaining({ ipnId: first, notificationType: "POST" }),
      expect.objectContaining({ ipnId: get, notificationType: "GET" }),
    ]);
    const { json } = await rawCall("POST", "/URLSetup/RegisterIPN", { url, ipn_notification_type: "GET" });
    expect(json).toMatchObject({ url, notification_type: 0, ipn_notification_type_description: "GET", ipn_status: 1, ipn_status_decription: "Active", error: null, status: "200" });
  });
});

describe("orders", () => {
  it("answers SubmitOrderRequest with a redirect URL on its own origin, and reports the order pending until paid", async () => {
    const client = gatewayClient();
    const { input, order } = await submit(client);
    expect(order.merchantReference).toBe(input.merchantReference);
    expect(order.redirectUrl).toBe(`${pesapal.origin}/pesapaliframe/PesapalIframe3/Index/?OrderTrackingId=${order.orderTrackingId}`);
    expect(order.orderTrackingId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(await client.getTransactionStatus(order.orderTrackingId)).toMatchObject({ statusCode: 0, confirmationCode: null });

    // The parameter's name and the GUID are matched whatever their case.
    const { json } = await rawCall("GET", `/Transactions/GetTransactionStatus?OrderTrackingId=${order.orderTrackingId.toUpperCase()}`);
    expect(json).toMatchObject({ status_code: 0, payment_status_description: "INVALID", merchant_reference: input.merchantReference, error: { code: "payment_details_not_found", message: "Pending Payment" } });
  });

  it("refuses an order missing a required field, without e-mail and phone, with an unknown IPN id, or with a reused reference", async () => {
    const client = gatewayClient();
    const { input } = await submit(client);
    const body = { id: `sl-${randomUUID()}`, currency: "USD", amount: 29, description: "Starter", callback_url: `${merchant.url}/cb`, notification_id: input.notificationId, billing_address: { email_address: "ada@example.test" } };
    expect((await rawCall("POST", "/Transactions/SubmitOrderRequest", body)).json).toMatchObject({ status: "200", merchant_reference: body.id });
    const refusal = async (changed: Record<string, unknown>) => {
      const { json } = await rawCall("POST", "/Transactions/SubmitOrderRequest", { ...body, id: `sl-${randomUUID()}`, ...changed });
      expect(json.status).toBe("500");
      const error = json.error as { code: string; message: string };
      return `${error.code}: ${error.message}`;
    };
    expect(await refusal({ callback_url: undefined })).toMatch(/^invalid_request_data: callback_url: /);
    expect(await refusal({ description: "x".repeat(101) })).toMatch(/^invalid_request_data: description: /);
    expect(await refusal({ billing_address: { first_name: "Ada", country_code: "KE" } })).toBe("invalid_request_data: billing_address.email_address: email_address or phone_number is required");
    expect(await refusal({ billing_address: { phone_number: STAND_IN_PHONES.approved, state: "Nairobi" } })).toMatch(/^invalid_request_data: billing_address.state: /);
    expect(await refusal({ notification_id: randomUUID() })).toBe("invalid_notification_id: notification_id is not a registered IPN URL");
    await expect(client.submitOrder(input)).rejects.toMatchObject({ code: "duplicate_merchant_reference" });
    await expect(client.getTransactionStatus(randomUUID())).rejects.toMatchObject({ code: "invalid_order_tracking_id" });
  });
});

describe("the hosted page", () => {
  it("completes a card payment: callback to the top window, a POST IPN acknowledged, then COMPLETED with the order's amount", async () => {
    const client = gatewayClient();
    const { input, order } = await submit(client, "POST");
    const page = await fetch(order.redirectUrl);
    const html = await page.text();
    expect(html).toContain("<h1>Pay USD 1,824.00 to Sluice</h1>");
    for (const [id, label] of [["card_number", "Card number"], ["card_expiry", "Expiry date (MM/YY)"], ["card_cvv", "CVV"], ["card_name", "Name on card"], ["phone_number", "Phone number"]]) {
      expect(html).toContain(`<label for="${id}">${label}</label>`);
      expect(html).toMatch(new RegExp(`<input id="${id}" name="${id}"`));
    }
    expect(html.match(/<form [^>]*target="_top"/g)).toHaveLength(2);

    const paid = await submitHostedPage(order.redirectUrl, CARD);
    expect(paid.status).toBe(303);
    const callback = new URL(paid.headers.get("location") ?? "");
    expect(`${callback.origin}${callback.pathname}`).toBe(`${merchant.url}/payment-callback`);
    expect(Object.fromEntries(callback.searchParams)).toEqual({ OrderTrackingId: order.orderTrackingId, OrderMerchantReference: input.merchantReference, OrderNotificationType: "CALLBACKURL" });

    await pesapal.settled();
    const [ipn, ...more] = ipnsFor(order.orderTrackingId);
    expect(more).toHaveLength(0);
    expect(ipn).toMatchObject({ method: "POST", url: `${merchant.url}/payments/ipn`, acknowledged: true, httpStatus: 200 });
    const received = merchant.received.find((request) => request.body.includes(order.orderTrackingId));
    expect(received?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(received?.body ?? "")).toEqual({ OrderTrackingId: order.orderTrackingId, OrderMerchantReference: input.merchantReference, OrderNotificationType: "IPNCHANGE" });

    const status = await client.getTransactionStatus(order.orderTrackingId);
    expect(status).toMatchObject({ statusCode: 1, amountCents: 1_824_00, currency: "USD", merchantReference: input.merchantReference, paymentMethod: "Visa", paymentAccount: "411111**1111" });
    expect(status.confirmationCode).toMatch(/^\d{22}$/);
    const { json } = await rawCall("GET", `/Transactions/GetTransactionStatus?orderTrackingId=${order.orderTrackingId}`);
    expect(json).toMatchObject({ status: "200", payment_status_description: "Completed", error: { error_type: null, code: null, message: null, call_back_url: null } });
    expect(json.call_back_url).toBe(`${merchant.url}/payment-callback?OrderTrackingId=${order.orderTrackingId}&OrderMerchantReference=${input.merchantReference}`);
    expect((await submitHostedPage(order.redirectUrl, CARD)).status).toBe(409);
  });

  it("completes a mobile-money payment and sends a GET IPN with the three query parameters", async () => {
    const client = gatewayClient();
    const { input, order } = await submit(client, "GET");
    expect((await submitHostedPage(order.redirectUrl, { payment_method: "mobile_money", phone_number: STAND_IN_PHONES.approved })).status).toBe(303);
    await pesapal.settled();
    const received = merchant.received.find((request) => request.path.includes(order.orderTrackingId));
    expect(received?.method).toBe("GET");
    const query = new URL(received?.path ?? "", merchant.url);
    expect(query.pathname).toBe("/payments/ipn");
    expect(Object.fromEntries(query.searchParams)).toEqual({ OrderTrackingId: order.orderTrackingId, OrderMerchantReference: input.merchantReference, OrderNotificationType: "IPNCHANGE" });
    expect(ipnsFor(order.orderTrackingId)).toEqual([expect.objectContaining({ acknowledged: true, attempt: 1 })]);
    expect(await client.getTransactionStatus(order.orderTrackingId)).toMatchObject({ statusCode: 1, paymentMethod: "MpesaKE", paymentAccount: "2547xxx45678", amountCents: 1_824_00 });
  });

  it("fails the order on a declined card, still returning the customer and notifying the merchant", async () => {
    const client = gatewayClient();
    const { order } = await submit(client);
    const declined = await submitHostedPage(order.redirectUrl, { ...CARD, card_number: STAND_IN_CARDS.declined });
    expect(declined.status).toBe(303);
    expect(new URL(declined.headers.get("location") ?? "").searchParams.get("OrderNotificationType")).toBe("CALLBACKURL");
    expect(await client.getTransactionStatus(order.orderTrackingId)).toMatchObject({ statusCode: 2, description: "Unable to Authorize Transaction.Kindly contact your bank for assistance" });
    await pesapal.settled();
    expect(ipnsFor(order.orderTrackingId)).toHaveLength(1);
    expect(await (await fetch(order.redirectUrl)).text()).toContain("<h1>Payment failed</h1>");
  });

  it("refuses invalid card details with an alert, deciding nothing", async () => {
    const client = gatewayClient();
    const { order } = await submit(client);
    const refused = await submitHostedPage(order.redirectUrl, { ...CARD, card_number: "4111 1111 1111 1112", card_expiry: "01/20" });
    expect(refused.status).toBe(422);
    const html = await refused.text();
    expect(html).toContain('<div role="alert">');
    expect(html).toContain("Enter a valid card number.");
    expect(html).toContain("This card has expired.");
    expect(pesapal.order(order.orderTrackingId)?.statusCode).toBe(0);
    await pesapal.settled();
    expect(ipnsFor(order.orderTrackingId)).toHaveLength(0);
  });

  it("sends Cancel to the cancellation_url, leaving the order unpaid; offers no Cancel without one", async () => {
    const client = gatewayClient();
    const cancellationUrl = `${merchant.url}/payment-callback?status=cancelled`;
    const { order } = await submit(client, "POST", { cancellationUrl });
    expect(await (await fetch(order.redirectUrl)).text()).toContain(">Cancel payment</button>");
    const cancelled = await fetch(order.redirectUrl, { method: "POST", body: new URLSearchParams({ action: "cancel" }), redirect: "manual" });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get("location")).toBe(cancellationUrl);
    expect(pesapal.order(order.orderTrackingId)).toMatchObject({ statusCode: 0, customerCancelled: true });

    const { order: plain } = await submit(client);
    expect(await (await fetch(plain.redirectUrl)).text()).not.toContain("Cancel payment");
  });

  it("retries an IPN whose acknowledgement is not Pesapal's exact shape with status 200", async () => {
    const answers = [
      (fields: Record<string, string>) => ({ orderNotificationType: fields.OrderNotificationType, orderTrackingId: fields.OrderTrackingId, orderMerchantReference: fields.OrderMerchantReference, status: 500 }),
      (fields: Record<string, string>) => ({ orderNotificationType: fields.OrderNotificationType, orderTrackingId: fields.OrderTrackingId, orderMerchantReference: fields.OrderMerchantReference, status: "200" }),
    ];
    merchant.respondWith((request, response) => {
      const next = answers.shift();
      if (!next) return acknowledge(request, response);
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(JSON.stringify(next(JSON.parse(request.body) as Record<string, string>)));
    });
    const { order } = await submit(gatewayClient());
    await submitHostedPage(order.redirectUrl, CARD);
    await pesapal.settled();
    expect(ipnsFor(order.orderTrackingId).map((attempt) => [attempt.attempt, attempt.acknowledged])).toEqual([[1, false], [2, false], [3, true]]);
    expect(ipnsFor(order.orderTrackingId)[0]?.problem).toContain("status 500");
  });

  it("targets the parent window for PARENT_WINDOW orders", async () => {
    const client = gatewayClient();
    const notificationId = await client.ensureIpn(`${merchant.url}/payments/ipn`, "POST");
    const { json } = await rawCall("POST", "/Transactions/SubmitOrderRequest", { id: `sl-${randomUUID()}`, currency: "USD", amount: "29.00", description: "Starter", callback_url: `${merchant.url}/cb`, redirect_mode: "PARENT_WINDOW", notification_id: notificationId, billing_address: { phone_number: STAND_IN_PHONES.approved } });
    const html = await (await fetch(String(json.redirect_url))).text();
    expect(html).toContain("<h1>Pay USD 29.00 to Sluice</h1>");
    expect(html.match(/<form [^>]*target="_parent"/g)).toHaveLength(2);
    expect(html).not.toContain('target="_top"');
  });

  it("may be framed by the given origins only, and runs no script", async () => {
    const { order } = await submit(gatewayClient());
    const response = await fetch(order.redirectUrl);
    const html = await response.text();
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain(`frame-ancestors ${PORTAL_ORIGIN};`);
    expect(response.headers.get("x-frame-options")).toBeNull();
    expect(html).not.toContain("<script");
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
    expect(csp).toContain(`style-src 'sha256-${createHash("sha256").update(style).digest("base64")}'`);

    const unframed = await startPesapalStandIn({ consumerKey: "k", consumerSecret: "s" });
    try {
      const notFound = await fetch(`${unframed.origin}/pesapaliframe/PesapalIframe3/Index/?OrderTrackingId=${randomUUID()}`);
      expect(notFound.status).toBe(404);
      expect(notFound.headers.get("content-security-policy")).toContain("frame-ancestors 'none';");
    } finally {
      await unframed.close();
    }
  });
});

describe("refunds, cancellations and reversals", () => {
  async function paidOrder(fields: Record<string, string> = CARD) {
    const client = gatewayClient();
    const { order } = await submit(client);
    await submitHostedPage(order.redirectUrl, fields);
    const status = await client.getTransactionStatus(order.orderTrackingId);
    return { client, order, confirmationCode: status.confirmationCode ?? "" };
  }

  it("accepts one refund per completed payment, up to the amount paid, in full only for mobile money", async () => {
    const card = await paidOrder();
    const refund = (confirmationCode: string, amountCents: number) => card.client.refund({ confirmationCode, amountCents, username: "admin@example.test", remarks: "Requested by the customer" });
    await expect(refund(card.confirmationCode, 1_824_01)).rejects.toMatchObject({ code: "status_500", message: expect.stringContaining("more than the amount paid") });
    await refund(card.confirmationCode, 500_00);
    expect(pesapal.order(card.order.orderTrackingId)?.refund).toMatchObject({ amount: 500, username: "admin@example.test" });
    await expect(refund(card.confirmationCode, 100)).rejects.toMatchObject({ code: "status_500", message: expect.stringContaining("already been requested") });

    const mobile = await paidOrder({ payment_method: "mobile_money", phone_number: STAND_IN_PHONES.approved });
    await expect(refund(mobile.confirmationCode, 1_000_00)).rejects.toMatchObject({ message: expect.stringContaining("in full") });
    await refund(mobile.confirmationCode, 1_824_00);

    const declined = await paidOrder({ ...CARD, card_number: STAND_IN_CARDS.declined });
    await expect(refund(declined.confirmationCode, 100)).rejects.toMatchObject({ message: expect.stringContaining("Only completed payments") });
  });

  it("cancels a pending or failed order once, never a paid one; a cancelled order cannot be paid", async () => {
    const client = gatewayClient();
    const { order } = await submit(client);
    await client.cancelOrder(order.orderTrackingId);
    await expect(client.cancelOrder(order.orderTrackingId)).rejects.toMatchObject({ code: "status_500" });
    expect((await submitHostedPage(order.redirectUrl, CARD)).status).toBe(409);

    const failed = await paidOrder({ ...CARD, card_number: STAND_IN_CARDS.declined });
    await failed.client.cancelOrder(failed.order.orderTrackingId);
    const paid = await paidOrder();
    await expect(paid.client.cancelOrder(paid.order.orderTrackingId)).rejects.toMatchObject({ message: expect.stringContaining("processed payment") });
  });

  it("reverses a completed payment on request and notifies the merchant", async () => {
    const paid = await paidOrder();
    await pesapal.settled();
    pesapal.reverse(paid.order.orderTrackingId);
    await pesapal.settled();
    expect(await paid.client.getTransactionStatus(paid.order.orderTrackingId)).toMatchObject({ statusCode: 3, amountCents: 1_824_00 });
    expect(ipnsFor(paid.order.orderTrackingId).filter((attempt) => attempt.acknowledged)).toHaveLength(2);
  });
});
