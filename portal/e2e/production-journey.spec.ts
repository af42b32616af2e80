import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { CreatedKeySchema } from "../../core/contracts/api-keys.js";
import { CheckoutResponseSchema, PaymentVerificationSchema } from "../../core/contracts/checkout.js";
import { tokenFromText } from "../../testing/accounts.js";
import { SCREENSHOT_DIR, launchBrowser } from "../../testing/browser.js";
import { STAND_IN_CARDS } from "../../testing/pesapal-stand-in.js";
import { useProductionStack } from "../../testing/production-stack.js";
import { decodeQuotedPrintable } from "../../testing/smtp.js";
import { waitFor } from "../../testing/wait-for.js";

/**
 * The product as an operator deploys it (testing/production-stack.ts): compiled gateway and engine
 * with NODE_ENV=production behind a proxy, real SMTP, and Pesapal's page served from another
 * origin. One customer's whole journey, in order: each step builds on the one before.
 */
const stack = useProductionStack();
const UsageSchema = z.object({ requests_limit: z.number().nullable(), requests_used: z.number() });
const PASSWORD = "quiet-lantern-381";

let browser: Browser;
let context: BrowserContext;
let page: Page;
const customer = { email: `journey-${Date.now()}@example.test`, secret: "" };

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: stack.current.url });
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
});

function usage(): Promise<z.infer<typeof UsageSchema>> {
  return fetch(`${stack.current.url}/v1/usage`, { headers: { Authorization: `Bearer ${customer.secret}` } }).then(async (response) => {
    expect(response.status, "GET /v1/usage").toBe(200);
    return UsageSchema.parse(await response.json());
  });
}

