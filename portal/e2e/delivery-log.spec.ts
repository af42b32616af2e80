import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { WebhookEndpointWithSecretSchema } from "../../core/contracts/webhook-endpoints.js";
import { SCREENSHOT_DIR, useBrowser } from "../../testing/browser.js";
import { startEngineProcess, type EngineProcess } from "../../testing/engine-process.js";
import { answerOk, startHttpReceiver, type HttpReceiver } from "../../testing/http-receiver.js";
import { expectAccessible, expectAccessibleWithoutToasts, screenshotBothWidths, watchPage } from "../../testing/page-checks.js";
import { signUpAndConfirm } from "../../testing/portal-session.js";

// The delivery log's filters and the recovery of failed deliveries, against the real gateway and
// an engine started here whose one retry comes at once, so a refused delivery fails quickly.
const browser = useBrowser();
let engine: EngineProcess | undefined;
let receiver: HttpReceiver | undefined;

beforeAll(async () => {
  receiver = await startHttpReceiver();
  engine = await startEngineProcess({ ...inject("backendEnv"), OUTBOUND_ALLOW_PRIVATE: "true", WEBHOOK_RETRY_SCHEDULE_MS: "50" });
});

afterAll(async () => {
  await engine?.stop();
  await receiver?.close();
});

function currentReceiver(): HttpReceiver {
  if (!receiver) throw new Error("the receiver has not started");
  return receiver;
}

describe("the dashboard's delivery log", () => {
  it("filters the log by status and event type, and recovers the failed deliveries after a confirmation showing their count", async () => {
    const target = currentReceiver();
    target.respondWith((_request, response) => {
      response.writeHead(503);
      response.end("down for maintenance");
    });
    const page = await browser.page();
    await signUpAndConfirm(page, { prefix: "delivery-log" });
    const watch = watchPage(page);

    await page.goto("/dashboard?section=webhook-endpoints");
    await page.getByRole("button", { name: "Add Endpoint" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add Webhook Endpoint" });
    const url = `${target.url}/orders`;
    await dialog.getByLabel("Endpoint URL").fill(url);
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/webhook-endpoints" && response.request().method() === "POST");
    await dialog.getByRole("button", { name: "Add Endpoint" }).click();
    WebhookEndpointWithSecretSchema.parse(await (await answer).json());
    await page.getByRole("dialog", { name: "Your endpoint's signing secret" }).getByRole("button", { name: "Done" }).click();

    // Two test events the receiver refuses twice each (the attempt and its one retry): both fail.
    const card = page.getByRole("article", { name: url });
    for (const type of ["workflow.failed", "processing.completed"]) {
      await card.getByRole("button", { name: `Send test event to ${url}` }).click();
      const testDialog = page.getByRole("dialog", { name: "Send a test event" });
      await testDialog.getByLabel("Event type").selectOption(type);
      await testDialog.getByRole("button", { name: "Send Test Event" }).click();
      await testDialog.waitFor({ state: "detached" });
    }
    await target.waitForRequests(4, 20_000);
    const failedItems = card.getByRole("listitem").filter({ hasText: "Failed" });
    await expect.poll(() => failedItems.count(), { timeout: 20_000 }).toBe(2);

    // Filters: failed ones of one event type.
    await card.getByLabel("Status").selectOption("failed");
    await card.getByRole("heading", { name: "Latest matching 2 deliveries" }).waitFor();
    await card.getByLabel("Event type").selectOption("processing.completed");
    await card.getByRole("heading", { name: "Latest matching delivery" }).waitFor();
    expect(await card.getByRole("listitem").filter({ hasText: "workflow.failed" }).count()).toBe(0);
    await card.getByLabel("Status").selectOption("succeeded");
    await card.getByText("No delivery matches these filters.").waitFor();
    await card.getByLabel("Status").selectOption("");
    await card.getByLabel("Event type").selectOption("");
    await card.getByRole("heading", { name: "Latest 2 deliveries" }).waitFor();
    await expectAccessibleWithoutToasts(page, "delivery log, filters");
    await screenshotBothWidths(page, "console-delivery-log");

    // Recover, by keyboard: the dialog counts the failed deliveries since a day ago before anything is sent.
    target.respondWith(answerOk);
    const recoverButton = card.getByRole("button", { name: `Recover failed deliveries of ${url}` });
    await recoverButton.focus();
    await page.keyboard.press("Enter");
    const recover = page.getByRole("dialog", { name: "Recover failed deliveries" });
    await recover.getByText("2 failed deliveries will be sent again.").waitFor();
    await expectAccessible(page, "recover dialog");
    await page.screenshot({ path: `${SCREENSHOT_DIR}/console-recover-dialog-1280.png` });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.screenshot({ path: `${SCREENSHOT_DIR}/console-recover-dialog-360.png` });
    await page.setViewportSize({ width: 1280, height: 900 });

    // A start after both deliveries counts none, and the action is unavailable.
    const since = recover.getByLabel("Failed since (your local time)");
    const original = await since.inputValue();
    await since.fill(await page.evaluate(() => {
      const soon = new Date(Date.now() + 120_000);
      return new Date(soon.getTime() - soon.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    }));
    await recover.getByText("No delivery has failed since then: there is nothing to recover.").waitFor();
    expect(await recover.getByRole("button", { name: "Recover", exact: true }).isDisabled()).toBe(true);
    await since.fill(original);
    const confirm = recover.getByRole("button", { name: "Recover 2 failed deliveries" });
    await confirm.waitFor();
    await confirm.focus();
    const sent = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith("/recover"));
    await page.keyboard.press("Enter");
    expect((await sent).status()).toBe(202);
    await page.getByText("2 failed deliveries will be sent again.").first().waitFor();

    // The same two events arrive again, once each, and the log shows them delivered.
    const again = (await target.waitForRequests(6, 20_000)).slice(4);
    const firstIds = target.received.slice(0, 4).map((request) => request.headers["webhook-id"]);
    expect(new Set(again.map((request) => request.headers["webhook-id"]))).toEqual(new Set(firstIds));
    await expect.poll(() => card.getByRole("listitem").filter({ hasText: "Delivered" }).count(), { timeout: 20_000 }).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(target.received, "each failed delivery is sent once more, no more").toHaveLength(6);
    watch.expectClean("delivery log");
  });
});
