import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { SCREENSHOT_DIR, useBrowser } from "../../testing/browser.js";
import { expectAccessible, watchPage } from "../../testing/page-checks.js";
import { horizontalOverflow, signUpAndConfirm } from "../../testing/portal-session.js";

const browser = useBrowser();
const WEEK_SECONDS = 7 * 24 * 60 * 60;

/** Every sidebar section, in order, with its page heading (the overview greets instead). */
const SECTIONS = [
  ["Overview", null],
  ["Getting Started", "Getting Started"],
  ["Authentication", "Authentication"],
  ["Data Processing", "Data Processing"],
  ["Analytics API", "Analytics API"],
  ["Webhooks", "Webhooks"],
  ["Rate Limits", "Rate Limits"],
  ["Error Codes", "Error Codes"],
  ["Workflows", "Workflows"],
  ["Webhook Endpoints", "Webhook Endpoints"],
  ["Streams", "Streams"],
  ["Usage", "Usage"],
  ["API Keys", "API Keys"],
  ["Billing & Credits", "Billing & Credits"],
  ["Status", "Status"],
] as const;

function sidebar(page: Page) {
  return page.locator("[data-state]").filter({ has: page.getByRole("navigation", { name: "Dashboard" }) });
}

function sidebarState(page: Page): Promise<string | null> {
  return sidebar(page).getAttribute("data-state");
}

/** 16rem expanded, 4rem collapsed (after the width's transition). */
function sidebarBox(page: Page) {
  return sidebar(page).boundingBox();
}

async function sidebarCookie(page: Page) {
  return (await page.context().cookies()).find((cookie) => cookie.name === "sidebar_state");
}

async function createLiveKey(page: Page, name: string): Promise<string> {
  await page.getByRole("button", { name: "Create API Key" }).filter({ visible: true }).first().click();
  const dialog = page.getByRole("dialog", { name: "Create API Key" });
  await dialog.getByLabel("Name", { exact: true }).fill(name);
  await dialog.getByRole("button", { name: "Create Key" }).click();
  const secretDialog = page.getByRole("dialog", { name: "Your new API key" });
  const secret = (await secretDialog.getByTestId("api-key-secret").textContent())?.trim() ?? "";
  await secretDialog.getByRole("button", { name: "Done" }).click();
  await secretDialog.waitFor({ state: "detached" });
  return secret;
}

/** A new account's dashboard, signed in and reloaded, its overview greeting `fullName`; with the page's console and request checks. */
async function openNewDashboard(page: Page, fullName: string) {
  const email = await signUpAndConfirm(page, { fullName });
  const checks = watchPage(page);
  await page.reload();
  const main = page.getByRole("main");
  await main.getByRole("heading", { level: 1, name: `Welcome, ${fullName}` }).waitFor();
  return { email, checks, main, nav: page.getByRole("navigation", { name: "Dashboard" }) };
}

/** Opens a section from the sidebar and waits for its heading. */
async function openSection(page: Page, name: string): Promise<void> {
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name, exact: true }).click();
  await page.getByRole("main").getByRole("heading", { level: 1, name }).waitFor();
}

function usageCard(page: Page) {
  return page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Usage This Month" }) });
}

