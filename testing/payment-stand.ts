import { afterAll, beforeAll } from "vitest";
import { CheckoutResponseSchema, type CheckoutRequest } from "../core/contracts/checkout.js";
import { createLogger } from "../core/logger.js";
import { listen, type Listening } from "../gateway/server.js";
import { createAccount } from "./accounts.js";
import { BrowserClient } from "./browser-client.js";
import { useTestApp, type TestApp } from "./gateway.js";
import { freePort } from "./gateway-process.js";

/**
 * A real listening gateway (the test app served on 127.0.0.1) whose PUBLIC_URL is its own
 * address, so the Pesapal sandbox it mounts is reached over HTTP by the real client and sends
 * its IPNs to /payments/ipn like Pesapal would. Customers are BrowserClients over real HTTP.
 */
export interface PaymentStand {
  url: string;
  testApp: TestApp;
  /** A new confirmed account, signed in. */
  customer: () => Promise<{ browser: BrowserClient; userId: string; email: string }>;
  sandboxSettings: (settings: Record<string, unknown>) => Promise<void>;
}

export function usePaymentStand(overrides: Record<string, string> = {}): { current: PaymentStand } {
  const settings: Record<string, string> = { TRUST_PROXY: "true", PAYMENT_PROVIDER: "sandbox", ...overrides };
  // Registered before useTestApp's hooks, so the app is configured with the port it will listen on.
  beforeAll(async () => {
    settings.PUBLIC_URL = `http://127.0.0.1:${await freePort()}`;
  });
  const testApp = useTestApp(settings);
  const holder = {} as { current: PaymentStand };
  let listening: Listening | undefined;
  beforeAll(async () => {
    const url = testApp.current.config.PUBLIC_URL.replace(/\/+$/, "");
    const port = Number(new URL(url).port);
    listening = await listen(testApp.current.app.fetch, { host: "127.0.0.1", port, shutdownTimeoutMs: 500, logger: createLogger({ level: "silent", name: "payment-stand" }) });
    const fetcher = { request: (path: string, init?: RequestInit) => fetch(`${url}${path}`, { ...init, redirect: "manual" }) };
    holder.current = {
      url,
      testApp: testApp.current,
      async customer() {
        const account = await createAccount(testApp.current.database.db);
        const browser = new BrowserClient(fetcher);
        const signIn = await browser.post("/auth/signin", { email: account.email, password: account.password });
        if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
        return { browser, userId: account.id, email: account.email };
      },
      async sandboxSettings(next) {
        const response = await fetch(`${url}/sandbox/pesapal/control/settings`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(next),
        });
        if (!response.ok) throw new Error(`sandbox settings refused: ${response.status} ${await response.text()}`);
      },
    };
  });
  afterAll(async () => {
    await listening?.shutdown();
  });
  return holder;
}

export const BILLING = {
  first_name: "Ada",
  last_name: "Lovelace",
  email: "ada@example.test",
  phone: "+254712345678",
  country: "KE",
  address: "1 Kenyatta Avenue",
  city: "Nairobi",
  state: "NBO",
  postal_code: "00100",
};

/** POST /api/checkout; the parsed answer when it is 201. */
export async function checkout(browser: BrowserClient, request: Omit<CheckoutRequest, "billing"> & { billing?: CheckoutRequest["billing"] }) {
  const response = await browser.post("/api/checkout", { billing: BILLING, ...request });
  if (response.status !== 201) throw new Error(`checkout failed: ${response.status} ${await response.text()}`);
  return CheckoutResponseSchema.parse(await response.json());
}

export const CARD = { method: "card", card_number: "4111111111111111", card_expiry: "12/39", card_cvv: "123", card_name: "Ada Lovelace" };
export const DECLINED_CARD = { ...CARD, card_number: "4000000000000002" };
export const MOBILE_MONEY = { method: "mobile_money", phone_number: "+254712345678" };

/**
 * Submits the sandbox's hosted payment page as the customer's browser would (a form POST to
 * redirect_url) and returns where it sends the browser back to.
 */
export async function payOnHostedPage(redirectUrl: string, form: Record<string, string>, action: "pay" | "fail" | "cancel" = "pay"): Promise<URL> {
  const response = await fetch(redirectUrl, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ action, ...form }).toString(),
    redirect: "manual",
  });
  const location = response.headers.get("Location");
  if (response.status !== 303 || !location) throw new Error(`the hosted page answered ${response.status}: ${await response.text()}`);
  return new URL(location);
}

/** What the portal's /payment-callback page does with the return URL: ask the gateway. */
export function verifyReturn(browser: BrowserClient, returnUrl: URL): Promise<Response> {
  const query = new URLSearchParams();
  for (const name of ["OrderTrackingId", "OrderMerchantReference"]) {
    const value = returnUrl.searchParams.get(name);
    if (value) query.set(name, value);
  }
  return browser.request(`/api/payments/verify?${query.toString()}`);
}
