import type { Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { CreatedKeySchema } from "../../core/contracts/api-keys.js";
import { SCREENSHOT_DIR, useBrowser } from "../../testing/browser.js";
import { E2E_PASSWORD, postAsUser, signInAsAdmin, signUpAndConfirm } from "../../testing/portal-session.js";

const browser = useBrowser();
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };

/** A new confirmed account, signed out again: its e-mail for the sign-in form. */
async function signedOutAccount(page: Page): Promise<string> {
  const email = await signUpAndConfirm(page, { prefix: "layout" });
  await page.context().clearCookies();
  return email;
}

async function signIn(page: Page, email: string): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/** Elements whose box reaches past the viewport's right edge, visually hidden ones included. */
function elementsWiderThanViewport(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.body.querySelectorAll("*")].flatMap((element) => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= document.documentElement.clientWidth) return [];
      return [`${element.tagName.toLowerCase()}.${element.className.toString().slice(0, 60)} right=${Math.round(box.right)}`];
    }),
  );
}

/** Every link and button of the sidebar lies wholly inside the viewport. */
async function expectWithinViewport(page: Page, container: Locator): Promise<void> {
  const viewport = page.viewportSize();
  if (!viewport) throw new Error("no viewport");
  const items = container.locator("a, button").filter({ hasNotText: /^$/ });
  const names = await items.allTextContents();
  expect(names).toContain("Logout");
  expect(names).toContain("Status");
  for (const [index, name] of names.entries()) {
    const box = await items.nth(index).boundingBox();
    if (!box) throw new Error(`${name} has no box`);
    expect(box.y, `${name} top`).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, `${name} bottom at ${viewport.height}`).toBeLessThanOrEqual(viewport.height);
    expect(box.x + box.width, `${name} right`).toBeLessThanOrEqual(viewport.width);
  }
}

describe("portal layout details (issue 41)", () => {
  it("returns to the page that asked for sign-in, and never to another origin", async () => {
    const page = await browser.page(DESKTOP);
    const email = await signedOutAccount(page);

    await page.goto("/dashboard?section=billing");
    await page.waitForURL("**/signin?next=*");
    await signIn(page, email);
    await page.getByRole("main").getByRole("heading", { level: 1, name: "Billing & Credits" }).waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/dashboard?section=billing");

    for (const attempt of ["//evil.example/x", "https://evil.example/", "/\\evil.example"]) {
      await page.context().clearCookies();
      await page.goto(`/signin?next=${encodeURIComponent(attempt)}`);
      await signIn(page, email);
      await page.waitForURL((url) => url.pathname === "/dashboard");
      expect(page.url(), attempt).toBe(`${inject("baseUrl")}/dashboard`);
    }
  });

  it("keeps every sidebar item and Logout in view at 1280×800, and the billing period on one line", async () => {
    const page = await browser.page(DESKTOP);
    await signUpAndConfirm(page, { prefix: "layout" });
    await page.goto("/dashboard?section=billing");
    await page.getByRole("main").getByRole("heading", { level: 1, name: "Billing & Credits" }).waitFor();
    const sidebar = page.locator("[data-state=expanded]").filter({ has: page.getByRole("navigation", { name: "Dashboard" }) });
    await expectWithinViewport(page, sidebar);

    const period = page.getByRole("group", { name: "Billing period" });
    await period.waitFor();
    const lines = await period.evaluate((fieldset) => {
      const labels = [...fieldset.querySelectorAll("label")];
      const lineHeight = parseFloat(getComputedStyle(labels[0] ?? fieldset).lineHeight);
      return { tops: new Set(labels.map((label) => Math.round(label.getBoundingClientRect().top))).size, tallest: Math.max(...labels.map((label) => label.getBoundingClientRect().height)), lineHeight };
    });
    expect(lines.tops, "one row of periods").toBe(1);
    expect(lines.tallest, "each period on one line").toBeLessThan(2 * lines.lineHeight);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/layout-billing-1280.png` });
  });

  it("keeps every sidebar item and Logout in view in the drawer at 360×740, and nothing wider than the screen", async () => {
    const page = await browser.page(PHONE);
    await signUpAndConfirm(page, { prefix: "layout" });
    // One live request, so the overview draws its chart and the chart's screen-reader table.
    const { secret } = CreatedKeySchema.parse(await postAsUser(page, "/api/keys", { name: "layout" }));
    expect((await fetch(`${inject("baseUrl")}/v1/whoami`, { headers: { Authorization: `Bearer ${secret}` } })).status).toBe(200);
    await page.reload();
    await page.getByRole("main").getByRole("heading", { level: 1, name: /^Welcome, / }).waitFor();
    await page.getByRole("table", { name: "Requests per day by endpoint category" }).waitFor({ state: "attached" });
    expect(await elementsWiderThanViewport(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/layout-overview-360.png`, fullPage: true });

    await page.getByRole("button", { name: "Open dashboard menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Dashboard menu" });
    await drawer.getByRole("link", { name: "Status" }).waitFor();
    await expectWithinViewport(page, drawer.getByRole("navigation", { name: "Dashboard" }).locator(".."));
    await page.screenshot({ path: `${SCREENSHOT_DIR}/layout-drawer-360.png` });
  });

  for (const viewport of [DESKTOP, PHONE]) {
    it(`lines the admin page up with the header and offers one Sign Out at ${viewport.width} px`, async () => {
      const page = await browser.page(viewport);
      await signInAsAdmin(page);
      const signOuts = page.getByRole("button", { name: "Sign Out" });
      if (viewport === PHONE) await page.getByRole("button", { name: "Toggle menu" }).click();
      expect(await signOuts.filter({ visible: true }).count()).toBe(1);
      if (viewport === PHONE) await page.getByRole("button", { name: "Toggle menu" }).click();

      const logo = await page.getByRole("link", { name: "Sluice home" }).boundingBox();
      const heading = await page.getByRole("main").getByRole("heading", { level: 1 }).boundingBox();
      expect(heading?.x).toBe(logo?.x);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/layout-admin-${viewport.width}.png` });
    });
  }
});
