import { describe, expect, it } from "vitest";
import { CheckoutResponseSchema, PaymentVerificationSchema } from "../../core/contracts/checkout.js";
import { SCREENSHOT_DIR, useBrowser } from "../../testing/browser.js";
import { expectAccessible } from "../../testing/page-checks.js";
import { horizontalOverflow, signUpAndConfirm } from "../../testing/portal-session.js";

const browser = useBrowser();
const CHECKOUT_PATH = "/checkout?plan=professional&tier=100000&period=yearly&amount=190";

describe("checkout through the payment provider's page", () => {
  it("buys Professional 100K yearly with the sandbox test card and lands on the dashboard", async () => {
    const page = await browser.page();
    const email = await signUpAndConfirm(page, { fullName: "Grace Hopper" });

    await page.goto(CHECKOUT_PATH);
    const main = page.getByRole("main");
    await main.getByRole("heading", { level: 1, name: "Checkout" }).waitFor();
    const summary = page.getByRole("region", { name: "Order summary" });
    // Priced by the server: 12 x $190 = $2,280, less 20 % = $1,824.00.
    for (const text of ["Professional 100K", "100,000 / month", "Yearly", "$2,280.00", "$1,824.00 USD"]) {
      expect(await summary.getByText(text, { exact: true }).count(), text).toBeGreaterThan(0);
    }
    expect(await page.getByLabel("Email").inputValue()).toBe(email);
    expect(await page.getByLabel("Country").inputValue()).toBe("US");
    // One entry per country, current ISO codes only: one Germany, and it is DE.
    const countries = await page.getByLabel("Country").locator("option").evaluateAll((options) => options.map((option) => [option.getAttribute("value"), option.textContent]));
    expect(countries.filter(([, name]) => name === "Germany")).toEqual([["DE", "Germany"]]);
    expect(countries.some(([code]) => ["DD", "YU", "CS", "UK", "SU"].includes(code ?? ""))).toBe(false);
    expect(new Set(countries.map(([, name]) => name)).size).toBe(countries.length);
    await expectAccessible(page, "checkout");
    // SPEC: address, city, state and ZIP are required.
    await page.getByRole("button", { name: /^Pay / }).click();
    for (const message of ["Address is required", "City is required", "State is required", "ZIP / Postal code is required"]) await page.getByText(message).waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("address");
    await page.getByLabel("Address").fill("1 Navy Yard");
    await page.getByLabel("City").fill("Arlington");
    await page.getByLabel("State").fill("VA");
    await page.getByLabel("ZIP / Postal code").fill("22202");
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/checkout-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await horizontalOverflow(page), "no horizontal scrolling at 360 px").toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/checkout-360.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Keyboard: Enter submits, the first invalid field takes focus, Tab moves on through the form.
    const firstName = page.getByLabel("First Name");
    await firstName.fill("");
    await page.getByLabel("Email").focus();
    await page.keyboard.press("Enter");
    await page.getByText("First name is required").waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("first_name");
    await page.keyboard.type("Grace");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("last_name");
    await page.getByLabel("Credit or debit card").check();

    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/checkout");
    await page.keyboard.press("Enter");
    const response = await answer;
    expect(response.status(), "POST /api/checkout").toBe(201);
    const order = CheckoutResponseSchema.parse(await response.json());
    expect(JSON.parse(response.request().postData() ?? "{}")).toMatchObject({
      plan: "professional_100000",
      period: "yearly",
      amount: 182_400,
      billing: { address: "1 Navy Yard", city: "Arlington", state: "VA", postal_code: "22202", country: "US" },
    });

    await page.waitForURL("**/payment-process?**");
    const frameElement = page.locator('iframe[title="Secure payment page"]');
    // The provider's page, told which method was chosen.
    const frameSrc = new URL((await frameElement.getAttribute("src")) ?? "");
    expect(frameSrc.searchParams.get("method")).toBe("card");
    frameSrc.searchParams.delete("method");
    expect(frameSrc.href).toBe(order.redirect_url);
    expect((await frameElement.boundingBox())?.height).toBe(700);
    const frame = page.frameLocator('iframe[title="Secure payment page"]');
    await frame.getByRole("heading", { name: /^Pay / }).waitFor();
    // Card is preselected and only its fieldset shows.
    expect(await frame.getByLabel("Card", { exact: true }).isChecked()).toBe(true);
    expect(await frame.getByLabel("Card number").isVisible()).toBe(true);
    expect(await frame.getByLabel("Phone number").isVisible()).toBe(false);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/payment-process-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await horizontalOverflow(page), "no horizontal scrolling at 360 px").toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/payment-process-360.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await frame.getByLabel("Card", { exact: true }).check();
    await frame.getByLabel("Card number").fill("4111 1111 1111 1111");
    await frame.getByLabel("Expiry date (MM/YY)").fill("12/39");
    await frame.getByLabel("Security code (CVV)").fill("123");
    await frame.getByLabel("Name on card").fill("Grace Hopper");

    const verified = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/payments/verify");
    await frame.getByRole("button", { name: /^Pay / }).click();
    // The provider returns to the callback inside the frame; the callback takes over the whole window.
    await page.waitForURL((url) => url.pathname === "/payment-callback" && url.searchParams.get("OrderTrackingId") === order.order_tracking_id);
    const verification = PaymentVerificationSchema.parse(await (await verified).json());
    expect(verification).toMatchObject({ status: "completed", plan: "professional_100000", period: "yearly", amount: 182_400 });
    await page.getByText("Payment completed successfully!").waitFor({ timeout: 10_000 });
    await page.screenshot({ path: `${SCREENSHOT_DIR}/payment-callback-1280.png`, fullPage: true });

    await page.waitForURL((url) => url.pathname === "/dashboard" && url.searchParams.get("payment_completed") === "true", { timeout: 5_000 });
    expect(new URL(page.url()).searchParams.get("success")).toBe("true");

    await page.goto(`/payment-success?OrderTrackingId=${order.order_tracking_id}`);
    await page.getByText("Subscription activated").waitFor();
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/payment-success-360.png`, fullPage: true });

    // Billing & Credits shows the new plan, its invoice and the raised limit.
    expect(verification.invoice_number).toMatch(/^INV-/);
    const invoice = verification.invoice_number ?? "";
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole("link", { name: "Go to Billing" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard" && url.searchParams.get("section") === "billing");
    await page.getByRole("heading", { level: 1, name: "Billing & Credits" }).waitFor();
    const plan = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Current Plan" }) });
    await plan.getByText("Professional 100K", { exact: true }).waitFor();
    await plan.getByText("Active", { exact: true }).waitFor();
    const usage = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Usage This Month" }) });
    await usage.getByText("/ 100,000").waitFor();
    const history = page.getByRole("region", { name: "Billing History" });
    const row = history.getByRole("row").filter({ hasText: invoice });
    await row.getByText("Completed", { exact: true }).waitFor();
    expect(await row.getByText("$1,824.00").count()).toBe(1);
    // The picker: the Professional card at 100K is the current plan, disabled; Starter is a downgrade to checkout.
    expect(await page.getByRole("button", { name: "Current Plan" }).isDisabled()).toBe(true);
    expect(await page.getByRole("link", { name: /^Downgrade/ }).getAttribute("href")).toMatch(/^\/checkout\?plan=starter&/);
    // Keyboard: another volume turns the Professional button into a change of plan.
    await page.getByLabel("Monthly request volume").focus();
    await page.keyboard.press("ArrowDown");
    expect(await page.getByLabel("Monthly request volume").inputValue()).toBe("professional_250000");
    const change = page.getByRole("link", { name: /^Change Plan/ });
    expect(await change.getAttribute("href")).toBe("/checkout?plan=professional&tier=250000&period=yearly&amount=390&intent=change");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/^Change Plan/);
    // Back to the current volume: the button is "Current Plan" again, disabled.
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("ArrowUp");
    expect(await page.getByLabel("Monthly request volume").inputValue()).toBe("professional_100000");
    expect(await page.getByRole("button", { name: "Current Plan" }).isDisabled()).toBe(true);
    // The same volume in another period is not the current plan: monthly is a purchase, not disabled.
    await page.getByRole("group", { name: "Billing period" }).getByText("Monthly", { exact: true }).click();
    expect(await page.getByRole("link", { name: /^Change Plan/ }).getAttribute("href")).toBe("/checkout?plan=professional&tier=100000&period=monthly&amount=190");
    expect(await page.getByRole("button", { name: "Current Plan" }).count()).toBe(0);
    await page.getByRole("group", { name: "Billing period" }).getByText("Yearly").click();
    expect(await page.getByRole("button", { name: "Current Plan" }).isDisabled()).toBe(true);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/billing-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await horizontalOverflow(page), "no horizontal scrolling at 360 px").toBeLessThanOrEqual(0);
    // The whole history row fits at 360 px, without scrolling its table.
    expect(await history.getByRole("table").evaluate((table) => (table.parentElement?.scrollWidth ?? 0) - (table.parentElement?.clientWidth ?? 0))).toBeLessThanOrEqual(0);
    // Opened on a phone, the sidebar is a drawer that marks the current section.
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Billing & Credits" }).waitFor();
    await page.getByRole("button", { name: "Open dashboard menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Dashboard menu" });
    const tab = drawer.getByRole("navigation", { name: "Dashboard" }).locator('[aria-current="page"]');
    expect(await tab.textContent()).toBe("Billing & Credits");
    const [tabBox, drawerBox] = [await tab.boundingBox(), await drawer.boundingBox()];
    expect(tabBox && drawerBox && tabBox.x >= drawerBox.x && tabBox.x + tabBox.width <= drawerBox.x + drawerBox.width, "current section fully visible").toBe(true);
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "hidden" });
    await page.screenshot({ path: `${SCREENSHOT_DIR}/billing-360.png`, fullPage: true });

    // /pricing marks the plan and period this customer pays for.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/pricing");
    const professionalCard = page.getByRole("article", { name: "Professional" });
    await professionalCard.getByRole("link", { name: /^Change Plan/ }).waitFor();
    await page.getByRole("group", { name: "Billing period" }).getByText("Yearly").click();
    expect(await professionalCard.getByRole("button", { name: "Current Plan" }).isDisabled()).toBe(true);
    expect(await page.getByRole("article", { name: "Starter" }).getByRole("link", { name: /^Downgrade/ }).count()).toBe(1);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/pricing-current-plan-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await horizontalOverflow(page), "no horizontal scrolling at 360 px").toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/pricing-current-plan-360.png`, fullPage: true });

    // Changing to 250K is an upgrade: the unused days of the yearly 100K are credited.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/checkout?plan=professional&tier=250000&period=yearly&amount=390&intent=change");
    const upgrade = page.getByRole("region", { name: "Order summary" });
    await upgrade.getByText("Credit for unused Professional 100K time").waitFor();
    await upgrade.getByText(/replaces your Professional 100K plan as soon as you pay/).waitFor();
    const credited = await upgrade.locator("dd").last().textContent();
    // $3,744.00 for the year, less about $1,819 of unused 100K time.
    expect(credited).toMatch(/^\$1,9\d\d\.\d\d USD$/);
    expect(await page.getByRole("button", { name: /^Pay / }).textContent()).toBe(`Pay ${credited?.replace(" USD", "")}`);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/checkout-upgrade-1280.png`, fullPage: true });

    // A renewal e-mail's link opens the dashboard's checkout section: the summary and the billing form, then the provider's page.
    // Starter is cheaper: it is a downgrade, paid now and starting when the yearly 100K ends.
    await page.goto("/dashboard?plan=starter&tier=5000&period=monthly&amount=29");
    await page.getByRole("heading", { level: 1, name: "Checkout" }).waitFor();
    await page.getByRole("region", { name: "Order summary" }).getByText(/^Starter starts on .+, when your Professional 100K plan ends/).waitFor();
    await page.getByLabel("Address").fill("1 Navy Yard");
    await page.getByLabel("City").fill("Arlington");
    await page.getByLabel("State").fill("VA");
    await page.getByLabel("ZIP / Postal code").fill("22202");
    await page.getByRole("button", { name: /^Pay / }).click();
    const sectionFrame = page.locator('iframe[title="Secure payment page"]');
    await sectionFrame.waitFor();
    expect((await sectionFrame.boundingBox())?.height).toBe(700);
    await page.frameLocator('iframe[title="Secure payment page"]').getByRole("heading", { name: /^Pay / }).waitFor();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/dashboard-checkout-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await horizontalOverflow(page), "no horizontal scrolling at 360 px").toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/dashboard-checkout-360.png`, fullPage: true });
  });

  it("sends Try Again after a failed payment back to checkout with the same plan and period", async () => {
    const page = await browser.page();
    await signUpAndConfirm(page, { fullName: "Katherine Johnson" });
    await page.goto("/checkout?plan=professional&tier=250000&period=threeYears&amount=390");
    await page.getByLabel("Address").fill("1 NASA Drive");
    await page.getByLabel("City").fill("Hampton");
    await page.getByLabel("State").fill("VA");
    await page.getByLabel("ZIP / Postal code").fill("23666");
    await page.getByRole("button", { name: /^Pay / }).click();
    await page.waitForURL("**/payment-process?**");
    const frame = page.frameLocator('iframe[title="Secure payment page"]');
    // Mobile money was chosen (the default): preselected, and only its fieldset shows.
    expect(await frame.getByLabel("Mobile money", { exact: true }).isChecked()).toBe(true);
    expect(await frame.getByLabel("Card number").isVisible()).toBe(false);
    await frame.getByRole("button", { name: "Simulate a failed payment" }).click();
    await page.waitForURL((url) => url.pathname === "/payment-callback");
    const tryAgain = page.getByRole("link", { name: "Try Again" });
    await expect.poll(() => tryAgain.getAttribute("href"), { timeout: 15_000 }).toBe("/checkout?plan=professional&tier=250000&period=threeYears&amount=390");
    await page.screenshot({ path: `${SCREENSHOT_DIR}/payment-callback-failed-1280.png`, fullPage: true });
    await tryAgain.click();
    await page.getByRole("region", { name: "Order summary" }).getByText("Professional 250K", { exact: true }).waitFor();
    expect(await page.getByRole("region", { name: "Order summary" }).getByText("Every 3 years", { exact: true }).count()).toBe(1);
  });

  it("refuses to embed a page that is not the payment provider's", async () => {
    const page = await browser.page({ width: 360, height: 800 });
    await signUpAndConfirm(page, { fullName: "Alan Turing" });
    for (const [url, message] of [
      ["", "Payment URL not found"],
      ["not a url", "Invalid payment URL format"],
      ["https://evil.example/sandbox/pesapal/pay/x", "Invalid payment URL"],
    ] as const) {
      await page.goto(`/payment-process?url=${encodeURIComponent(url)}&order_id=x`);
      await page.getByRole("alert").getByText(message, { exact: true }).waitFor();
      expect(await page.locator("iframe").count(), url).toBe(0);
    }
    await page.screenshot({ path: `${SCREENSHOT_DIR}/payment-process-refused-360.png`, fullPage: true });
    // Checkout without its parameters goes back to the dashboard (SPEC section 2).
    await page.goto("/checkout?plan=professional");
    await page.waitForURL("**/dashboard");
  });
});
