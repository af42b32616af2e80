import { describe, expect, it } from "vitest";
import { createPesapalClient, PesapalError, pesapalBaseUrl, type SubmitOrderInput } from "./pesapal-client.js";
import { parseConfig, GatewayConfigSchema } from "../config.js";
import { createLogger, type Logger } from "../logger.js";

/** A scripted stand-in for Pesapal's HTTP API: answers by "METHOD /path" and records every request. */
function fakePesapal() {
  type Answer = { status?: number; body: unknown } | (() => { status?: number; body: unknown });
  const script = new Map<string, Answer[]>();
  const requests: { method: string; url: URL; authorization: string | null; body: unknown }[] = [];
  let tokens = 0;
  let clock = new Date("2026-01-10T12:00:00.000Z");

  const fetchFake: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const method = init?.method ?? "GET";
    const headers = new Headers(init?.headers);
    requests.push({ method, url, authorization: headers.get("authorization"), body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined });
    const key = `${method} ${url.pathname.replace(/^\/sandbox/, "")}`;
    const queue = script.get(key);
    const next = queue && queue.length > 1 ? queue.shift() : queue?.[0];
    if (!next) return new Response(JSON.stringify({ message: "not scripted" }), { status: 404 });
    const answer = typeof next === "function" ? next() : next;
    return new Response(answer.body === undefined ? "" : typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { "Content-Type": "application/json" },
    });
  };

  const fake = {
    requests,
    tokensIssued: () => tokens,
    now: () => clock,
    advance(ms: number) {
      clock = new Date(clock.getTime() + ms);
    },
    /** Answers for a route, used in order; the last one repeats. */
    on(route: string, ...answers: Answer[]) {
      script.set(route, answers);
      return fake;
    },
    calls: (path: string) => requests.filter((r) => r.url.pathname.endsWith(path)),
    client: (overrides: { consumerSecret?: string; logger?: Logger } = {}) =>
      createPesapalClient({
        baseUrl: "https://pesapal.test/sandbox/",
        consumerKey: "ck-1",
        consumerSecret: overrides.consumerSecret ?? "cs-secret-1",
        fetch: fetchFake,
        now: () => clock,
        ...(overrides.logger ? { logger: overrides.logger } : {}),
      }),
  };
  fake.on("POST /api/Auth/RequestToken", () => {
    tokens += 1;
    return { body: { token: `token-${tokens}`, expiryDate: new Date(clock.getTime() + 5 * 60_000).toISOString(), error: null, status: "200", message: "Request processed successfully" } };
  });
  return fake;
}

const order: SubmitOrderInput = {
  merchantReference: "ord-abc123",
  amountCents: 1_999,
  currency: "USD",
  description: "Starter, monthly",
  callbackUrl: "https://sluice.test/billing/callback",
  notificationId: "ipn-guid-1",
  billingAddress: { email_address: "ada@example.com" },
};

const submitted = { order_tracking_id: "b945e4af-80a5-4ec1-8706-e03f8332fb04", merchant_reference: "ord-abc123", redirect_url: "https://pesapal.test/pay/b945e4af", error: null, status: "200" };

/** The official failed-card sample of PESAPAL.md 1.4, verbatim. */
const failedCardSample = {
  payment_method: "Visa",
  amount: 100,
  created_date: "2022-04-30T07:41:09.763",
  confirmation_code: "6513008693186320103009",
  payment_status_description: "Failed",
  description: "Unable to Authorize Transaction.Kindly contact your bank for assistance",
  message: "Request processed successfully",
  payment_account: "476173**0010",
  call_back_url: "https://test.com/?OrderTrackingId=7e6b62d9-883e-440f-a63e-e1105bbfadc3&OrderMerchantReference=1515111111",
  status_code: 2,
  merchant_reference: "1515111111",
  payment_status_code: "",
  currency: "KES",
  error: { error_type: null, code: null, message: null, call_back_url: null },
  status: "200",
};

async function rejection(promise: Promise<unknown>): Promise<PesapalError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof PesapalError)) throw new Error(`expected a PesapalError, got ${String(error)}`);
  return error;
}

