import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SCREENSHOT_DIR, useBrowser } from "../../testing/browser.js";
import { watchPage } from "../../testing/page-checks.js";

const browser = useBrowser();
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };

/**
 * /reference at a viewport, watched for console errors, requests leaving the origin and console
 * warnings: Scalar warns about every part of openapi.yaml its strict schema rejects.
 */
async function openReference(viewport: { width: number; height: number }) {
  const page = await browser.page(viewport);
  const checks = watchPage(page);
  const warnings: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "warning") warnings.push(message.text());
  });
  const response = await page.goto("/reference");
  expect(response?.status()).toBe(200);
  // The document is validated while it loads, before anything of it is drawn.
  await page.getByRole("heading", { name: "Sluice API", exact: true }).waitFor({ timeout: 30_000 });
  await page.getByText("/readyz").first().waitFor();
  return {
    page,
    expectClean(label: string) {
      checks.expectClean(label);
      expect(warnings, `${label}: console warnings`).toEqual([]);
    },
  };
}

const portalBar = (page: Page) => page.getByRole("navigation", { name: "Sluice portal" });

describe("the API reference", () => {
  it("opens with its assets served locally, the API key scheme chosen, and no warning about the document", async () => {
    const { page, expectClean } = await openReference(DESKTOP);
    expect(await portalBar(page).getByRole("link", { name: "Back to the docs" }).getAttribute("href")).toBe("/api-docs");
    expect(await portalBar(page).getByRole("link", { name: "Sluice", exact: true }).getAttribute("href")).toBe("/");

    // The document's Authentication box starts on the bearer scheme, ready for a key.
    const authentication = page.getByText("Authentication", { exact: true }).first().locator("xpath=ancestor::*[.//input][1]");
    expect(await authentication.getByRole("button", { name: /apiKey/ }).count()).toBeGreaterThan(0);
    await authentication.getByText("Bearer Token").first().waitFor();

    await page.screenshot({ path: `${SCREENSHOT_DIR}/reference-1280.png` });
    expectClean("reference at 1280 px");
  });

  it("leads back to the portal's documentation, by keyboard too", async () => {
    const { page, expectClean } = await openReference(DESKTOP);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Sluice");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("← Back to the docs");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/api-docs");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    expectClean("reference, back to the docs");
  });

  it("keeps the portal bar on a 360 px screen", async () => {
    const { page, expectClean } = await openReference(PHONE);
    const bar = await portalBar(page).boundingBox();
    expect(bar && bar.x >= 0 && bar.x + bar.width <= PHONE.width).toBe(true);
    for (const name of ["Sluice", "Back to the docs"]) {
      const link = await portalBar(page).getByRole("link", { name, exact: name === "Sluice" }).boundingBox();
      expect(link && link.x >= 0 && link.x + link.width <= PHONE.width, `${name} within the screen`).toBe(true);
    }
    await page.screenshot({ path: `${SCREENSHOT_DIR}/reference-360.png` });

    // The bar stays at the top while the reference scrolls under it.
    await page.mouse.wheel(0, 3_000);
    await page.waitForFunction(() => window.scrollY > 1_000);
    expect((await portalBar(page).boundingBox())?.y).toBe(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/reference-360-scrolled.png` });
    expectClean("reference at 360 px");
  });
});
