import { readFile } from "node:fs/promises";
import type { Locator, Page } from "playwright-core";
import { parse } from "yaml";
import { describe, expect, inject, it } from "vitest";
import { z } from "zod";
import { SCREENSHOT_DIR, useBrowser } from "../../testing/browser.js";
import { expectAccessible, watchPage } from "../../testing/page-checks.js";
import { horizontalOverflow } from "../../testing/portal-session.js";

const browser = useBrowser();

const SECTION_IDS = ["getting-started", "authentication", "sdks", "workflows", "streams", "webhooks", "rate-limits", "errors", "changelog"];

const CollectionSchema = z.object({
  info: z.object({ schema: z.literal("https://schema.getpostman.com/json/collection/v2.1.0/collection.json") }),
  item: z.array(z.object({ name: z.string(), item: z.array(z.object({ name: z.string(), request: z.object({ method: z.string() }) })) })),
});

async function openWithClipboard(path: string, viewport?: { width: number; height: number }) {
  const page = await browser.page(viewport);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: inject("baseUrl") });
  const checks = watchPage(page);
  const failed: string[] = [];
  page.on("response", (answer) => {
    const answerPath = new URL(answer.url()).pathname;
    if (answer.status() >= 400) failed.push(`${answer.status()} ${answerPath}`);
  });
  await page.goto(path);
  await page.getByRole("heading", { level: 1 }).waitFor();
  const watch = {
    expectClean(label: string) {
      checks.expectClean(label);
      expect(failed, `${label}: failed requests`).toEqual([]);
    },
  };
  return { page, watch };
}

async function headingTop(page: Page, id: string): Promise<number> {
  return page.evaluate((sectionId) => document.getElementById(`${sectionId}-title`)?.getBoundingClientRect().top ?? -1, id);
}

function selectedTab(tabs: Locator): Locator {
  return tabs.getByRole("tab", { selected: true });
}

/** Mouse and keyboard on one set of code tabs: click, arrows (wrapping), Home and End. */
async function exerciseTabs(page: Page, tablistName: string, expectations: Record<string, string>) {
  const tablist = page.getByRole("tablist", { name: tablistName });
  const container = tablist.locator("xpath=../..");
  const panel = container.getByRole("tabpanel");
  const labels = Object.keys(expectations);
  expect(await tablist.getByRole("tab").allTextContents()).toEqual(labels);

  await tablist.getByRole("tab", { name: "Python" }).click();
  expect(await selectedTab(tablist).textContent()).toBe("Python");
  expect(await panel.textContent()).toContain(expectations.Python);
  expect(await panel.getAttribute("aria-labelledby")).toBe(await selectedTab(tablist).getAttribute("id"));

  await page.keyboard.press("ArrowRight");
  expect(await selectedTab(tablist).textContent()).toBe("Go");
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Go");
  expect(await panel.textContent()).toContain(expectations.Go);
  await page.keyboard.press("End");
  expect(await selectedTab(tablist).textContent()).toBe(labels.at(-1));
  await page.keyboard.press("Home");
  expect(await selectedTab(tablist).textContent()).toBe(labels[0]);
  expect(await panel.textContent()).toContain(expectations[labels[0] ?? ""]);
  await page.keyboard.press("ArrowLeft");
  expect(await selectedTab(tablist).textContent()).toBe(labels.at(-1));
  // One tab stop: only the selected tab is in the tab order.
  expect(await tablist.locator('[role="tab"][tabindex="0"]').count()).toBe(1);
  return { container, panel };
}

/** The copy button of a code panel puts the visible code on the clipboard and says "Copied!" for 2 seconds. */
async function expectCopies(page: Page, container: Locator, panel: Locator, label: string) {
  const button = container.getByRole("button", { name: `Copy ${label}` });
  await button.click();
  await container.getByRole("button", { name: "Copied!" }).waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await panel.locator("code").textContent());
  await page.waitForTimeout(2_300);
  expect(await button.textContent()).toBe(`Copy ${label}`);
}

function openapiOperations(): Promise<string[]> {
  return readFile("openapi.yaml", "utf8").then((text) => {
    const { paths } = z.object({ paths: z.record(z.string(), z.record(z.string(), z.unknown())) }).parse(parse(text));
    return Object.values(paths).flatMap((item) => Object.keys(item).filter((key) => ["get", "post", "put", "patch", "delete"].includes(key)));
  });
}