describe("a customer's journey through a production deployment", () => {
  it("signs up, confirms from the e-mail the SMTP server received, and holds Secure cookies", async () => {
    await page.goto("/signup");
    await page.getByLabel("Full Name").fill("Katherine Johnson");
    await page.getByLabel("Email").fill(customer.email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm Password").fill(PASSWORD);
    await page.getByLabel(/^I agree to the Terms of Service/).check();
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByText("Account created successfully! Please check your email to confirm your account.").first().waitFor();

    // Production has no development mailbox: the engine sent the message over SMTP.
    expect((await fetch(`${stack.current.url}/dev/mailbox.json`)).status).toBe(404);
    const mail = await waitFor(() => stack.current.smtp.receivedFor(customer.email)[0], 20_000);
    const text = decodeQuotedPrintable(mail.raw);
    expect(text).toMatch(/^Subject: Confirm your email address for Sluice/m);
    const token = tokenFromText(text, "confirmation_token");
    const link = text.match(/https?:\/\/\S+confirmation_token=[\w-]+/)?.[0] ?? "";
    expect(link.startsWith(`${stack.current.url}/`), `the link is on PUBLIC_URL: ${link}`).toBe(true);

    await page.goto(`/?confirmation_token=${token}`);
    await page.waitForURL("**/dashboard");
    const cookies = await context.cookies(stack.current.url);
    expect(cookies.length).toBeGreaterThan(0);
    expect(cookies.filter((cookie) => !cookie.secure).map((cookie) => cookie.name), "every cookie is Secure").toEqual([]);
  });

  it("creates a live key in the dashboard and makes metered calls on the free plan", async () => {
    await page.goto("/dashboard?section=api-keys");
    await page.getByRole("heading", { level: 1, name: "API Keys" }).waitFor();
    await page.getByRole("button", { name: "Create API Key" }).filter({ visible: true }).first().click();
    const dialog = page.getByRole("dialog", { name: "Create API Key" });
    await dialog.getByLabel("Name", { exact: true }).fill("Production key");
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/keys" && response.request().method() === "POST");
    await dialog.getByRole("button", { name: "Create Key" }).click();
    const created = CreatedKeySchema.parse(await (await answer).json());
    customer.secret = (await page.getByTestId("api-key-secret").textContent())?.trim() ?? "";
    expect(customer.secret).toBe(created.secret);
    expect(customer.secret).toMatch(/^sk_live_/);
    await page.getByRole("dialog", { name: "Your new API key" }).getByRole("button", { name: "Done" }).click();

    for (let call = 1; call <= 3; call++) {
      const response = await fetch(`${stack.current.url}/v1/whoami`, { headers: { Authorization: `Bearer ${customer.secret}` } });
      expect(response.status).toBe(200);
      expect(response.headers.get("X-RateLimit-Used")).toBe(String(call));
    }
    expect((await usage()).requests_limit).toBe(1_000);
  });

  it("buys Professional 100K on the provider's page, embedded in the portal from the provider's origin", async () => {
    await page.goto("/pricing");
    const professional = page.getByRole("article", { name: "Professional" });
    await professional.getByLabel("Monthly request volume").selectOption({ label: "100K requests · $190/month" });
    await professional.getByRole("link", { name: /Get Started/ }).click();
    await page.waitForURL((url) => url.pathname === "/checkout" && url.searchParams.get("tier") === "100000");
    await page.getByLabel("First Name").fill("Katherine");
    await page.getByLabel("Last Name").fill("Johnson");
    await page.getByLabel("Address").fill("1 NASA Drive");
    await page.getByLabel("City").fill("Hampton");
    await page.getByLabel("State").fill("VA");
    await page.getByLabel("ZIP / Postal code").fill("23666");
    await page.getByLabel("Credit or debit card").check();
    const checkout = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/checkout");
    await page.getByRole("button", { name: /^Pay \$/ }).click();
    const order = CheckoutResponseSchema.parse(await (await checkout).json());
    expect(new URL(order.redirect_url).origin).toBe(stack.current.pesapal.origin);

    await page.waitForURL("**/payment-process?**");
    const frameElement = page.locator('iframe[title="Secure payment page"]');
    // The provider's page, with the method chosen at checkout named on it.
    expect(await frameElement.getAttribute("src")).toBe(`${order.redirect_url}${order.redirect_url.includes("?") ? "&" : "?"}method=card`);
    const frame = page.frameLocator('iframe[title="Secure payment page"]');
    await frame.getByRole("heading", { name: "Pay USD 190.00 to Sluice" }).waitFor();
    // A viewport capture: a full-page one resizes the window, and the provider's frame (another
    // site, so another renderer process) is captured mid-relayout.
    await frameElement.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/production-payment-page-1280.png` });

    await frame.getByLabel("Card number").fill(STAND_IN_CARDS.approved);
    await frame.getByLabel("Expiry date (MM/YY)").fill("12/39");
    await frame.getByLabel("CVV").fill("123");
    await frame.getByLabel("Name on card").fill("Katherine Johnson");
    const verified = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/payments/verify");
    await frame.getByRole("button", { name: "Pay by card" }).click();

    await page.waitForURL((url) => url.pathname === "/payment-callback" && url.searchParams.get("OrderTrackingId") === order.order_tracking_id);
    const verification = PaymentVerificationSchema.parse(await (await verified).json());
    expect(verification).toMatchObject({ status: "completed", plan: "professional_100000", period: "monthly", amount: 19_000 });
    await page.getByText("Payment completed successfully!").waitFor({ timeout: 15_000 });
    await page.screenshot({ path: `${SCREENSHOT_DIR}/production-payment-callback-1280.png`, fullPage: true });

    // The provider's notification reached the gateway through the proxy and was acknowledged as Pesapal expects.
    await stack.current.pesapal.settled();
    const acknowledged = stack.current.pesapal.ipnsSent().filter((attempt) => attempt.orderTrackingId === order.order_tracking_id);
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(acknowledged.every((attempt) => attempt.acknowledged)).toBe(true);
  });

  it("meters the next call against the plan just bought", async () => {
    const after = await usage();
    expect(after.requests_limit).toBe(100_000);
    expect(after.requests_used).toBeGreaterThanOrEqual(3);
  });
});
