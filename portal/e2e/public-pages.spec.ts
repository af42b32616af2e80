import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { SCREENSHOT_DIR, useBrowser } from "../../testing/browser.js";
import { expectAccessible, watchPage } from "../../testing/page-checks.js";
import { horizontalOverflow } from "../../testing/portal-session.js";

const browser = useBrowser();
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 800 };
const TODAY = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric" }).format(new Date());

function watchFailedResponses(page: Page): string[] {
  const failures: string[] = [];
  page.on("response", (answer) => {
    const { pathname } = new URL(answer.url());
    if (answer.status() >= 400) failures.push(`${answer.status()} ${answer.request().method()} ${pathname}`);
  });
  return failures;
}

/** A fresh page at a viewport, watched for console errors, failed requests and requests leaving the origin, opened at `path`. */
async function open(path: string, viewport = DESKTOP) {
  const page = await browser.page(viewport);
  const checks = watchPage(page);
  const failures = watchFailedResponses(page);
  const watch = {
    expectClean(label: string) {
      checks.expectClean(label);
      expect(failures, `${label}: failed requests`).toEqual([]);
    },
  };
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  return { page, watch };
}

/** The checks every public page gets at both widths: accessible, no horizontal scrolling, a screenshot, nothing bad logged or fetched. */
async function expectSoundAtBothWidths(path: string, name: string, ready: (page: Page) => Promise<unknown>) {
  for (const [viewport, suffix] of [[DESKTOP, "1280"], [PHONE, "360"]] as const) {
    const { page, watch } = await open(path, viewport);
    await ready(page);
    await expectAccessible(page, `${name} at ${suffix} px`);
    expect(await horizontalOverflow(page), `${name} at ${suffix} px scrolls sideways`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/public-${name}-${suffix}.png`, fullPage: true });
    watch.expectClean(`${name} at ${suffix} px`);
    await page.context().close();
  }
}

const mainHeading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name }).waitFor();

describe("the landing page", () => {
  it("shows the hero, quick start, six features, the analytics sample, the facts and the final call to action", async () => {
    const { page, watch } = await open("/");
    await mainHeading(page, "Smart Data Workflows");
    const main = page.getByRole("main");
    expect(await main.getByRole("link", { name: "Get Started" }).getAttribute("href")).toBe("/api-docs");
    expect(await main.getByRole("link", { name: "Live Demo" }).getAttribute("href")).toBe("/playground");

    expect(await page.getByRole("region", { name: /Everything your data needs/ }).getByRole("listitem").count()).toBe(6);

    const sample = page.getByRole("region", { name: "Try Our Data Analytics API Live" });
    const sampleText = await sample.textContent();
    for (const text of ["POST /v1/data/analyze", '"analysis": "trend"', '"analysis_id": "an_1ChG6zt73JnENNfLcx27RZ"', '"direction": "increasing"', '"r2": 0.9283']) {
      expect(sampleText, text).toContain(text);
    }

    const facts = page.getByRole("region", { name: "Platform facts" });
    expect(await facts.locator("dd").allTextContents()).toEqual(["6", "130 ms", "10GB", "2.5M"]);

    const cta = page.getByRole("region", { name: "Ready to put your data to work?" });
    expect(await cta.getByRole("link", { name: "Start Building" }).getAttribute("href")).toBe("/api-docs");
    expect(await cta.getByRole("link", { name: "View Pricing" }).getAttribute("href")).toBe("/pricing");
    watch.expectClean("landing");
  });

  it("copies the quick-start request and says Copied! for 2 seconds", async () => {
    const { page, watch } = await open("/");
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    const quickStart = page.getByRole("figure").filter({ hasText: "curl" });
    const copy = quickStart.getByRole("button", { name: "Copy" });
    await copy.click();
    await quickStart.getByRole("button", { name: "Copied!" }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`curl ${inject("baseUrl")}/v1/workflows \\\n  -H "Authorization: Bearer sk_test_YOUR_KEY"`);
    await page.waitForTimeout(1_500);
    expect(await quickStart.getByRole("button").textContent()).toBe("Copied!");
    await quickStart.getByRole("button", { name: "Copy", exact: true }).waitFor({ timeout: 1_500 });
    watch.expectClean("landing copy");
  });

  it("follows Get Started from the hero to the documentation", async () => {
    const { page } = await open("/");
    await page.getByRole("main").getByRole("link", { name: "Get Started" }).click();
    await page.waitForURL((url) => url.pathname === "/api-docs");
  });

  it("highlights Home in the navigation and has the footer's three columns with this year", async () => {
    const { page } = await open("/");
    const nav = page.getByRole("navigation", { name: "Main", exact: true });
    for (const name of ["Home", "Documentation", "Pricing", "Status", "Sign In", "Get Started"]) {
      expect(await nav.getByRole("link", { name, exact: true }).count(), name).toBe(1);
    }
    expect(await nav.getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBe("page");
    expect(await nav.getByRole("link", { name: "Pricing" }).getAttribute("aria-current")).toBeNull();
    const footer = page.getByRole("contentinfo");
    for (const column of ["Product", "Platform", "Connect"]) await footer.getByRole("navigation", { name: column }).waitFor();
    for (const path of ["/playground", "/sdks", "/contact", "/terms", "/privacy"]) expect(await footer.locator(`a[href="${path}"]`).count(), path).toBe(1);
    for (const external of await footer.locator('a[target="_blank"]').all()) expect(await external.getAttribute("rel")).toContain("noreferrer");
    expect(await footer.locator('a[target="_blank"]').count()).toBe(2);
    expect(await footer.textContent()).toContain(`© ${new Date().getFullYear()} Sluice`);
  });

  it("passes the accessibility check at 1280 and 360 px", async () => {
    await expectSoundAtBothWidths("/", "landing", (page) => mainHeading(page, "Smart Data Workflows"));
  });
});

describe("the navigation on a 360 px screen", () => {
  it("opens and closes the menu from the keyboard and marks the current page", async () => {
    const { page, watch } = await open("/", PHONE);
    await mainHeading(page, "Smart Data Workflows");
    const toggle = page.getByRole("button", { name: "Toggle menu" });
    const menu = page.getByRole("navigation", { name: "Main menu" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await menu.isVisible()).toBe(false);

    await toggle.focus();
    await page.keyboard.press("Enter");
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    await menu.waitFor();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/public-menu-open-360.png` });
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Home");
    expect(await menu.getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBe("page");

    await page.keyboard.press("Escape");
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Toggle menu");

    await page.keyboard.press("Enter");
    for (let i = 0; i < 3; i += 1) await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Pricing");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/pricing");
    await mainHeading(page, "Simple, usage-based pricing");
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await toggle.click();
    expect(await menu.getByRole("link", { name: "Pricing" }).getAttribute("aria-current")).toBe("page");
    expect(await menu.getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBeNull();
    watch.expectClean("mobile menu");
  });
});