describe("the documentation page", () => {
  it("navigates by its sidebar anchors, including on a direct link", async () => {
    const { page, watch } = await openWithClipboard("/api-docs");
    expect(await page.title()).toContain("API documentation");
    const sidebar = page.getByRole("navigation", { name: "On this page" });
    expect(await sidebar.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href")))).toEqual(SECTION_IDS.map((id) => `#${id}`));

    await sidebar.getByRole("link", { name: "Webhooks" }).click();
    await page.waitForURL("**/api-docs#webhooks");
    const top = await headingTop(page, "webhooks");
    expect(top, "the heading sits just below the sticky bar").toBeGreaterThan(64);
    expect(top).toBeLessThan(200);
    await page.waitForFunction(() => document.querySelector('nav[aria-label="On this page"] a[aria-current="location"]')?.getAttribute("href") === "#webhooks");

    await sidebar.getByRole("link", { name: "Changelog" }).click();
    await page.waitForURL("**/api-docs#changelog");
    await page.getByRole("heading", { name: "Workflows API v1" }).waitFor();

    const direct = await browser.page();
    await direct.goto("/api-docs#rate-limits");
    await direct.getByRole("heading", { level: 2, name: "Rate limits" }).waitFor();
    await direct.waitForFunction(() => {
      const top = document.getElementById("rate-limits-title")?.getBoundingClientRect().top ?? -1;
      return top > 0 && top < 200;
    });
    watch.expectClean("/api-docs anchors");
  });

  it("switches code samples by mouse and keyboard and copies them", async () => {
    const { page, watch } = await openWithClipboard("/api-docs");
    const { container, panel } = await exerciseTabs(page, "Create a workflow: language", {
      JavaScript: 'const response = await fetch("',
      Python: "response = requests.post(",
      Go: 'http.NewRequest("POST"',
      cURL: "curl -X POST",
    });
    expect(await panel.textContent()).toContain("/v1/workflows");
    await container.getByRole("tab", { name: "Python" }).click();
    await expectCopies(page, container, panel, "Python");

    await exerciseTabs(page, "Verify a webhook: language", { JavaScript: "verifyStandard", Python: "def verify_standard", Go: "func VerifyStandard" });
    await exerciseTabs(page, "SDK quick start: language", { TypeScript: 'from "@sluice/sdk"', Python: "from sluice import NotFoundError, Sluice", Go: "sluice.New(apiKey, baseURL)" });
    watch.expectClean("/api-docs tabs");
  });

  it("downloads the Postman collection with every operation of openapi.yaml", async () => {
    const { page, watch } = await openWithClipboard("/api-docs");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download Postman collection" }).click()]);
    expect(download.suggestedFilename()).toBe("sluice.postman_collection.json");
    const path = await download.path();
    const collection = CollectionSchema.parse(JSON.parse(await readFile(path, "utf8")));
    const requests = collection.item.flatMap((folder) => folder.item);
    expect(requests).toHaveLength((await openapiOperations()).length);
    expect(requests.map((item) => item.name)).toEqual(expect.arrayContaining(["Create a workflow", "Analyse a dataset", "Rotate an endpoint's signing secret"]));
    watch.expectClean("/api-docs download");
  });

  it("shows the real API's facts, the reference and help links, passes axe and fits 1280 px", async () => {
    const { page, watch } = await openWithClipboard("/api-docs");
    const main = page.getByRole("main");
    expect(await main.getByRole("link", { name: "API reference" }).getAttribute("href")).toBe("/reference");
    for (const href of ["/playground", "/sdks"]) {
      expect(await main.locator(`a[href="${href}"]`).count(), `card to ${href}`).toBe(1);
    }

    const errors = page.getByRole("table", { name: "Error codes" });
    const rateLimited = errors.getByRole("row").filter({ hasText: "RATE_LIMITED" });
    expect(await rateLimited.getByRole("cell").first().textContent()).toBe("429");
    expect(await errors.getByRole("row").filter({ hasText: "VALIDATION_FAILED" }).getByRole("cell").first().textContent()).toBe("422");
    const vector = page.getByRole("table", { name: "Webhook signature test vector" });
    expect(await vector.textContent()).toContain("v1,FST+tDRd89AMU2dmQXMMXvNHP4NAwD/vZQ9OLNf2T8U=");
    expect(await page.getByRole("table", { name: "Rate-limit headers" }).textContent()).toContain("X-RateLimit-Reset");
    expect(await page.getByRole("table", { name: "API key kinds" }).textContent()).toContain("sk_test_");

    const help = page.getByRole("complementary", { name: "Need help?" });
    for (const name of ["Community", "Report an issue"]) {
      const link = help.getByRole("link", { name: new RegExp(`^${name}`) });
      expect(await link.getAttribute("target")).toBe("_blank");
      expect(await link.getAttribute("rel")).toBe("noreferrer");
      expect(await link.getAttribute("href")).toMatch(/^https:\/\/github\.com\//);
    }
    await help.getByRole("link", { name: "Contact support" }).click();
    await page.waitForURL("**/contact");
    await page.goBack();
    await page.getByRole("heading", { level: 1, name: "API documentation" }).waitFor();

    await expectAccessible(page, "/api-docs");
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/api-docs-1280.png`, fullPage: true });
    await page.locator("#workflows").screenshot({ path: `${SCREENSHOT_DIR}/api-docs-workflows-1280.png` });
    expect(await page.locator("#rate-limits").textContent()).toContain("A test key sees only test requests and a live key only live ones");
    await page.locator("#rate-limits").screenshot({ path: `${SCREENSHOT_DIR}/api-docs-rate-limits-1280.png` });
    watch.expectClean("/api-docs");
  });

  it("fits a 360 px screen without horizontal scrolling", async () => {
    const { page, watch } = await openWithClipboard("/api-docs", { width: 360, height: 800 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/api-docs-360.png`, fullPage: true });
    await page.locator("#workflows").screenshot({ path: `${SCREENSHOT_DIR}/api-docs-workflows-360.png` });
    await page.locator("#rate-limits").screenshot({ path: `${SCREENSHOT_DIR}/api-docs-rate-limits-360.png` });
    await expectAccessible(page, "/api-docs at 360 px");
    watch.expectClean("/api-docs at 360 px");
  });
});

