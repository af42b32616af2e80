import { mkdirSync } from "node:fs";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";

export const SCREENSHOT_DIR = "test-results/screenshots";

/** Debian's chromium, started the way this closed network needs (no background connections). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
}

/** One browser for the test file; `page()` opens a fresh context at the given viewport. */
export function useBrowser() {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    baseUrl: () => inject("baseUrl"),
    async page(viewport: { width: number; height: number } = { width: 1280, height: 900 }): Promise<Page> {
      if (!browser) throw new Error("the browser has not started");
      const context = await browser.newContext({ viewport, baseURL: inject("baseUrl") });
      return context.newPage();
    },
  };
}