describe("the dashboard", () => {
  it("greets a new account with its empty overview, the Free plan's limits and the documentation tabs", async () => {
    const page = await browser.page();
    const { email, checks, main } = await openNewDashboard(page, "Ada Lovelace");

    // Header: the initials, the name and the e-mail.
    await main.getByText(email, { exact: true }).waitFor();
    expect(await main.getByText("AL", { exact: true }).count()).toBe(1);
    expect(await page.title()).toBe("Dashboard · Sluice");

    // Overview of a new free account: nothing used, the Free plan's real limits, an empty chart.
    const usage = usageCard(page);
    await usage.getByText("0 / 1,000 requests").waitFor();
    expect(await usage.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("0");
    const limits = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Rate Limits" }) });
    await limits.getByText("Free", { exact: true }).waitFor();
    expect(await limits.locator("dd").allTextContents()).toEqual(["1,000", "60", "2", "15 minutes"]);
    await limits.screenshot({ path: `${SCREENSHOT_DIR}/dashboard-plan-limits-1280.png` });
    await page.getByText("No requests in the last 30 days").waitFor();

    // The documentation tabs: a click and the arrow keys.
    const tabs = page.getByRole("tablist", { name: "API documentation" });
    await tabs.getByRole("tab", { name: "Endpoints" }).click();
    await page.getByRole("tabpanel", { name: "Endpoints" }).getByText("/v1/workflows/{id}/execute").waitFor();
    await page.keyboard.press("ArrowRight");
    expect(await tabs.getByRole("tab", { name: "Examples" }).getAttribute("aria-selected")).toBe("true");
    await page.getByRole("tabpanel", { name: "Examples" }).getByText(/curl .*\/v1\/whoami/).waitFor();
    await page.keyboard.press("End");
    await page.getByRole("tabpanel", { name: "Error Codes" }).getByText("QUOTA_EXCEEDED").waitFor();
    await expectAccessible(page, "overview");
    await page.screenshot({ path: `${SCREENSHOT_DIR}/dashboard-overview-empty-1280.png`, fullPage: true });
    checks.expectClean("dashboard overview");
  });

  it("opens every section of the sidebar with its heading focused and the tab named", async () => {
    const page = await browser.page();
    const { checks, main, nav } = await openNewDashboard(page, "Ada Lovelace");
    for (const [label, heading] of SECTIONS) {
      await nav.getByRole("link", { name: label, exact: true }).click();
      const title = main.getByRole("heading", { level: 1, name: heading ?? "Welcome, Ada Lovelace" });
      await title.waitFor();
      expect(await nav.getByRole("link", { name: label, exact: true }).getAttribute("aria-current"), label).toBe("page");
      expect(await page.title(), label).toBe(heading ? `${heading} · Dashboard · Sluice` : "Dashboard · Sluice");
      if (heading) expect(await title.evaluate((element) => element === document.activeElement), `${label} heading focused`).toBe(true);
      // The documentation sections are /api-docs's own.
      if (heading === "Webhooks") await main.getByRole("heading", { level: 2, name: "Webhooks" }).waitFor();
      await expectAccessible(page, label);
    }
    checks.expectClean("dashboard sections");
    // Every section with an accessibility scan: over a minute when the machine is busy.
  }, 180_000);

  it("collapses the sidebar with Ctrl+B, remembered for 7 days across a reload, and expands it again", async () => {
    const page = await browser.page();
    const { checks, main, nav } = await openNewDashboard(page, "Ada Lovelace");
    await openSection(page, "Status");

    expect(await sidebarState(page)).toBe("expanded");
    await page.keyboard.press("Control+b");
    await expect.poll(() => sidebarState(page)).toBe("collapsed");
    const cookie = await sidebarCookie(page);
    expect(cookie?.value).toBe("collapsed");
    expect(Math.abs((cookie?.expires ?? 0) - (Date.now() / 1000 + WEEK_SECONDS))).toBeLessThan(120);
    await expect.poll(async () => (await sidebarBox(page))?.width).toBe(64);
    await page.reload();
    await main.getByRole("heading", { level: 1, name: "Status" }).waitFor();
    expect(await sidebarState(page)).toBe("collapsed");
    await nav.getByRole("link", { name: "API Keys", exact: true }).waitFor();
    await expectAccessible(page, "collapsed sidebar");
    await page.screenshot({ path: `${SCREENSHOT_DIR}/dashboard-collapsed-1280.png` });
    await page.getByRole("button", { name: "Expand sidebar" }).click();
    await expect.poll(() => sidebarState(page)).toBe("expanded");
    expect((await sidebarCookie(page))?.value).toBe("expanded");
    await expect.poll(async () => (await sidebarBox(page))?.width).toBe(256);
    checks.expectClean("dashboard sidebar");
  });

  it("shows a live key's requests on the overview after a reload", async () => {
    const page = await browser.page();
    const { checks, nav } = await openNewDashboard(page, "Ada Lovelace");
    await openSection(page, "API Keys");
    const secret = await createLiveKey(page, "Overview key");
    expect(secret).toMatch(/^sk_live_/);
    for (let call = 0; call < 3; call++) {
      const answer = await fetch(`${inject("baseUrl")}/v1/whoami`, { headers: { Authorization: `Bearer ${secret}` } });
      expect(answer.status, `call ${call + 1}`).toBe(200);
    }
    await nav.getByRole("link", { name: "Overview", exact: true }).click();
    await page.reload();
    await usageCard(page).getByText("3 / 1,000 requests").waitFor();
    const chart = page.getByRole("img", { name: /^Requests per day by endpoint category\./ });
    expect(await chart.getAttribute("aria-label")).toContain("3 requests in the last 30 days");
    expect(await chart.locator("rect").count()).toBe(1);
    await page.getByRole("table", { name: "Requests per day by endpoint category" }).getByRole("row").last().getByText("3").first().waitFor({ state: "attached" });
    await page.getByText("General: 3").waitFor();
    await expectAccessible(page, "overview with usage");
    await page.screenshot({ path: `${SCREENSHOT_DIR}/dashboard-overview-1280.png`, fullPage: true });
    checks.expectClean("dashboard overview with usage");
  });

  it("at 360 px puts the sidebar in a drawer that opens and closes from the keyboard", async () => {
    const page = await browser.page({ width: 360, height: 800 });
    const { checks, main } = await openNewDashboard(page, "Grace Hopper");
    await usageCard(page).getByText("0 / 1,000 requests").waitFor();
    expect(await page.getByRole("navigation", { name: "Dashboard" }).count(), "no sidebar until the menu opens").toBe(0);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, "overview at 360 px");
    await page.screenshot({ path: `${SCREENSHOT_DIR}/dashboard-overview-360.png`, fullPage: true });

    // Enter opens the drawer (18rem), Escape closes it and gives focus back to the menu button.
    const menu = page.getByRole("button", { name: "Open dashboard menu" });
    await menu.focus();
    await page.keyboard.press("Enter");
    const drawer = page.getByRole("dialog", { name: "Dashboard menu" });
    await drawer.waitFor();
    expect(await menu.getAttribute("aria-expanded")).toBe("true");
    expect((await drawer.boundingBox())?.width).toBe(288);
    expect(await drawer.evaluate((element) => element.contains(document.activeElement)), "focus inside the drawer").toBe(true);
    await drawer.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Overview" }).waitFor();
    expect(await drawer.getByRole("link", { name: "Overview" }).getAttribute("aria-current")).toBe("page");
    await expectAccessible(page, "drawer");
    await page.screenshot({ path: `${SCREENSHOT_DIR}/dashboard-drawer-360.png` });
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "hidden" });
    expect(await menu.evaluate((element) => element === document.activeElement), "focus back on the menu button").toBe(true);
    expect(await menu.getAttribute("aria-expanded")).toBe("false");

    // Ctrl+B opens it too; a section chosen from the keyboard closes it and takes focus.
    await page.keyboard.press("Control+b");
    await drawer.waitFor();
    await drawer.getByRole("link", { name: "Billing & Credits" }).focus();
    await page.keyboard.press("Enter");
    await drawer.waitFor({ state: "hidden" });
    const billing = main.getByRole("heading", { level: 1, name: "Billing & Credits" });
    await billing.waitFor();
    await expect.poll(() => billing.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    // Logout from the drawer signs out and goes home.
    await menu.click();
    await drawer.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect.poll(async () => (await page.context().request.get("/auth/user")).status(), { message: "signed out" }).toBe(401);
    checks.expectClean("dashboard at 360 px");
  });
});
