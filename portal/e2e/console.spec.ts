import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { AuthUserSchema } from "../../core/contracts/auth.js";
import { createDb } from "../../core/db/client.js";
import { WebhookEndpointListSchema, WebhookEndpointWithSecretSchema } from "../../core/contracts/webhook-endpoints.js";
import { SCREENSHOT_DIR, useBrowser } from "../../testing/browser.js";
import { startEngineProcess, type EngineProcess } from "../../testing/engine-process.js";
import { startHttpReceiver, type HttpReceiver } from "../../testing/http-receiver.js";
import { expectAccessible, watchPage } from "../../testing/page-checks.js";
import { WorkflowSchema } from "../../gateway/workflows/api-schemas.js";
import { horizontalOverflow, postAsUser, signUpAndConfirm } from "../../testing/portal-session.js";

// The dashboard's workflows, webhook endpoints and usage sections against the real gateway, with
// an engine started here beside it (same database and Redis) so runs complete and webhooks arrive.
const browser = useBrowser();
let engine: EngineProcess | undefined;
let receiver: HttpReceiver | undefined;

beforeAll(async () => {
  receiver = await startHttpReceiver();
  // Loopback receivers are refused unless OUTBOUND_ALLOW_PRIVATE is set (development and tests only).
  engine = await startEngineProcess({ ...inject("backendEnv"), OUTBOUND_ALLOW_PRIVATE: "true" });
});

afterAll(async () => {
  await engine?.stop();
  await receiver?.close();
});

function currentReceiver(): HttpReceiver {
  if (!receiver) throw new Error("the receiver has not started");
  return receiver;
}

/** Axe runs once the toasts are gone: a toast fading out is half transparent, and its colours are the shared Toaster's. */
async function expectAccessibleWithoutToasts(page: Page, label: string): Promise<void> {
  await expect.poll(() => page.locator("[data-sonner-toast]").count(), { timeout: 15_000 }).toBe(0);
  await expectAccessible(page, label);
}

