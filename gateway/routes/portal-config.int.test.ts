import { beforeAll, describe, expect, it } from "vitest";
import { isAtPaymentPageLocation, PortalConfigSchema, type PortalConfig } from "../../core/contracts/portal-config.js";
import { createAccount } from "../../testing/accounts.js";
import { BrowserClient } from "../../testing/browser-client.js";
import { PRODUCTION_LIKE_SETTINGS } from "../../testing/environment.js";
import { useTestApp, type TestApp } from "../../testing/gateway.js";
import { checkout, usePaymentStand } from "../../testing/payment-stand.js";

/** GET /api/portal-config as a visitor (no session), parsed with the contract the portal uses. */
async function readPortalConfig(testApp: TestApp): Promise<PortalConfig> {
  const response = await new BrowserClient(testApp.app).request("/api/portal-config");
  expect(response.status).toBe(200);
  expect(response.headers.get("Cache-Control")).toBe("no-cache");
  return PortalConfigSchema.parse(await response.json());
}

/** The frame-src sources of the Content-Security-Policy on the page that embeds the payment page. */
async function frameSources(testApp: TestApp): Promise<string[]> {
  const csp = (await testApp.app.request("/payment-process")).headers.get("Content-Security-Policy") ?? "";
  const directive = csp
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === "frame-src");
  return directive?.slice(1) ?? [];
}

/** A signed-in customer's order: the provider's redirect_url is the page /payment-process will embed. */
async function placeOrder(testApp: TestApp): Promise<URL> {
  const account = await createAccount(testApp.database.db);
  const browser = new BrowserClient(testApp.app);
  expect((await browser.post("/auth/signin", { email: account.email, password: account.password })).status).toBe(200);
  const order = await checkout(browser, { plan: "starter", period: "monthly", amount: 29_00 });
  return new URL(order.redirect_url);
}

describe("portal configuration with the payment sandbox", () => {
  const stand = usePaymentStand({ PRODUCT_NAME: "Acme Data" });

  it("answers a visitor the product name, the sandbox's hosted page on PUBLIC_URL and no sign-in providers", async () => {
    expect(await readPortalConfig(stand.current.testApp)).toEqual({
      product_name: "Acme Data",
      payment_page_locations: [`${stand.current.url}/sandbox/pesapal/pay/`],
      oauth_providers: [],
    });
  });

  it("lets pages frame exactly those locations", async () => {
    const { payment_page_locations } = await readPortalConfig(stand.current.testApp);
    expect(await frameSources(stand.current.testApp)).toEqual(["'self'", ...payment_page_locations]);
  });

  it("lists the page a checkout sends the customer to, and no other page of the site", async () => {
    const { payment_page_locations } = await readPortalConfig(stand.current.testApp);
    const page = await placeOrder(stand.current.testApp);
    expect(isAtPaymentPageLocation(page, payment_page_locations)).toBe(true);
    expect(isAtPaymentPageLocation(new URL("/dashboard", page), payment_page_locations)).toBe(false);
  });
});

describe("portal configuration with Pesapal on another origin", () => {
  // A stand-in Pesapal: another gateway's sandbox, on its own origin, reached by the real client over HTTP.
  const pesapal = usePaymentStand();
  const settings: Record<string, string> = { PAYMENT_PROVIDER: "pesapal", PUBLIC_URL: "http://sluice.test" };
  beforeAll(() => {
    settings.PESAPAL_BASE_URL = `${pesapal.current.url}/sandbox/pesapal`;
  });
  const testApp = useTestApp(settings);

  it("answers the provider's origin, and pages frame exactly it", async () => {
    const { payment_page_locations } = await readPortalConfig(testApp.current);
    expect(payment_page_locations).toEqual([pesapal.current.url]);
    expect(await frameSources(testApp.current)).toEqual(["'self'", pesapal.current.url]);
  });

  it("lists the provider's page a checkout sends the customer to, and not this site's sandbox path", async () => {
    const { payment_page_locations } = await readPortalConfig(testApp.current);
    const page = await placeOrder(testApp.current);
    expect(page.origin).toBe(pesapal.current.url);
    expect(isAtPaymentPageLocation(page, payment_page_locations)).toBe(true);
    expect(isAtPaymentPageLocation(new URL(`${page.pathname}${page.search}`, "http://sluice.test"), payment_page_locations)).toBe(false);
  });
});

describe("portal configuration in production with Pesapal's demo site and GitHub sign-in", () => {
  const testApp = useTestApp({
    ...PRODUCTION_LIKE_SETTINGS,
    PUBLIC_URL: "https://sluice.example.test",
    PESAPAL_BASE_URL: "https://cybqa.pesapal.com/pesapalv3/",
    GITHUB_CLIENT_ID: "a-github-client-id",
    GITHUB_CLIENT_SECRET: "a-github-client-secret",
  });

  it("answers the demo site's origin, the default product name and the GitHub button", async () => {
    expect(await readPortalConfig(testApp.current)).toEqual({
      product_name: "Sluice",
      payment_page_locations: ["https://cybqa.pesapal.com"],
      oauth_providers: [{ id: "github", name: "GitHub", start_url: "/auth/oauth/github/start" }],
    });
    expect(await frameSources(testApp.current)).toEqual(["'self'", "https://cybqa.pesapal.com"]);
  });
});
