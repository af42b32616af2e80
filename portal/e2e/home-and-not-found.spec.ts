import { describe, expect, it } from "vitest";
import { SCREENSHOT_DIR, useBrowser } from "../../testing/browser.js";

const browser = useBrowser();

describe("a visitor on the public site", () => {
  it("sees the landing page with navigation and footer", async () => {
    const page = await browser.page();
    const problems: string[] = [];
    page.on("console", (message) => {
      // Failed loads are checked by URL below; everything else logged as an error is a problem.
      if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("response", (answer) => {
      const path = new URL(answer.url()).pathname;
      // Until a visitor signs in, "who am I" answers 401: the portal reads that as signed out.
      const signedOutProbe = path === "/auth/user" && answer.status() === 401;
      if (answer.status() >= 400 && !signedOutProbe) problems.push(`${answer.status()} ${path}`);
    });

    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await page.getByRole("heading", { level: 1, name: "Smart Data Workflows" }).waitFor();
    const nav = page.getByRole("navigation").first();
    for (const name of ["Home", "Documentation", "Pricing", "Status", "Sign In", "Get Started"]) {
      expect(await nav.getByRole("link", { name, exact: true }).count(), name).toBeGreaterThan(0);
    }
    expect(await nav.getByRole("link", { name: "Home", exact: true }).first().getAttribute("aria-current")).toBe("page");
    const footer = page.getByRole("contentinfo");
    expect(await footer.textContent()).toContain(`© ${new Date().getFullYear()} Sluice`);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/home-desktop.png`, fullPage: true });
    expect(problems).toEqual([]);
  });

  it("follows Get Started from the hero to the documentation", async () => {
    const page = await browser.page();
    await page.goto("/");
    await page.getByRole("main").getByRole("link", { name: "Get Started" }).first().click();
    await page.waitForURL("**/api-docs");
    expect(new URL(page.url()).pathname).toBe("/api-docs");
  });

  it("sees the 404 page for an unknown path and can go home", async () => {
    const page = await browser.page();
    const response = await page.goto("/this/page/does-not-exist");
    expect(response?.status()).toBe(200);
    await page.getByText("Oops! Page not found").waitFor();
    expect(await page.title()).toContain("Page not found");
    await page.screenshot({ path: `${SCREENSHOT_DIR}/not-found-desktop.png` });
    await page.getByRole("link", { name: "Return to Home" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("heading", { level: 1, name: "Smart Data Workflows" }).waitFor();
  });

  it("uses a menu toggle on a 360 px screen without horizontal scrolling", async () => {
    const page = await browser.page({ width: 360, height: 800 });
    await page.goto("/");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const toggle = page.getByRole("button", { name: "Toggle menu" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await toggle.click();
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    await page.screenshot({ path: `${SCREENSHOT_DIR}/home-mobile-menu.png` });
    await page.keyboard.press("Escape");
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await page.goto("/nope");
    await page.getByText("Oops! Page not found").waitFor();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/not-found-mobile.png` });
  });

  it("opens the API reference with its assets served locally", async () => {
    const page = await browser.page();
    const external: string[] = [];
    const violations: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (!["127.0.0.1", "localhost"].includes(url.hostname) && url.protocol.startsWith("http")) external.push(request.url());
    });
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto("/reference");
    await page.getByText("Sluice API", { exact: false }).first().waitFor({ timeout: 30_000 });
    await page.getByText("/readyz").first().waitFor();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/reference.png` });
    expect(external).toEqual([]);
    expect(violations).toEqual([]);
  });
});