describe("the SDK page", () => {
  it("lists six SDKs with honest statuses and links back to the docs and the playground", async () => {
    const { page, watch } = await openWithClipboard("/sdks");
    const list = page.getByRole("region", { name: "Libraries and tools" }).getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3 }) });
    expect(await list.count()).toBe(6);
    const cards = await list.allTextContents();
    const origin = await page.evaluate(() => window.location.origin);
    const installs = { "TypeScript / JavaScript": `npm install ${origin}/downloads/sluice-sdk-1.0.0.tgz`, Python: `pip install ${origin}/downloads/sluice-sdk-python-1.0.0.tar.gz`, Go: `curl -sSL ${origin}/downloads/sluice-go-1.0.0.tar.gz | tar -xz` };
    for (const [language, command] of Object.entries(installs)) {
      const card = cards.find((text) => text.includes(language) && text.includes("Official"));
      expect(card, language).toContain(command);
      // The download the command names is served.
      const response = await page.request.get(command.match(/https?:\/\/\S+/)?.[0] ?? "");
      expect(response.status(), command).toBe(200);
      expect((await response.body()).subarray(0, 2).toString("hex"), "gzip").toBe("1f8b");
    }
    expect(cards.filter((text) => /Community|Beta/.test(text))).toHaveLength(3);

    const main = page.getByRole("main");
    expect(await main.getByRole("link", { name: /^API documentation/ }).getAttribute("href")).toBe("/api-docs");
    expect(await main.getByRole("link", { name: /^Playground/ }).getAttribute("href")).toBe("/playground");
    await page.getByRole("button", { name: "Copy", exact: true }).first().click();
    await page.getByRole("button", { name: "Copied!" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(installs["TypeScript / JavaScript"]);
    expect(cards.join(" ")).toContain("npx @openapitools/openapi-generator-cli generate -i " + inject("baseUrl") + "/openapi.yaml -g java -o sluice-java");

    await expectAccessible(page, "/sdks");
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SCREENSHOT_DIR}/sdks-1280.png`, fullPage: true });
    watch.expectClean("/sdks");
  });

  it("has the SDKs' tested examples in TypeScript, Python and Go with keyboard tabs and copy", async () => {
    const { page, watch } = await openWithClipboard("/sdks");
    await exerciseTabs(page, "Verify a webhook with the SDK: language", { TypeScript: "await verifyWebhook", Python: "verify_webhook(raw_body", Go: "sluice.VerifyWebhook(body" });
    const { container, panel } = await exerciseTabs(page, "Worked example: language", {
      TypeScript: 'from "@sluice/sdk"',
      Python: "sluice.create_workflow(",
      Go: "client.CreateWorkflow(ctx",
    });
    expect(await panel.textContent()).toContain("Analyze");
    await container.getByRole("tab", { name: "Go" }).click();
    await expectCopies(page, container, panel, "Go");
    watch.expectClean("/sdks tabs");
  });

  it("fits a 360 px screen without horizontal scrolling", async () => {
    const { page, watch } = await openWithClipboard("/sdks", { width: 360, height: 800 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/sdks-360.png`, fullPage: true });
    await expectAccessible(page, "/sdks at 360 px");
    watch.expectClean("/sdks at 360 px");
  });
});
