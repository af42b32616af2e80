import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { AuthUserSchema } from "../../core/contracts/auth.js";
import { WorkflowSchema } from "../../core/contracts/workflow-responses.js";
import type { ExecutionStatus } from "../../core/contracts/workflows.js";
import { createDb, type Database } from "../../core/db/client.js";
import { newId } from "../../core/ids.js";
import { SCREENSHOT_DIR, useBrowser } from "../../testing/browser.js";
import { expectAccessible, expectAccessibleWithoutToasts, screenshotBothWidths, watchPage } from "../../testing/page-checks.js";
import { postAsUser, signUpAndConfirm } from "../../testing/portal-session.js";

// The Workflows section's Executions view: every workflow's executions in one list, filtered and paged
// (GET /api/executions). The executions are written straight to the database: no engine is needed to list them.
const browser = useBrowser();
let db: Database;

beforeAll(() => {
  db = createDb({ url: inject("backendEnv").DATABASE_URL, poolSize: 1 });
});

afterAll(async () => {
  await db.destroy();
});

const workflowBody = (name: string) => ({ name, trigger: { type: "manual", config: {} }, actions: [{ type: "transform", name: "shape", config: { output: { ok: "yes" } } }] });

async function seedExecution(userId: string, workflowId: string, status: ExecutionStatus, minutesAgo: number, mode: "live" | "test" = "live"): Promise<string> {
  const id = newId("exec");
  const queuedAt = new Date(Date.now() - minutesAgo * 60_000);
  await db
    .insertInto("executions")
    .values({ id, workflow_id: workflowId, user_id: userId, mode, status, trigger_type: "manual", queued_at: queuedAt, started_at: queuedAt, finished_at: new Date(queuedAt.getTime() + 1_200) })
    .execute();
  return id;
}

describe("the dashboard's executions across workflows", () => {
  it("lists every workflow's executions, filters them by status and workflow, loads more and shows steps", async () => {
    const page = await browser.page();
    await signUpAndConfirm(page, { prefix: "console-executions" });
    const watch = watchPage(page);
    const { user } = AuthUserSchema.parse(await (await page.request.get("/auth/user")).json());
    const orders = WorkflowSchema.parse(await postAsUser(page, "/api/workflows", workflowBody("Shape the order")));
    const report = WorkflowSchema.parse(await postAsUser(page, "/api/workflows", workflowBody("Nightly report")));
    const dryRun = WorkflowSchema.parse(await postAsUser(page, "/api/workflows?mode=test", workflowBody("Dry run")));
    // 24 live executions, newest first alternating workflows: orders completed or failed, reports completed or cancelled.
    for (let index = 0; index < 24; index++) {
      const onOrders = index % 2 === 0;
      const status: ExecutionStatus = index % 4 === 0 ? "failed" : index % 4 === 1 ? "cancelled" : "completed";
      await seedExecution(user.id, onOrders ? orders.id : report.id, status, index + 1);
    }
    const newest = (await db.selectFrom("executions").select("id").where("user_id", "=", user.id).where("mode", "=", "live").orderBy("queued_at", "desc").executeTakeFirstOrThrow()).id;
    await db
      .insertInto("execution_steps")
      .values({ id: newId("step"), execution_id: newest, step_index: 0, name: "shape", type: "transform", status: "failed", attempts: 3, input: JSON.stringify({ ok: "yes" }), error: JSON.stringify({ code: "ACTION_FAILED", message: "The template could not be read" }) })
      .execute();
    const testRun = await seedExecution(user.id, dryRun.id, "running", 1, "test");

    await page.goto("/dashboard?section=workflows");
    await page.getByRole("article", { name: "Shape the order" }).waitFor();
    // Keyboard: the view switch is a button pressed with Enter.
    const executionsView = page.getByRole("button", { name: "Executions", exact: true });
    await executionsView.focus();
    await page.keyboard.press("Enter");
    expect(await executionsView.getAttribute("aria-pressed")).toBe("true");
    const main = page.getByRole("main");
    const list = page.getByRole("list", { name: "Executions" });
    await main.getByText("20 executions so far", { exact: true }).waitFor();
    expect(await list.getByText("Nightly report", { exact: true }).count()).toBe(10);
    expect(await list.getByText("Shape the order", { exact: true }).count()).toBe(10);
    await expectAccessible(page, "executions, first page");

    // Load more, by keyboard: the last four, then no more button.
    const loadMore = page.getByRole("button", { name: "Load more" });
    await page.setViewportSize({ width: 360, height: 740 });
    await loadMore.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/console-executions-load-more-360x740.png` });
    await page.setViewportSize({ width: 1280, height: 900 });
    await loadMore.focus();
    await page.keyboard.press("Enter");
    await main.getByText("24 executions", { exact: true }).waitFor();
    expect(await loadMore.count()).toBe(0);

    // The newest execution's steps, expanded in place.
    const newestRow = page.getByRole("listitem").filter({ hasText: newest.slice(-8) }).first();
    await newestRow.getByRole("button", { name: "Show steps" }).click();
    await newestRow.getByText("3 attempts", { exact: true }).waitFor();
    await newestRow.getByText("The template could not be read").first().waitFor();
    await newestRow.getByRole("button", { name: "Hide steps" }).click();

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `${SCREENSHOT_DIR}/console-executions-1280x800.png` });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.screenshot({ path: `${SCREENSHOT_DIR}/console-executions-360x740.png` });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Filter by status: the failed ones (only orders fail here), then the cancelled ones (only reports).
    await page.getByLabel("Status", { exact: true }).selectOption("failed");
    await main.getByText("6 executions", { exact: true }).waitFor();
    expect(await list.getByText("Failed", { exact: true }).count()).toBe(6);
    expect(await list.getByText("Completed", { exact: true }).count()).toBe(0);
    await page.getByLabel("Status", { exact: true }).selectOption("cancelled");
    await list.getByText("Cancelled", { exact: true }).first().waitFor();
    await main.getByText("6 executions", { exact: true }).waitFor();
    expect(await list.getByText("Nightly report", { exact: true }).count()).toBe(6);
    expect(await list.getByText("Shape the order", { exact: true }).count()).toBe(0);

    // And by workflow: no report failed.
    await page.getByLabel("Workflow", { exact: true }).selectOption({ label: "Nightly report" });
    await page.getByLabel("Status", { exact: true }).selectOption("failed");
    await page.getByRole("heading", { name: "No executions match these filters" }).waitFor();
    await page.getByLabel("Status", { exact: true }).selectOption("all");
    await main.getByText("12 executions", { exact: true }).waitFor();
    expect(await list.getByText("Shape the order", { exact: true }).count()).toBe(0);
    await expectAccessibleWithoutToasts(page, "executions, filtered");
    await screenshotBothWidths(page, "console-executions");

    // Test mode lists the test execution only; while it runs, its row is read again until it ends.
    await page.getByRole("button", { name: "Test", exact: true }).click();
    await main.getByText("1 execution", { exact: true }).waitFor();
    await list.getByText("Dry run", { exact: true }).waitFor();
    await list.getByText("Running", { exact: true }).waitFor();
    expect(await list.getByText("Shape the order", { exact: true }).count()).toBe(0);
    await db.updateTable("executions").set({ status: "completed", finished_at: new Date() }).where("id", "=", testRun).execute();
    await list.getByText("Completed", { exact: true }).waitFor({ timeout: 10_000 });
    watch.expectClean("executions");
  });
});
