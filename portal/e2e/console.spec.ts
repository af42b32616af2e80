import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { AuthUserSchema } from "../../core/contracts/auth.js";
import { createDb } from "../../core/db/client.js";
import { useBrowser } from "../../testing/browser.js";
import { startEngineProcess, type EngineProcess } from "../../testing/engine-process.js";
import { expectAccessible, expectAccessibleWithoutToasts, screenshotBothWidths, watchPage } from "../../testing/page-checks.js";
import { WorkflowSchema } from "../../core/contracts/workflow-responses.js";
import { startHttpReceiver, type HttpReceiver } from "../../testing/http-receiver.js";
import { postAsUser, signUpAndConfirm } from "../../testing/portal-session.js";

// The dashboard's workflows and usage sections against the real gateway, with an engine started
// here beside it (same database and Redis) so runs complete. Webhook endpoints: webhook-endpoints.spec.ts.
const browser = useBrowser();
let engine: EngineProcess | undefined;

let target: HttpReceiver;

beforeAll(async () => {
  // The HTTP step's target is a local stand-in, so the engine may call loopback addresses.
  [engine, target] = await Promise.all([startEngineProcess({ ...inject("backendEnv"), OUTBOUND_ALLOW_PRIVATE: "true" }), startHttpReceiver()]);
});

afterAll(async () => {
  await engine?.stop();
  await target.close();
});

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

describe("an execution's step attempts", () => {
  it("shows each attempt of an HTTP step with its time, duration, outcome, status and the target's body", async () => {
    // The target is busy twice (503 with a body), then answers.
    target.respondWith((request, response) => {
      if (target.received.indexOf(request) < 2) {
        response.writeHead(503, { "Content-Type": "text/plain", "Retry-After": "0" });
        response.end("warehouse busy, come back later");
        return;
      }
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end('{"reserved":true}');
    });
    const page = await browser.page();
    await signUpAndConfirm(page, { prefix: "console-attempts" });
    const watch = watchPage(page);
    const name = "Reserve stock";
    await postAsUser(page, "/api/workflows", {
      name,
      trigger: { type: "manual", config: {} },
      actions: [{ type: "http_request", name: "reserve", max_attempts: 3, config: { url: `${target.url}/reserve`, method: "POST", body: { sku: "A-1" } } }],
    });
    await page.goto("/dashboard?section=workflows");
    const card = page.getByRole("article", { name });
    await card.getByRole("button", { name: `Run now: ${name}` }).click();
    await card.getByText("Completed", { exact: true }).waitFor({ timeout: 30_000 });
    await card.getByRole("button", { name: "Show steps" }).click();

    const attempts = card.getByRole("list", { name: "Attempts of reserve" });
    await attempts.waitFor();
    const items = attempts.getByRole("listitem");
    expect(await items.count()).toBe(3);
    const texts = await items.allInnerTexts();
    expect(texts[0]).toMatch(/Attempt 1[\s\S]*\d+:\d{2}:\d{2} [AP]M UTC[\s\S]*\d+ ms[\s\S]*Failed[\s\S]*HTTP 503/);
    expect(texts[1]).toMatch(/Attempt 2[\s\S]*Failed[\s\S]*HTTP 503/);
    expect(texts[2]).toMatch(/Attempt 3[\s\S]*Succeeded[\s\S]*HTTP 200/);
    await items.first().getByText("ACTION_FAILED").waitFor();

    // Keyboard: the first attempt's response opens with Enter and shows the target's body.
    const response = items.first().locator("summary", { hasText: "Response" });
    await response.focus();
    await page.keyboard.press("Enter");
    await items.first().getByText("warehouse busy, come back later", { exact: false }).waitFor();
    await expectAccessibleWithoutToasts(page, "workflows, step attempts");
    await screenshotBothWidths(page, "console-step-attempts");
    watch.expectClean("step attempts");
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
