import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CheckoutResponseSchema, PaymentOrderSchema } from "../../core/contracts/checkout.js";
import { SCREENSHOT_DIR, useBrowser } from "../../testing/browser.js";
import { expectAccessible, watchPage } from "../../testing/page-checks.js";
import { horizontalOverflow, signUpAndConfirm } from "../../testing/portal-session.js";

// Issue 41 item 6: the hand-off to the provider shows the server's order (plan, period, amount),
// a secure-payment note and a way back around the 700 px frame, as a hosted checkout does.
const browser = useBrowser();
const FRAME = 'iframe[title="Secure payment page"]';

async function fillBilling(page: Page): Promise<void> {
  await page.getByLabel("Address").fill("1 Navy Yard");
  await page.getByLabel("City").fill("Arlington");
  await page.getByLabel("State").fill("VA");
  await page.getByLabel("ZIP / Postal code").fill("22202");
}

/** The boxes of two elements read at one instant, so a scroll in progress moves both alike. */
async function boxesOf(first: Locator, second: Locator) {
  const [a, b] = [await first.elementHandle(), await second.elementHandle()];
  if (!a || !b) throw new Error("element not shown");
  type Box = { x: number; y: number; width: number; height: number };
  return first.page().evaluate(([one, two]): [Box, Box] => [one.getBoundingClientRect().toJSON() as Box, two.getBoundingClientRect().toJSON() as Box], [a, b] as const);
}

/** Elements reaching past the window's left or right edge; a clipped, visually hidden one (the skip link) does not count. */
function elementsWiderThanWindow(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .filter((element) => {
        const rect = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        const clipped = style.clip !== "auto" || style.clipPath !== "none";
        return !clipped && rect.width > 0 && (rect.left < -0.5 || rect.right > window.innerWidth + 0.5);
      })
      .map((element) => `${element.tagName.toLowerCase()}.${element.getAttribute("class") ?? ""} ${Math.round(element.getBoundingClientRect().right)}`),
  );
}

/** The order card, the note and the frame: summary and frame side by side (wide) or stacked (narrow). */
async function expectHandoff(page: Page, layout: "beside" | "above") {
  const summary = page.getByRole("region", { name: "Your order" });
  for (const text of ["Professional 100K", "Yearly", "$1,824.00 USD"]) expect(await summary.getByText(text, { exact: true }).count(), text).toBe(1);
  await page.getByText(/never sees your card number or mobile-money PIN/).waitFor();
  const frame = page.locator(FRAME);
  const [summaryBox, frameBox] = await boxesOf(summary, frame);
  expect(frameBox.height, "SPEC: the frame is 700 px high").toBe(700);
  if (layout === "beside") {
    expect(summaryBox.x + summaryBox.width, "summary left of the frame").toBeLessThanOrEqual(frameBox.x);
    expect(Math.abs(summaryBox.y - frameBox.y), "summary and frame start level").toBeLessThanOrEqual(1);
  } else {
    expect(summaryBox.y + summaryBox.height, "summary above the frame").toBeLessThanOrEqual(frameBox.y);
  }
}

describe("the payment hand-off", () => {
  it("shows the recorded order, the secure note and the way back around the 700 px frame, at 1280 and 360 px", async () => {
    const page = await browser.page({ width: 1280, height: 800 });
    const watch = watchPage(page);
    await signUpAndConfirm(page, { fullName: "Ada Lovelace" });
    await page.goto("/checkout?plan=professional&tier=100000&period=yearly&amount=190");
    await fillBilling(page);
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/checkout");
    await page.getByRole("button", { name: /^Pay / }).click();
    const order = CheckoutResponseSchema.parse(await (await answer).json());
    await page.waitForURL("**/payment-process?**");
    await page.frameLocator(FRAME).getByRole("heading", { name: /^Pay / }).waitFor();

    await expectHandoff(page, "beside");
    await expectAccessible(page, "payment hand-off");
    await page.screenshot({ path: `${SCREENSHOT_DIR}/payment-handoff-1280.png` });

    await page.setViewportSize({ width: 360, height: 740 });
    await expectHandoff(page, "above");
    expect(await horizontalOverflow(page), "no horizontal scrolling at 360 px").toBeLessThanOrEqual(0);
    expect(await elementsWiderThanWindow(page), "nothing wider than 360 px").toEqual([]);
    await expectAccessible(page, "payment hand-off at 360 px");
    await page.screenshot({ path: `${SCREENSHOT_DIR}/payment-handoff-360.png`, fullPage: true });

    // Keyboard: the way back is the first thing after the page's heading, and Enter follows it to
    // checkout for the same plan and period.
    const back = page.getByRole("link", { name: "Back to checkout" });
    expect(await back.getAttribute("href")).toBe("/checkout?plan=professional&tier=100000&period=yearly&amount=190");
    await back.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/checkout");
    await page.getByRole("region", { name: "Order summary" }).getByText("Professional 100K", { exact: true }).waitFor();
    // Going back did not cancel the order: it is still open to pay.
    const recorded = PaymentOrderSchema.parse(await (await page.request.get(`/api/payments/orders/${order.order_tracking_id}`)).json());
    expect(recorded).toMatchObject({ status: "pending", plan: "professional_100000", period: "yearly", amount: 182_400, currency: "USD" });
    watch.expectClean("payment hand-off");
  });

  it("shows the same order beside the frame in the dashboard's checkout section, with a way back to billing", async () => {
    const page = await browser.page({ width: 1280, height: 800 });
    await signUpAndConfirm(page, { fullName: "Mary Jackson" });
    await page.goto("/dashboard?plan=professional&tier=100000&period=yearly&amount=190");
    await fillBilling(page);
    await page.getByRole("button", { name: /^Pay / }).click();
    await page.frameLocator(FRAME).getByRole("heading", { name: /^Pay / }).waitFor();
    // The form and its Pay button are gone: focus moves to the order, scrolled into view, and Tab continues to the frame.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Your order");
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("title"))).toBe("Secure payment page");
    await expectHandoff(page, "beside");
    await expectAccessible(page, "dashboard payment hand-off");
    await page.screenshot({ path: `${SCREENSHOT_DIR}/dashboard-payment-handoff-1280.png` });
    await page.setViewportSize({ width: 360, height: 740 });
    await expectHandoff(page, "above");
    expect(await elementsWiderThanWindow(page), "nothing wider than 360 px").toEqual([]);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/dashboard-payment-handoff-360.png`, fullPage: true });

    await page.getByRole("link", { name: "Back to Billing & Credits" }).click();
    await page.getByRole("heading", { level: 1, name: "Billing & Credits" }).waitFor();
    expect(new URL(page.url()).searchParams.get("section")).toBe("billing");
  });
});