describe("tokens", () => {
  it("requests one token with the key and secret and reuses it for calls within its lifetime", async () => {
    const fake = fakePesapal().on("POST /api/Transactions/SubmitOrderRequest", { body: submitted });
    const client = fake.client();
    await client.submitOrder(order);
    fake.advance(60_000);
    await client.submitOrder(order);
    expect(fake.tokensIssued()).toBe(1);
    expect(fake.calls("/RequestToken")[0]?.body).toEqual({ consumer_key: "ck-1", consumer_secret: "cs-secret-1" });
    expect(fake.calls("/SubmitOrderRequest").map((r) => r.authorization)).toEqual(["Bearer token-1", "Bearer token-1"]);
  });

  it("refreshes the token before its expiry date, by the injected clock", async () => {
    const fake = fakePesapal().on("POST /api/Transactions/SubmitOrderRequest", { body: submitted });
    const client = fake.client();
    await client.submitOrder(order);
    fake.advance(4 * 60_000 + 29_000);
    await client.submitOrder(order);
    expect(fake.tokensIssued()).toBe(1);
    fake.advance(2_000); // 4 min 31 s: inside the 30 s margin before the 5-minute expiry
    await client.submitOrder(order);
    expect(fake.tokensIssued()).toBe(2);
    expect(fake.calls("/SubmitOrderRequest").at(-1)?.authorization).toBe("Bearer token-2");
  });

  it("never trusts a stated expiry beyond five minutes", async () => {
    const fake = fakePesapal()
      .on("POST /api/Auth/RequestToken", { body: { token: "long", expiryDate: "2099-01-01T00:00:00Z", status: "200" } })
      .on("POST /api/Transactions/SubmitOrderRequest", { body: submitted });
    const client = fake.client();
    await client.submitOrder(order);
    fake.advance(5 * 60_000);
    await client.submitOrder(order);
    expect(fake.calls("/RequestToken")).toHaveLength(2);
  });

  it("on HTTP 401 fetches a new token and retries exactly once", async () => {
    const fake = fakePesapal().on("POST /api/Transactions/SubmitOrderRequest", { status: 401, body: "" }, { body: submitted });
    const result = await fake.client().submitOrder(order);
    expect(result.orderTrackingId).toBe(submitted.order_tracking_id);
    expect(fake.calls("/SubmitOrderRequest").map((r) => r.authorization)).toEqual(["Bearer token-1", "Bearer token-2"]);
  });

  it("gives up after the one retry when Pesapal keeps answering 401", async () => {
    const fake = fakePesapal().on("POST /api/Transactions/CancelOrder", { status: 401, body: "" });
    const error = await rejection(fake.client().cancelOrder("tracking-1"));
    expect(error.httpStatus).toBe(401);
    expect(fake.calls("/CancelOrder")).toHaveLength(2);
    expect(fake.tokensIssued()).toBe(2);
  });

  it("reports refused credentials by Pesapal's code, without the secret", async () => {
    const fake = fakePesapal().on("POST /api/Auth/RequestToken", {
      body: { error: { error_type: "api_error", code: "invalid_consumer_key_or_secret_provided", message: "" }, status: "500" },
    });
    const error = await rejection(fake.client().submitOrder(order));
    expect(error.code).toBe("invalid_consumer_key_or_secret_provided");
    expect(error.message).not.toContain("cs-secret-1");
    expect(fake.calls("/SubmitOrderRequest")).toHaveLength(0);
  });
});

describe("logging", () => {
  it("logs a failure's code and path, never the token, the secret or the body", async () => {
    const lines: string[] = [];
    const logger = createLogger({ level: "debug", name: "test", destination: { write: (line: string) => void lines.push(line) } });
    const fake = fakePesapal().on("POST /api/Transactions/SubmitOrderRequest", { status: 401, body: { error: { code: "invalid_api_token", message: "token-1 is expired" }, status: "401" } });
    const error = await rejection(fake.client({ logger }).submitOrder(order));
    expect(error.code).toBe("invalid_api_token");
    const logged = lines.join("\n");
    expect(logged).toContain("invalid_api_token");
    expect(logged).toContain("/api/Transactions/SubmitOrderRequest");
    for (const secret of ["cs-secret-1", "token-", "Bearer", "ada@example.com"]) expect(logged).not.toContain(secret);
  });
});