describe("the pricing page", () => {
  const professional = (page: Page) => page.getByRole("article", { name: "Professional" });
  const priceOf = async (page: Page) => (await professional(page).locator("p.text-4xl").textContent())?.trim();

  it("changes the prices with the period tabs (by keyboard) and the volume selector, and sends visitors to sign up", async () => {
    const { page, watch } = await open("/pricing");
    await mainHeading(page, "Simple, usage-based pricing");
    const nav = page.getByRole("navigation", { name: "Main", exact: true });
    expect(await nav.getByRole("link", { name: "Pricing" }).getAttribute("aria-current")).toBe("page");
    for (const plan of ["Starter", "Professional", "Enterprise"]) await page.getByRole("article", { name: plan }).waitFor();

    const periods = page.getByRole("group", { name: "Billing period" });
    expect(await periods.getByRole("radio", { name: "Monthly" }).isChecked()).toBe(true);
    expect(await priceOf(page)).toBe("$190");

    await periods.getByRole("radio", { name: "Monthly" }).focus();
    await page.keyboard.press("ArrowRight");
    expect(await periods.getByRole("radio", { name: /Yearly/ }).isChecked()).toBe(true);
    expect(await priceOf(page)).toBe("$152");
    expect(await professional(page).textContent()).toContain("$1,824 billed yearly");
    expect(await page.getByRole("article", { name: "Starter" }).locator("p.text-4xl").textContent()).toBe("$23");

    await page.keyboard.press("ArrowRight");
    expect(await periods.getByRole("radio", { name: /Every 3 years/ }).isChecked()).toBe(true);
    expect(await priceOf(page)).toBe("$114");

    await professional(page).getByLabel("Monthly request volume").selectOption({ label: "250K requests · $390/month" });
    expect(await priceOf(page)).toBe("$234");
    expect(await professional(page).textContent()).toContain("250,000 requests / month");

    await page.getByRole("button", { name: "Can I get a refund?" }).or(page.getByText("Can I get a refund?")).first().click();
    await page.getByText("30-day money-back guarantee").waitFor();

    const cta = professional(page).getByRole("link", { name: /Get Started/ });
    expect(await cta.getAttribute("href")).toBe("/signup");
    await cta.click();
    await page.waitForURL((url) => url.pathname === "/signup");
    watch.expectClean("pricing");
  });

  it("sends a signed-in user to checkout with the chosen plan, volume and period", async () => {
    const page = await browser.page();
    const admin = inject("admin");
    await page.goto("/signin");
    await page.getByLabel("Email").fill(admin.email);
    await page.getByLabel("Password", { exact: true }).fill(admin.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/admin-dashboard");
    await page.getByRole("navigation", { name: "Main", exact: true }).getByRole("link", { name: "Pricing" }).click();
    await mainHeading(page, "Simple, usage-based pricing");
    await page.getByRole("group", { name: "Billing period" }).getByText("Yearly").click();
    await professional(page).getByLabel("Monthly request volume").selectOption({ label: "500K requests · $690/month" });
    expect(await professional(page).getByRole("link", { name: /Get Started/ }).getAttribute("href")).toBe(
      "/checkout?plan=professional&tier=500000&period=yearly&amount=690",
    );
    expect(await page.getByRole("article", { name: "Starter" }).getByRole("link", { name: /Get Started/ }).getAttribute("href")).toBe(
      "/checkout?plan=starter&tier=5000&period=yearly&amount=29",
    );
  });

  it("passes the accessibility check at 1280 and 360 px", async () => {
    await expectSoundAtBothWidths("/pricing", "pricing", (page) => mainHeading(page, "Simple, usage-based pricing"));
  });
});

describe("the legal pages", () => {
  it.each([
    ["/terms", "Terms of Service", "at least 30 days' notice of any material change"],
    ["/privacy", "Privacy Policy", "Children under 13 may not create an account"],
  ])("%s has 13 numbered sections, today's date and its promise", async (path, title, promise) => {
    const { page, watch } = await open(path);
    await mainHeading(page, title);
    expect(await page.getByText(`Last updated: ${TODAY}`).count()).toBe(1);
    const headings = await page.locator("main section h2").allTextContents();
    expect(headings).toHaveLength(13);
    headings.forEach((heading, index) => expect(heading).toMatch(new RegExp(`^${index + 1}\\. `)));
    expect(await page.getByRole("main").textContent()).toContain(promise);

    const contents = page.getByRole("navigation", { name: "Contents" });
    expect(await contents.getByRole("link").count()).toBe(13);
    await contents.getByRole("link").last().click();
    await page.waitForURL((url) => url.hash !== "");
    expect(await page.locator("main section").last().getAttribute("id")).toBe(new URL(page.url()).hash.slice(1));
    watch.expectClean(path);
  });

  it("pass the accessibility check at 1280 and 360 px", async () => {
    await expectSoundAtBothWidths("/terms", "terms", (page) => mainHeading(page, "Terms of Service"));
    await expectSoundAtBothWidths("/privacy", "privacy", (page) => mainHeading(page, "Privacy Policy"));
  });
});

describe("the contact page", () => {
  it("offers e-mail support, social and issue links in a new tab, and an FAQ linking to the docs and playground", async () => {
    const { page, watch } = await open("/contact");
    await mainHeading(page, "Contact us");
    expect(await page.getByRole("main").textContent()).toContain("within 24 hours");
    expect(await page.getByRole("link", { name: "Email Support" }).getAttribute("href")).toBe("mailto:support@sluice.dev");
    for (const name of [/Follow on X/, /Open an Issue/]) {
      const link = page.getByRole("link", { name });
      expect(await link.getAttribute("target")).toBe("_blank");
      expect(await link.getAttribute("rel")).toContain("noreferrer");
      expect(await link.getAttribute("href")).toMatch(/^https:\/\//);
    }

    await page.getByText("Can I try requests before writing code?").click();
    expect(await page.getByRole("link", { name: "API playground" }).getAttribute("href")).toBe("/playground");
    await page.getByText("Where do I start with the API?").click();
    await page.getByRole("link", { name: "API documentation" }).click();
    await page.waitForURL((url) => url.pathname === "/api-docs");
    watch.expectClean("contact");
  });

  it("passes the accessibility check at 1280 and 360 px", async () => {
    await expectSoundAtBothWidths("/contact", "contact", (page) => mainHeading(page, "Contact us"));
  });
});

describe("an unknown path", () => {
  it("shows the 404 page with a way home", async () => {
    const { page, watch } = await open("/this/page/does-not-exist");
    await page.getByText("Oops! Page not found").waitFor();
    expect(await page.title()).toContain("Page not found");
    await page.getByRole("link", { name: "Return to Home" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await mainHeading(page, "Smart Data Workflows");
    watch.expectClean("404");
  });

  it("passes the accessibility check at 1280 and 360 px", async () => {
    await expectSoundAtBothWidths("/nope", "not-found", (page) => page.getByText("Oops! Page not found").waitFor());
  });
});
