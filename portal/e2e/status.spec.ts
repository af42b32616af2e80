import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { z } from "zod";
import { createDb, type Database } from "../../core/db/client.js";
import { newId } from "../../core/ids.js";
import { SCREENSHOT_DIR, useBrowser } from "../../testing/browser.js";
import { expectAccessible, watchPage } from "../../testing/page-checks.js";

const browser = useBrowser();
const MailboxSchema = z.object({ messages: z.array(z.object({ subject: z.string(), text: z.string() })) });
const COMPONENTS = ["gateway", "database", "queue_workers", "webhook_delivery", "analytics_engine"];
const DAY = 86_400_000;
let db: Database;

/** The analytics engine's samples start this many days ago, as for a component added later. */
const ANALYTICS_DAYS = 59;

/**
 * The e2e gateway runs without an engine, so the probe's samples are written here: 90 days of
 * one sample a day per component (webhook delivery down on one day; the analytics engine only for
 * the last 60 days, so its first 30 days have no data), and fresh samples from a minute ago in
 * which webhook delivery is degraded.
 */
async function seedStatus(): Promise<void> {
  const now = Date.now();
  await db.deleteFrom("status_samples").execute();
  await db.deleteFrom("incidents").execute();
  const daily = COMPONENTS.flatMap((component) =>
    Array.from({ length: component === "analytics_engine" ? ANALYTICS_DAYS : 89 }, (_, index) => ({
      component,
      status: component === "webhook_delivery" && index === 10 ? "down" : "operational",
      latency_ms: component === "webhook_delivery" && index === 10 ? null : 20,
      checked_at: new Date(now - (index + 1) * DAY),
    })),
  );
  const fresh = COMPONENTS.map((component, index) => ({
    component,
    status: component === "webhook_delivery" ? "degraded" : "operational",
    latency_ms: 12 + index * 10,
    checked_at: new Date(now - 60_000),
  }));
  await db.insertInto("status_samples").values([...daily, ...fresh]).execute();
  await db
    .insertInto("incidents")
    .values([
      {
        id: newId("inc"),
        title: "Delayed webhook deliveries",
        description: "Deliveries to some endpoints were retried late. All queued deliveries have been sent.",
        status: "resolved",
        impact: "minor",
        started_at: new Date(now - 11 * DAY),
        resolved_at: new Date(now - 11 * DAY + 3_600_000),
      },
      { id: newId("inc"), title: "Scheduled database maintenance", status: "completed", impact: "none", started_at: new Date(now - 2 * DAY), resolved_at: new Date(now - 2 * DAY + 1_800_000) },
    ])
    .execute();
}

async function linkFromMailbox(to: string, parameter: string): Promise<string> {
  const response = await fetch(`${inject("baseUrl")}/dev/mailbox.json?to=${encodeURIComponent(to)}`);
  const { messages } = MailboxSchema.parse(await response.json());
  for (const message of messages) {
    const link = [...message.text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]).find((url) => new URL(url).searchParams.has(parameter));
    if (link) return link;
  }
  throw new Error(`no link with ?${parameter}= for ${to}`);
}