describe("error shapes", () => {
  it("turns the documented error object on HTTP 200 into a PesapalError", async () => {
    const fake = fakePesapal().on("POST /api/Transactions/SubmitOrderRequest", {
      body: { error: { type: "validation_error", code: "invalid_notification_id", message: "Invalid notification id" }, status: "400" },
    });
    const error = await rejection(fake.client().submitOrder(order));
    expect({ code: error.code, httpStatus: error.httpStatus }).toEqual({ code: "invalid_notification_id", httpStatus: 200 });
    expect(error.message).toContain("Invalid notification id");
  });

  it("reads the observed error_type shape, nested and at the top level", async () => {
    const nested = fakePesapal().on("POST /api/Transactions/SubmitOrderRequest", {
      body: { error: { error_type: "api_error", code: "duplicate_merchant_reference", message: "", call_back_url: null }, status: "500" },
    });
    expect((await rejection(nested.client().submitOrder(order))).code).toBe("duplicate_merchant_reference");
    const topLevel = fakePesapal().on("POST /api/Transactions/SubmitOrderRequest", { body: { error_type: "api_error", code: "amount_exceeds_limit", message: "Too much", call_back_url: null } });
    expect((await rejection(topLevel.client().submitOrder(order))).code).toBe("amount_exceeds_limit");
  });

  it("treats a string status other than \"200\" as a failure even without an error object", async () => {
    const fake = fakePesapal().on("POST /api/Transactions/CancelOrder", { body: { status: "500", message: "Order could not be cancelled." } });
    const error = await rejection(fake.client().cancelOrder("tracking-1"));
    expect(error.code).toBe("status_500");
    expect(error.message).toContain("could not be cancelled");
  });

  it("accepts a success whose error object has only null members", async () => {
    const fake = fakePesapal().on("POST /api/Transactions/SubmitOrderRequest", {
      body: { ...submitted, error: { error_type: null, code: null, message: null, call_back_url: null } },
    });
    await expect(fake.client().submitOrder(order)).resolves.toMatchObject({ redirectUrl: submitted.redirect_url });
  });

  it("rejects a body that is not JSON or lacks required fields as invalid_response", async () => {
    const html = fakePesapal().on("POST /api/Transactions/SubmitOrderRequest", { body: "<html>maintenance</html>" });
    expect((await rejection(html.client().submitOrder(order))).code).toBe("invalid_response");
    const partial = fakePesapal().on("POST /api/Transactions/SubmitOrderRequest", { body: { order_tracking_id: "x", status: "200" } });
    expect((await rejection(partial.client().submitOrder(order))).code).toBe("invalid_response");
  });

  it("reports an HTTP error without a body by its status", async () => {
    const fake = fakePesapal().on("POST /api/Transactions/SubmitOrderRequest", { status: 503, body: "" });
    const error = await rejection(fake.client().submitOrder(order));
    expect({ code: error.code, httpStatus: error.httpStatus }).toEqual({ code: "http_503", httpStatus: 503 });
  });

  it("times out a call that never answers", async () => {
    const fake = fakePesapal();
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal?.reason as Error)));
    const client = createPesapalClient({ baseUrl: "https://pesapal.test", consumerKey: "k", consumerSecret: "s", fetch: hanging, now: fake.now, timeoutMs: 50 });
    const error = await rejection(client.cancelOrder("tracking-1"));
    expect({ code: error.code, httpStatus: error.httpStatus }).toEqual({ code: "timeout", httpStatus: null });
  });
});

describe("submitOrder", () => {
  it("sends Pesapal's field names, the amount in major units and the description cut to 100 characters", async () => {
    const fake = fakePesapal().on("POST /api/Transactions/SubmitOrderRequest", { body: submitted });
    await fake.client().submitOrder({ ...order, description: "x".repeat(140), cancellationUrl: "https://sluice.test/billing" });
    const body = fake.calls("/SubmitOrderRequest")[0]?.body as Record<string, unknown>;
    expect(body).toEqual({
      id: "ord-abc123",
      currency: "USD",
      amount: 19.99,
      description: "x".repeat(100),
      callback_url: "https://sluice.test/billing/callback",
      cancellation_url: "https://sluice.test/billing",
      notification_id: "ipn-guid-1",
      billing_address: { email_address: "ada@example.com" },
    });
    expect(fake.calls("/SubmitOrderRequest")[0]?.url.href).toBe("https://pesapal.test/sandbox/api/Transactions/SubmitOrderRequest");
  });

  it.each(["has space", "a".repeat(51), "ord_1", "", "ord/1"])("refuses the merchant reference %j before calling Pesapal", async (reference) => {
    const fake = fakePesapal();
    const error = await rejection(fake.client().submitOrder({ ...order, merchantReference: reference }));
    expect(error.code).toBe("invalid_merchant_reference");
    expect(fake.requests).toHaveLength(0);
  });

  it("refuses a zero or fractional amount and a billing address without e-mail or phone", async () => {
    const fake = fakePesapal();
    expect((await rejection(fake.client().submitOrder({ ...order, amountCents: 0 }))).code).toBe("invalid_amount");
    expect((await rejection(fake.client().submitOrder({ ...order, amountCents: 10.5 }))).code).toBe("invalid_amount");
    expect((await rejection(fake.client().submitOrder({ ...order, billingAddress: { first_name: "Ada" } }))).code).toBe("invalid_billing_address");
    expect(fake.requests).toHaveLength(0);
  });
});