/** Screenshots at 1280 and 360 px, with no horizontal scrolling at 360. */
async function screenshotBothWidths(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await horizontalOverflow(page), `${name}: no horizontal scrolling at 360 px`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

const WORKFLOW = {
  name: "Shape the order",
  description: "Builds the confirmation payload",
  trigger: { type: "manual", config: {} },
  actions: [{ type: "transform", name: "shape", config: { output: { confirmed: "yes" } } }],
};

describe("the dashboard's workflows", () => {
  it("lists a workflow, runs it to completion with its steps, and disables and enables it", async () => {
    const page = await browser.page();
    await signUpAndConfirm(page, { prefix: "console-workflows" });
    const watch = watchPage(page);

    await page.goto("/dashboard?section=workflows");
    const empty = page.getByRole("heading", { name: "No workflows yet" });
    await empty.waitFor();
    expect(await page.getByRole("link", { name: "Read the workflow docs" }).getAttribute("href")).toBe("/api-docs#workflows");
    expect(await page.getByRole("link", { name: "Try the playground" }).getAttribute("href")).toBe("/playground");
    await expectAccessible(page, "workflows, empty");

    const workflow = WorkflowSchema.parse(await postAsUser(page, "/api/workflows", WORKFLOW));
    await page.reload();
    const card = page.getByRole("article", { name: WORKFLOW.name });
    await card.waitFor();
    for (const text of ["Active", "Manual", "Never", "Builds the confirmation payload"]) {
      expect(await card.getByText(text, { exact: true }).count(), text).toBeGreaterThan(0);
    }

    // Run now: a toast, the panel opens and the execution goes from queued to completed.
    await card.getByRole("button", { name: `Run now: ${WORKFLOW.name}` }).click();
    await page.getByText("Workflow run started").first().waitFor();
    expect(await card.getByRole("button", { name: "Recent executions" }).getAttribute("aria-expanded")).toBe("true");
    await card.getByText("Latest execution", { exact: true }).waitFor();
    await card.getByText("Completed", { exact: true }).waitFor({ timeout: 20_000 });
    await card.getByText("1", { exact: true }).waitFor();
    // The workflow's own facts follow the run: its last run is no longer "Never".
    await card.getByText("Never", { exact: true }).waitFor({ state: "detached", timeout: 10_000 });

    await card.getByRole("button", { name: "Show steps" }).click();
    const step = card.getByRole("listitem").filter({ hasText: "1. shape" });
    await step.getByText("1 attempt", { exact: true }).waitFor();
    const output = step.locator("details", { has: page.getByText("Output", { exact: true }) });
    await output.getByText("Output", { exact: true }).click();
    await output.getByText('"confirmed": "yes"').waitFor();
    await expectAccessibleWithoutToasts(page, "workflows, execution steps");
    await screenshotBothWidths(page, "console-workflows");

    // Keyboard: Disable is reachable and pressed with Enter; the badge and button follow.
    const disable = card.getByRole("button", { name: `Disable ${WORKFLOW.name}` });
    await disable.focus();
    await page.keyboard.press("Enter");
    await page.getByText("Workflow disabled").first().waitFor();
    await card.getByText("Disabled", { exact: true }).waitFor();
    await card.getByRole("button", { name: `Enable ${WORKFLOW.name}` }).click();
    await page.getByText("Workflow enabled").first().waitFor();
    await card.getByText("Active", { exact: true }).waitFor();

    // The API agrees, and test mode lists the test workflows apart (none here).
    const stored = WorkflowSchema.parse(await (await page.request.get(`/api/workflows/${workflow.id}`)).json());
    expect(stored).toMatchObject({ status: "active", executions: 1 });
    await postAsUser(page, "/api/workflows?mode=test", { ...WORKFLOW, name: "Dry run" });
    await page.getByRole("button", { name: "Test", exact: true }).click();
    await page.getByRole("article", { name: "Dry run" }).waitFor();
    expect(await page.getByRole("article", { name: WORKFLOW.name }).count(), "live workflows are not listed in test mode").toBe(0);
    await page.getByRole("button", { name: "Live", exact: true }).click();
    await card.waitFor();
    expect(await page.getByRole("article", { name: "Dry run" }).count()).toBe(0);
    await page.getByRole("button", { name: "Test", exact: true }).click();
    expect(await page.getByRole("button", { name: "Test", exact: true }).getAttribute("aria-pressed")).toBe("true");
    watch.expectClean("workflows");
  });
});

describe("the dashboard's webhook endpoints", () => {
  it("creates an endpoint with its secret shown once, sends a test event, logs and replays the delivery, rotates and deletes", async () => {
    const target = currentReceiver();
    const page = await browser.page();
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: inject("baseUrl") });
    await signUpAndConfirm(page, { prefix: "console-webhooks" });
    const watch = watchPage(page);

    await page.goto("/dashboard?section=webhook-endpoints");
    await page.getByRole("heading", { name: "No webhook endpoints yet" }).waitFor();
    await expectAccessible(page, "webhook endpoints, empty");

    await page.getByRole("button", { name: "Add Endpoint" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add Webhook Endpoint" });
    await dialog.getByRole("button", { name: "Add Endpoint" }).click();
    await dialog.getByText("url is required").waitFor();
    expect(await dialog.getByLabel("Endpoint URL").getAttribute("aria-invalid")).toBe("true");
    const url = `${target.url}/sluice`;
    await dialog.getByLabel("Endpoint URL").fill(url);
    await dialog.getByLabel("workflow.failed").check();
    expect(await dialog.getByLabel(/^All events/).isChecked(), "a single type replaces All events").toBe(false);
    await dialog.getByLabel("Description (optional)").fill("Order service");
    await expectAccessible(page, "webhook endpoints, create dialog");

    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/webhook-endpoints" && response.request().method() === "POST");
    await dialog.getByRole("button", { name: "Add Endpoint" }).click();
    const created = WebhookEndpointWithSecretSchema.parse(await (await answer).json());
    expect(created).toMatchObject({ url, events: ["workflow.failed"], description: "Order service" });
    await page.getByText("Webhook Endpoint Created").first().waitFor();
    const secretDialog = page.getByRole("dialog", { name: "Your endpoint's signing secret" });
    await secretDialog.getByText("Copy this signing secret now. For your security it will not be shown again.").waitFor();
    const secret = (await secretDialog.getByTestId("webhook-secret").textContent())?.trim() ?? "";
    expect(secret).toMatch(/^whsec_/);
    expect(secret).toBe(created.secret);
    await secretDialog.getByRole("button", { name: "Copy Secret" }).click();
    await page.getByText("Signing Secret Copied").first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/console-webhook-secret-1280.png` });
    await secretDialog.getByRole("button", { name: "Done" }).click();
    await secretDialog.waitFor({ state: "detached" });
    expect(await page.getByText(secret).count(), "the secret is gone from the page").toBe(0);

    const card = page.getByRole("article", { name: url });
    for (const text of ["Active", "workflow.failed", "Order service"]) {
      expect(await card.getByText(text, { exact: true }).count(), text).toBeGreaterThan(0);
    }

    // A test event of the chosen type reaches the receiver, signed; the log shows it delivered with the response code.
    await card.getByRole("button", { name: `Send test event to ${url}` }).click();
    const testDialog = page.getByRole("dialog", { name: "Send a test event" });
    expect(await testDialog.getByLabel("Event type").inputValue(), "the endpoint's own event type by default").toBe("workflow.failed");
    await testDialog.getByLabel("Event type").selectOption("processing.completed");
    await testDialog.getByRole("button", { name: "Send Test Event" }).click();
    await page.getByText("Test event sent").first().waitFor();
    const [delivered] = await target.waitForRequests(1, 20_000);
    expect(JSON.parse(delivered?.body ?? "{}")).toMatchObject({ type: "processing.completed", data: { test: true } });
    expect(delivered?.headers["webhook-signature"]).toMatch(/^v1,/);
    const log = card.getByRole("listitem").filter({ hasText: "processing.completed" });
    await log.getByText("Delivered", { exact: true }).waitFor({ timeout: 20_000 });
    await log.getByText("200", { exact: true }).waitFor();
    await log.getByText("1", { exact: true }).waitFor();
    await expectAccessibleWithoutToasts(page, "webhook endpoints, delivery log");
    await screenshotBothWidths(page, "console-webhooks");

    await log.getByRole("button", { name: /^Replay processing\.completed delivery/ }).click();
    await page.getByText("Delivery queued again").first().waitFor();
    await target.waitForRequests(2, 20_000);
    expect(target.received[1]?.headers["webhook-id"], "a replay repeats the event id").toBe(delivered?.headers["webhook-id"]);
    await log.getByText("2", { exact: true }).waitFor({ timeout: 20_000 });

    // Rotation: confirm, then a new secret, shown once.
    await card.getByRole("button", { name: `Rotate secret of ${url}` }).click();
    const rotate = page.getByRole("alertdialog", { name: "Rotate signing secret?" });
    await rotate.getByRole("button", { name: "Rotate Secret" }).click();
    await page.getByText("Signing Secret Rotated").first().waitFor();
    const rotatedDialog = page.getByRole("dialog", { name: "Your new signing secret" });
    const rotated = (await rotatedDialog.getByTestId("webhook-secret").textContent())?.trim() ?? "";
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await rotatedDialog.getByRole("button", { name: "Done" }).click();

    // Delete: confirm, a toast, and the empty state again.
    await card.getByRole("button", { name: `Delete ${url}` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete webhook endpoint?" });
    await confirm.getByRole("button", { name: "Delete Endpoint" }).click();
    await page.getByText("Webhook Endpoint Deleted").first().waitFor();
    await page.getByRole("heading", { name: "No webhook endpoints yet" }).waitFor();
    watch.expectClean("webhook endpoints");
  });
});

describe("the dashboard's webhook endpoint modes", () => {
  it("adds a live endpoint by default and a test one when chosen, each labelled with its mode, and acts on the test one in its mode", async () => {
    const target = currentReceiver();
    const page = await browser.page();
    await signUpAndConfirm(page, { prefix: "console-webhook-modes" });
    const watch = watchPage(page);
    await page.goto("/dashboard?section=webhook-endpoints");
    await page.getByRole("heading", { name: "No webhook endpoints yet" }).waitFor();

    async function addEndpoint(url: string, mode: "Live" | "Test") {
      await page.getByRole("button", { name: "Add Endpoint" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Add Webhook Endpoint" });
      expect(await dialog.getByRole("radio", { name: "Live", exact: true }).isChecked(), "live unless chosen").toBe(true);
      await dialog.getByLabel("Endpoint URL").fill(url);
      if (mode === "Test") {
        await dialog.getByRole("radio", { name: "Test", exact: true }).check();
        await expectAccessible(page, "webhook endpoints, create dialog with a mode");
        await page.screenshot({ path: `${SCREENSHOT_DIR}/console-webhook-mode-choice-1280.png` });
      }
      await dialog.getByRole("button", { name: "Add Endpoint" }).click();
      const secretDialog = page.getByRole("dialog", { name: "Your endpoint's signing secret" });
      await secretDialog.getByRole("button", { name: "Done" }).click();
      await secretDialog.waitFor({ state: "detached" });
    }
    const liveUrl = `${target.url}/modes-live`;
    const testUrl = `${target.url}/modes-test`;
    await addEndpoint(liveUrl, "Live");
    await addEndpoint(testUrl, "Test");

    const liveCard = page.getByRole("article", { name: liveUrl });
    const testCard = page.getByRole("article", { name: testUrl });
    await liveCard.getByText("Live mode", { exact: true }).waitFor();
    await testCard.getByText("Test mode", { exact: true }).waitFor();
    expect(await liveCard.getByText("Test mode", { exact: true }).count()).toBe(0);
    expect(await testCard.getByText("Live mode", { exact: true }).count()).toBe(0);
    const listed = WebhookEndpointListSchema.parse(await (await page.request.get("/api/webhook-endpoints")).json());
    expect(listed.webhook_endpoints.map((endpoint) => [endpoint.url, endpoint.mode])).toEqual([[testUrl, "test"], [liveUrl, "live"]]);

    // The test endpoint's own actions work in its mode: a sample event is delivered and logged.
    await testCard.getByRole("button", { name: `Send test event to ${testUrl}` }).click();
    await page.getByRole("dialog", { name: "Send a test event" }).getByRole("button", { name: "Send Test Event" }).click();
    await page.getByText("Test event sent").first().waitFor();
    await testCard.getByRole("listitem").filter({ hasText: "workflow.completed" }).getByText("Delivered", { exact: true }).waitFor({ timeout: 20_000 });
    await expectAccessibleWithoutToasts(page, "webhook endpoints, live and test");
    await screenshotBothWidths(page, "console-webhook-modes");

    await testCard.getByRole("button", { name: `Delete ${testUrl}` }).click();
    await page.getByRole("alertdialog", { name: "Delete webhook endpoint?" }).getByRole("button", { name: "Delete Endpoint" }).click();
    await page.getByText("Webhook Endpoint Deleted").first().waitFor();
    await testCard.waitFor({ state: "detached" });
    await liveCard.getByText("Live mode", { exact: true }).waitFor();
    watch.expectClean("webhook endpoint modes");
  });
});

/** Stored usage rows, as the metering flush writes them. */
async function seedUsage(userId: string, rows: Array<{ date: string; endpoint: string; request_count: number; bytes_processed: number }>) {
  const db = createDb({ url: inject("backendEnv").DATABASE_URL, poolSize: 1 });
  try {
    await db.insertInto("api_usage").values(rows.map((row) => ({ ...row, user_id: userId }))).execute();
  } finally {
    await db.destroy();
  }
}

const utcMonth = (date: Date) => `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}`;

describe("the dashboard's usage export", () => {
  it("shows this month's totals per category and downloads a chosen month as the server's CSV", async () => {
    const page = await browser.page();
    await signUpAndConfirm(page, { prefix: "console-usage" });
    const watch = watchPage(page);
    const { user } = AuthUserSchema.parse(await (await page.request.get("/auth/user")).json());
    const now = new Date();
    const today = now.toISOString().slice(0, 10);
    const previousKey = utcMonth(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
    await seedUsage(user.id, [
      { date: today, endpoint: "/api/data-processing", request_count: 1500, bytes_processed: 0 },
      { date: today, endpoint: "/api/webhooks", request_count: 3, bytes_processed: 0 },
      { date: `${previousKey}-05`, endpoint: "/api/analytics", request_count: 42, bytes_processed: 1024 },
    ]);

    await page.goto("/dashboard?section=usage");
    const totals = page.getByRole("table", { name: "Requests this month per category" });
    await totals.waitFor();
    const cells = async (label: string) => totals.getByRole("row").filter({ has: page.getByRole("rowheader", { name: new RegExp(`^${label}`) }) }).getByRole("cell").textContent();
    expect(await cells("Data processing")).toBe("1,500");
    expect(await cells("Analytics"), "last month's requests are not this month's").toBe("0");
    expect(await cells("Webhooks")).toBe("3");
    expect(await cells("General")).toBe("0");
    expect(await cells("Total")).toBe("1,503");
    expect(await page.getByText("No requests yet this month.").count()).toBe(0);

    const month = page.getByLabel("Month", { exact: true });
    const options = await month.locator("option").evaluateAll((elements) => elements.map((element) => element.getAttribute("value")));
    expect(options).toHaveLength(12);
    expect(options.slice(0, 2)).toEqual([utcMonth(now), previousKey]);
    await month.selectOption(previousKey);
    await expectAccessible(page, "usage");
    await screenshotBothWidths(page, "console-usage");

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`sluice-usage-${previousKey}.csv`);
    expect(await readFile(await file.path(), "utf8")).toBe(`date,endpoint,requests,bytes_processed\r\n${previousKey}-05,/api/analytics,42,1024\r\n`);
    await page.getByText("Usage CSV downloaded").first().waitFor();
    watch.expectClean("usage");
  });
});
