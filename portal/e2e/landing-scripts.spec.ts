import type { Page } from "playwright-core";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { PASSWORD_TOO_SHORT_MESSAGE } from "../../core/contracts/auth-requests.js";
import { LANDING_JS_LIMIT_BYTES, measureLandingBundle } from "../../scripts/check-bundle-size.js";
import { useBrowser } from "../../testing/browser.js";
import { watchPage } from "../../testing/page-checks.js";

const browser = useBrowser();

/** Every script a page loads until it is idle, by file name, with its text. */
async function scriptsLoadedBy(page: Page, path: string, ready: (page: Page) => Promise<unknown>): Promise<Map<string, string>> {
  const scripts = new Map<string, Promise<string>>();
  page.on("response", (answer) => {
    if (answer.request().resourceType() === "script") scripts.set(new URL(answer.url()).pathname, answer.text());
  });
  await page.goto(path);
  await ready(page);
  await page.waitForLoadState("networkidle");
  return new Map(await Promise.all([...scripts].map(async ([name, text]) => [name, await text] as const)));
}

/** A text only the auth forms' request schemas hold (core/contracts/auth-requests.ts). */
const FORM_ONLY_TEXT = PASSWORD_TOO_SHORT_MESSAGE;

describe("the landing page's scripts", () => {
  it("leave out what only forms need, which the sign-up page does load", async () => {
    const landingPage = await browser.page();
    const watch = watchPage(landingPage);
    const landing = await scriptsLoadedBy(landingPage, "/", (page) => page.getByRole("heading", { level: 1, name: /Smart Data Workflows/ }).waitFor());
    watch.expectClean("landing");
    const names = [...landing.keys()];
    expect(names.length, "scripts of the landing page").toBeGreaterThan(5);
    // zod parses the server's answers on every page (a boundary), in its own long-cached chunk.
    expect(names.some((name) => /^\/assets\/zod-[\w-]+\.js$/.test(name)), names.join(", ")).toBe(true);
    const withForms = names.filter((name) => landing.get(name)?.includes(FORM_ONLY_TEXT) || /auth-(requests|forms)/.test(name));
    expect(withForms, "landing scripts holding form-only code").toEqual([]);

    // The budget (DESIGN.md section 13) on what the browser really loaded, gzipped as check:bundle counts it.
    const gzipped = [...landing.values()].reduce((sum, text) => sum + gzipSync(Buffer.from(text)).length, 0);
    expect(gzipped, "landing JavaScript, gzipped bytes").toBeLessThanOrEqual(LANDING_JS_LIMIT_BYTES);
    // check:bundle measures the build statically: it must count every script the browser loaded, or its figure means little.
    const measured = new Set(measureLandingBundle("portal/dist").chunks.map((chunk) => chunk.file));
    expect(names.filter((name) => !measured.has(name)), "landing scripts check:bundle does not count").toEqual([]);

    const signUp = await scriptsLoadedBy(await browser.page(), "/signup", (page) => page.getByRole("button", { name: /sign up|create account/i }).first().waitFor());
    expect(
      [...signUp].some(([, text]) => text.includes(FORM_ONLY_TEXT)),
      "the sign-up page loads the form schemas, so the check above looks for what is really there",
    ).toBe(true);
  });
});