describe("getTransactionStatus", () => {
  it("asks with the documented orderTrackingId query parameter", async () => {
    const fake = fakePesapal().on("GET /api/Transactions/GetTransactionStatus", { body: failedCardSample });
    await fake.client().getTransactionStatus("7e6b62d9 883e");
    const url = fake.calls("/GetTransactionStatus")[0]?.url;
    expect([...(url?.searchParams.keys() ?? [])]).toEqual(["orderTrackingId"]);
    expect(url?.searchParams.get("orderTrackingId")).toBe("7e6b62d9 883e");
  });

  it("normalizes the official failed-card sample", async () => {
    const fake = fakePesapal().on("GET /api/Transactions/GetTransactionStatus", { body: failedCardSample });
    expect(await fake.client().getTransactionStatus("7e6b62d9")).toEqual({
      statusCode: 2,
      description: "Unable to Authorize Transaction.Kindly contact your bank for assistance",
      amountCents: 10_000,
      currency: "KES",
      merchantReference: "1515111111",
      confirmationCode: "6513008693186320103009",
      paymentMethod: "Visa",
      paymentAccount: "476173**0010",
      createdDate: "2022-04-30T07:41:09.763",
      paymentStatusCode: null,
    });
  });

  it.each([
    [1, "Completed", "1,000.50", 100_050],
    ["3", "REVERSED", "29.00", 2_900],
    [1, "COMPLETED", 690, 69_000],
  ])("maps status_code %j (%s) with amount %j", async (code, description, amount, cents) => {
    const fake = fakePesapal().on("GET /api/Transactions/GetTransactionStatus", {
      body: { ...failedCardSample, status_code: code, payment_status_description: description, description: "", amount },
    });
    const status = await fake.client().getTransactionStatus("t");
    expect(status).toMatchObject({ statusCode: Number(code), amountCents: cents, description });
  });

  it("returns a pending order (status_code 0 with payment_details_not_found) as status 0, not an error", async () => {
    const fake = fakePesapal().on("GET /api/Transactions/GetTransactionStatus", {
      body: {
        payment_method: "",
        amount: 0,
        created_date: "",
        confirmation_code: "",
        payment_status_description: "INVALID",
        description: "",
        message: "Request processed successfully",
        payment_account: "",
        call_back_url: "",
        status_code: 0,
        merchant_reference: "",
        payment_status_code: "",
        currency: "",
        error: { error_type: "api_error", code: "payment_details_not_found", message: "Pending Payment", call_back_url: "" },
        status: "500",
      },
    });
    expect(await fake.client().getTransactionStatus("t")).toMatchObject({ statusCode: 0, confirmationCode: null, paymentMethod: null, amountCents: 0 });
  });

  it("refuses an unknown status_code or an unreadable amount", async () => {
    const unknown = fakePesapal().on("GET /api/Transactions/GetTransactionStatus", { body: { ...failedCardSample, status_code: 7 } });
    expect((await rejection(unknown.client().getTransactionStatus("t"))).code).toBe("invalid_response");
    const amount = fakePesapal().on("GET /api/Transactions/GetTransactionStatus", { body: { ...failedCardSample, amount: "100,5" } });
    expect((await rejection(amount.client().getTransactionStatus("t"))).code).toBe("invalid_response");
  });

  it("reports an error body without a status_code as a PesapalError", async () => {
    const fake = fakePesapal().on("GET /api/Transactions/GetTransactionStatus", { body: { error: { error_type: "api_error", code: "invalid_order_tracking_id", message: "" }, status: "500" } });
    expect((await rejection(fake.client().getTransactionStatus("t"))).code).toBe("invalid_order_tracking_id");
  });
});

