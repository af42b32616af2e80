import { describe, expect, it } from "vitest";
import { SCREENSHOT_DIR, useBrowser } from "../../testing/browser.js";
import { signInAsAdmin, signUpAndConfirm } from "../../testing/portal-session.js";

const browser = useBrowser();

/** The admin's "Edit Starter" dialog: sets the monthly price in dollars, answers the one it replaced. */
async function setStarterPrice(page: Awaited<ReturnType<typeof browser.page>>, dollars: string): Promise<string> {
  const panel = page.getByRole("region", { name: "Packages", exact: true });
  await panel.getByRole("button", { name: "Edit Starter" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Starter" });
  const field = dialog.getByLabel("Price per month (USD)");
  const before = await field.inputValue();
  await field.fill(dollars);
  await dialog.getByRole("button", { name: "Save Package" }).click();
  await page.getByText("Package Starter updated").first().waitFor();
  await dialog.waitFor({ state: "detached" });
  return before;
}

describe("one price source", () => {
  it("shows an administrator's new price on the pricing page, the plan picker and checkout", async () => {
    const admin = await browser.page();
    await signInAsAdmin(admin);
    const original = await setStarterPrice(admin, "31");
    try {
      const page = await browser.page();
      await page.goto("/pricing");
      const starter = page.getByRole("article", { name: "Starter" });
      await starter.getByText("$31", { exact: true }).waitFor();
      await page.screenshot({ path: `${SCREENSHOT_DIR}/pricing-repriced-1280.png`, fullPage: true });

      await signUpAndConfirm(page, { fullName: "Edsger Dijkstra" });
      await page.goto("/dashboard?section=billing");
      const picker = page.getByRole("region", { name: "Choose a Plan" });
      await picker.getByRole("article", { name: "Starter" }).getByText("$31", { exact: false }).waitFor();
      const starterLink = picker.getByRole("link", { name: /^Get Started with the Starter plan/ });
      expect(await starterLink.getAttribute("href")).toBe("/checkout?plan=starter&tier=5000&period=monthly&amount=31");

      await starterLink.click();
      const summary = page.getByRole("region", { name: "Order summary" });
      await summary.getByText("$31.00 USD", { exact: true }).waitFor();
      expect(await page.getByRole("button", { name: /^Pay / }).textContent()).toBe("Pay $31.00");
      // A link made before the change (the old price) says so and charges the new one.
      await page.goto(`/checkout?plan=starter&tier=5000&period=monthly&amount=${original}`);
      await page.getByRole("status").getByText(/is not the current price\. You pay the current price, \$31\.00 per month/).waitFor();
      // A negative or text amount is named for what it is, and the current price is charged.
      for (const amount of ["-5", "abc"]) {
        await page.goto(`/checkout?plan=starter&tier=5000&period=monthly&amount=${amount}`);
        await page.getByRole("status").getByText(/^The amount in this link is not a price .+ You pay the current price, \$31\.00 per month/).waitFor();
        expect(await page.getByRole("button", { name: /^Pay / }).textContent()).toBe("Pay $31.00");
      }
    } finally {
      await setStarterPrice(admin, original);
    }
  });
});
