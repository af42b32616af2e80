import { describe, expect, it } from "vitest";
import { SCREENSHOT_DIR, useBrowser } from "../../testing/browser.js";
import { horizontalOverflow, signUpAndConfirm } from "../../testing/portal-session.js";

// Issue 38 item 4: paying again from a checkout link reuses the open order, and the pending row is
// named by its order reference in the customer's billing history.
const browser = useBrowser();
const CHECKOUT_LINK = "/dashboard?plan=starter&tier=5000&period=monthly&amount=29";

describe("one open order per plan and period", () => {
  it("shows the same payment page each time a checkout link is paid again, and one pending row named by its order reference", async () => {
    const page = await browser.page();
    await signUpAndConfirm(page, { fullName: "Abandoned Checkout" });
    const frame = page.locator('iframe[title="Secure payment page"]');
    const sources: Array<string | null> = [];
    // Each visit: the billing form, "Pay", then the provider's page.
    for (let visit = 0; visit < 3; visit++) {
      await page.goto(CHECKOUT_LINK);
      await page.getByLabel("Address").fill("1 Navy Yard");
      await page.getByLabel("City").fill("Arlington");
      await page.getByLabel("State").fill("VA");
      await page.getByLabel("ZIP / Postal code").fill("22202");
      await page.getByRole("button", { name: /^Pay / }).click();
      await frame.waitFor();
      sources.push(await frame.getAttribute("src"));
    }
    expect(sources[0]).toMatch(/\/sandbox\/pesapal\/pay\//);
    expect(new Set(sources).size, "one order, shown three times").toBe(1);

    await page.goto("/dashboard?section=billing");
    const history = page.getByRole("region", { name: "Billing History", exact: true });
    const rows = history.getByRole("row").filter({ hasText: "Pending" });
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    await rows.getByText(/^ord-[A-Za-z0-9]{22}$/).waitFor();
    expect(await history.textContent()).not.toMatch(/#bill_/);
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await horizontalOverflow(page), "no horizontal scrolling at 360 px").toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/billing-history-pending-360.png`, fullPage: true });
  });
});