async function toast(page: Page, text: string | RegExp) {
  await page.locator("[data-sonner-toast]").filter({ hasText: text }).first().waitFor({ timeout: 10_000 });
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * watchPage, with failed loads checked by URL instead of by their console line: the only failing
 * answers allowed are those a test provokes.
 */
function watchStatusPage(page: Page, provoked: Record<string, number> = {}) {
  const allowed: Record<string, number> = { ...provoked };
  const watch = watchPage(page, { allowConsole: /^Failed to load resource: the server responded with a status of \d+/ });
  page.on("response", (answer) => {
    const path = new URL(answer.url()).pathname;
    if (answer.status() >= 400 && allowed[path] !== answer.status()) watch.problems.push(`${answer.status()} ${path}`);
  });
  return watch;
}

/** Toasts are dismissed before axe runs, so the check is of the page itself. */
async function expectAccessibleWithoutToasts(page: Page, label: string) {
  await page.locator("[data-sonner-toast]").first().waitFor({ state: "detached", timeout: 10_000 });
  await expectAccessible(page, label);
}

function subscriber(email: string) {
  return db.selectFrom("status_subscribers").select(["confirmed_at", "unsubscribed_at"]).where("email", "=", email).executeTakeFirst();
}

beforeAll(async () => {
  db = createDb({ url: inject("databaseUrl"), poolSize: 1 });
  await seedStatus();
});

afterAll(async () => {
  await db?.destroy();
});

describe("the public status page", () => {
  it("shows overall status, every component with uptime, response time and history, and the incidents", async () => {
    const page = await browser.page({ width: 1280, height: 800 });
    const watch = watchStatusPage(page);
    await page.goto("/status");
    await page.getByRole("heading", { level: 1, name: "Service status" }).waitFor();
    await page.getByRole("heading", { name: "Some Systems Degraded" }).waitFor();
    expect(await page.title()).toContain("Service status");

    const components = page.getByRole("list", { name: "Components" }).getByRole("listitem");
    expect(await components.count()).toBe(5);
    const names = await page.getByRole("region", { name: "Components" }).getByRole("heading", { level: 3 }).allTextContents();
    expect(names).toEqual(["API Gateway", "Database", "Queue Workers", "Webhook Delivery", "Analytics Engine"]);

    const gateway = components.filter({ hasText: "API Gateway" });
    expect(await gateway.getByText("Operational", { exact: true }).count()).toBe(1);
    expect(await gateway.getByText("100.00%").count()).toBe(1);
    expect(await gateway.getByText("12 ms").count()).toBe(1);
    const webhooks = components.filter({ hasText: "Webhook Delivery" });
    expect(await webhooks.getByText("Degraded", { exact: true }).count()).toBe(1);
    // 89 of 90 samples up.
    expect(await webhooks.getByText("98.88%").count()).toBe(1);
    expect(await webhooks.getByRole("img").getAttribute("aria-label")).toBe(
      "Webhook Delivery, last 90 days: 88 days fully operational, 2 with problems, 0 without data",
    );
    expect(await webhooks.getByRole("img").locator("span").count()).toBe(90);

    // One legend names every colour of the bars; a day without samples is a grey bar named "No data".
    const legend = page.getByRole("list", { name: "History colours" });
    expect(await legend.getByRole("listitem").allTextContents()).toEqual(["Operational", "Degraded", "Down", "No data"]);
    expect(await legend.getByText("No data", { exact: true }).isVisible()).toBe(true);
    const analytics = components.filter({ hasText: "Analytics Engine" });
    expect(await analytics.getByRole("img").getAttribute("aria-label")).toBe(
      "Analytics Engine, last 90 days: 60 days fully operational, 0 with problems, 30 without data",
    );
    const analyticsBars = analytics.getByRole("img").locator("span");
    const dayTitles = await analyticsBars.evaluateAll((bars) => bars.map((bar) => bar.getAttribute("title") ?? ""));
    expect(dayTitles.filter((title) => title.endsWith(": No data"))).toHaveLength(90 - ANALYTICS_DAYS - 1);
    expect(dayTitles.at(-1)).toMatch(/: Operational, 100\.00% uptime$/);
    const fill = (locator: typeof analyticsBars) => locator.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(await fill(analyticsBars.first())).toBe(await fill(legend.getByRole("listitem").filter({ hasText: "No data" }).locator("span")));

    const incidents = page.getByRole("region", { name: "Recent incidents" });
    const titles = await incidents.getByRole("heading", { level: 3 }).allTextContents();
    expect(titles).toEqual(["Scheduled database maintenance", "Delayed webhook deliveries"]);
    expect(await incidents.getByText("Completed", { exact: true }).count()).toBe(1);
    expect(await incidents.getByText("Resolved", { exact: true }).count()).toBe(1);

    await page.screenshot({ path: `${SCREENSHOT_DIR}/status-desktop.png`, fullPage: true });
    await expectAccessible(page, "status page");
    watch.expectClean("status page");
  });

  it("subscribes for real, confirms from the e-mailed link and unsubscribes from the other", async () => {
    const page = await browser.page();
    const watch = watchStatusPage(page);
    const email = `status-reader-${Date.now()}@example.test`;
    await page.goto("/status");
    const box = page.getByRole("region", { name: "Subscribe to updates" });
    const input = box.getByLabel("Email address");

    await input.fill("not-an-address");
    await box.getByRole("button", { name: "Subscribe" }).click();
    await box.getByText("Please enter a valid email address").waitFor();

    await input.fill(email);
    await box.getByRole("button", { name: "Subscribe" }).click();
    await box.getByRole("button", { name: "Subscribed ✓" }).waitFor();
    expect(await box.getByRole("button", { name: "Subscribed ✓" }).isDisabled()).toBe(true);
    expect(await input.isDisabled()).toBe(true);
    await toast(page, "You'll receive status updates by email.");
    await page.screenshot({ path: `${SCREENSHOT_DIR}/status-subscribed.png` });
    expect(await subscriber(email)).toEqual({ confirmed_at: null, unsubscribed_at: null });

    const confirmLink = await linkFromMailbox(email, "confirm_subscription");
    await page.goto(confirmLink);
    await toast(page, "Your subscription is confirmed.");
    await page.waitForURL((url) => url.pathname === "/status" && url.search === "");
    expect((await subscriber(email))?.confirmed_at).toBeInstanceOf(Date);

    await page.goto(await linkFromMailbox(email, "unsubscribe"));
    await toast(page, "You have been unsubscribed from status updates.");
    await page.waitForURL((url) => url.pathname === "/status" && url.search === "");
    expect((await subscriber(email))?.unsubscribed_at).toBeInstanceOf(Date);
    watch.expectClean("subscription");
  });

  it("shows an error for a confirmation link that does not work and clears it from the address", async () => {
    const page = await browser.page();
    const watch = watchStatusPage(page, { "/api/status/subscription/confirm": 400 });
    await page.goto(`/status?confirm_subscription=${"x".repeat(43)}`);
    await toast(page, "This link is invalid or has expired. Request a new one.");
    await page.waitForURL((url) => url.search === "");
    watch.expectClean("invalid link");
  });

  it("shows the success toast for a success flag and removes only the flags from the address", async () => {
    const page = await browser.page();
    const watch = watchStatusPage(page);
    await page.goto("/status?payment_success=true&success=true&ref=mail");
    await toast(page, "Success!");
    await page.waitForURL((url) => url.search === "?ref=mail");
    watch.expectClean("success flag");
  });

  it("fits a 360 px screen and subscribes with the keyboard alone", async () => {
    const page = await browser.page({ width: 360, height: 740 });
    const watch = watchStatusPage(page);
    await page.goto("/status");
    await page.getByRole("heading", { name: "Some Systems Degraded" }).waitFor();
    await expectNoHorizontalScroll(page);
    const legend = page.getByRole("list", { name: "History colours" });
    const legendBox = await legend.boundingBox();
    expect(legendBox && legendBox.x >= 0 && legendBox.x + legendBox.width <= 360).toBe(true);
    await page.getByRole("heading", { name: "Components" }).evaluate((heading) => heading.scrollIntoView({ block: "center" }));
    await page.screenshot({ path: `${SCREENSHOT_DIR}/status-legend-360.png` });
    await page.screenshot({ path: `${SCREENSHOT_DIR}/status-mobile.png`, fullPage: true });

    const input = page.getByLabel("Email address");
    await input.focus();
    await page.keyboard.type(`keyboard-${Date.now()}@example.test`);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Subscribe");
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Subscribed ✓" }).waitFor();
    await expectNoHorizontalScroll(page);
    await expectAccessibleWithoutToasts(page, "status page at 360 px");
    watch.expectClean("status page at 360 px");
  });
});