describe("ensureIpn", () => {
  const listed = { url: "https://sluice.test/payments/ipn", created_date: "2026-01-01", ipn_id: "ipn-existing", error: null, status: "200" };

  it("returns an IPN already in GetIpnList without registering", async () => {
    const fake = fakePesapal().on("GET /api/URLSetup/GetIpnList", { body: [{ ...listed, url: "https://other.test/ipn", ipn_id: "ipn-other" }, listed] });
    expect(await fake.client().ensureIpn(listed.url, "POST")).toBe("ipn-existing");
    expect(fake.calls("/RegisterIPN")).toHaveLength(0);
  });

  it("registers a missing URL once and remembers its ipn_id per URL and method", async () => {
    const fake = fakePesapal()
      .on("GET /api/URLSetup/GetIpnList", { body: [] })
      .on("POST /api/URLSetup/RegisterIPN", { body: { url: listed.url, ipn_id: "ipn-new", notification_type: 1, ipn_notification_type_description: "POST", ipn_status: 1, ipn_status_decription: "Active", error: null, status: "200" } });
    const client = fake.client();
    const [first, second] = await Promise.all([client.ensureIpn(listed.url, "POST"), client.ensureIpn(listed.url, "POST")]);
    expect([first, second, await client.ensureIpn(listed.url, "POST")]).toEqual(["ipn-new", "ipn-new", "ipn-new"]);
    expect(fake.calls("/RegisterIPN").map((r) => r.body)).toEqual([{ url: listed.url, ipn_notification_type: "POST" }]);
    expect(fake.calls("/GetIpnList")).toHaveLength(1);
    await client.ensureIpn(listed.url, "GET");
    expect(fake.calls("/RegisterIPN")).toHaveLength(2);
  });

  it("skips listed rows of the other method or inactive", async () => {
    const fake = fakePesapal()
      .on("GET /api/URLSetup/GetIpnList", { body: [{ ...listed, ipn_id: "ipn-get", ipn_notification_type_description: "GET" }, { ...listed, ipn_id: "ipn-off", ipn_notification_type_description: "POST", ipn_status: 0 }] })
      .on("POST /api/URLSetup/RegisterIPN", { body: { url: listed.url, ipn_id: "ipn-post", status: "200" } });
    expect(await fake.client().ensureIpn(listed.url, "POST")).toBe("ipn-post");
  });

  it("does not cache a failure", async () => {
    const fake = fakePesapal().on("GET /api/URLSetup/GetIpnList", { status: 503, body: "" }, { body: [listed] });
    const client = fake.client();
    await rejection(client.ensureIpn(listed.url, "POST"));
    expect(await client.ensureIpn(listed.url, "POST")).toBe("ipn-existing");
  });
});

describe("refund and cancelOrder", () => {
  it("sends a refund with the amount as a two-decimal string", async () => {
    const fake = fakePesapal().on("POST /api/Transactions/RefundRequest", { body: { status: "200", message: "Refund request successfully" } });
    await fake.client().refund({ confirmationCode: "AA11BB22", amountCents: 10_000, username: "ada@example.com", remarks: "Requested by the customer" });
    expect(fake.calls("/RefundRequest")[0]?.body).toEqual({ confirmation_code: "AA11BB22", amount: "100.00", username: "ada@example.com", remarks: "Requested by the customer" });
  });

  it("reports a rejected refund", async () => {
    const fake = fakePesapal().on("POST /api/Transactions/RefundRequest", { body: { status: "500", message: "Refund request failed" } });
    const error = await rejection(fake.client().refund({ confirmationCode: "AA", amountCents: 100, username: "u", remarks: "r" }));
    expect(error.code).toBe("status_500");
  });

  it("cancels an order by its tracking id", async () => {
    const fake = fakePesapal().on("POST /api/Transactions/CancelOrder", { body: { status: "200", message: "Order successfully cancelled." } });
    await fake.client().cancelOrder("tracking-1");
    expect(fake.calls("/CancelOrder")[0]?.body).toEqual({ order_tracking_id: "tracking-1" });
  });
});

describe("pesapalBaseUrl", () => {
  const config = (env: Record<string, string>) => parseConfig(GatewayConfigSchema, env);

  it("uses PESAPAL_BASE_URL when set, else the sandbox under PUBLIC_URL, else the live API", () => {
    expect(pesapalBaseUrl(config({ PESAPAL_BASE_URL: "https://cybqa.pesapal.com/pesapalv3/" }))).toBe("https://cybqa.pesapal.com/pesapalv3");
    expect(pesapalBaseUrl(config({ PUBLIC_URL: "http://localhost:4000" }))).toBe("http://localhost:4000/sandbox/pesapal");
    expect(pesapalBaseUrl(config({ PAYMENT_PROVIDER: "pesapal" }))).toBe("https://pay.pesapal.com/v3");
  });
});
