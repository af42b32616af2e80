import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { expect, inject } from "vitest";
import { SCREENSHOT_DIR } from "./browser.js";
import { horizontalOverflow } from "./portal-session.js";

/**
 * What every browser test of a page checks besides its content: no console errors or uncaught
 * exceptions, no request leaving the portal's origin (every asset is self-hosted), and no
 * serious or critical accessibility violations (axe-core).
 */

/**
 * Starts recording a page's problems; call before the first `goto`. `problems` lists console
 * errors, page errors and requests to another origin; `expectClean()` asserts there were none.
 * `allowConsole` lets through console errors a test causes on purpose (a 401 it provokes).
 */
export function watchPage(page: Page, options: { allowConsole?: RegExp } = {}) {
  const origin = new URL(inject("baseUrl")).origin;
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    if (options.allowConsole?.test(message.text())) return;
    problems.push(`console error: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol === "data:" || url.protocol === "blob:") return;
    if (url.origin !== origin) problems.push(`request left the origin: ${request.url()}`);
  });
  return {
    problems,
    expectClean(label = "page") {
      expect(problems, `${label}: console errors or foreign requests`).toEqual([]);
    },
  };
}

/** Runs axe-core on the page as it is now; fails on serious or critical violations, naming each element. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const severe = violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  expect(severe, `${label}: accessibility violations`).toEqual([]);
}

/** Axe runs once the toasts are gone: a toast fading out is half transparent, and its colours are the shared Toaster's. */
export async function expectAccessibleWithoutToasts(page: Page, label: string): Promise<void> {
  await expect.poll(() => page.locator("[data-sonner-toast]").count(), { timeout: 15_000 }).toBe(0);
  await expectAccessible(page, label);
}

/** Screenshots at 1280 and 360 px, with no horizontal scrolling at 360. */
export async function screenshotBothWidths(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await horizontalOverflow(page), `${name}: no horizontal scrolling at 360 px`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}
