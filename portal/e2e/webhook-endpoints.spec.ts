import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { WebhookEndpointListSchema, WebhookEndpointWithSecretSchema } from "../../core/contracts/webhook-endpoints.js";
import { SCREENSHOT_DIR, useBrowser } from "../../testing/browser.js";
import { startEngineProcess, type EngineProcess } from "../../testing/engine-process.js";
import { startHttpReceiver, type HttpReceiver } from "../../testing/http-receiver.js";
import { expectAccessible, expectAccessibleWithoutToasts, screenshotBothWidths, watchPage } from "../../testing/page-checks.js";
import { signUpAndConfirm } from "../../testing/portal-session.js";

// The dashboard's webhook endpoints against the real gateway, with an engine started here beside
// it (same database and Redis) and a local receiver, so test events arrive and are logged.
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
