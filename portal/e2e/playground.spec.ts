import { readFile } from "node:fs/promises";
import type { Page, Request } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { z } from "zod";
import { CreatedKeySchema } from "../../core/contracts/api-keys.js";
import { ErrorBodySchema } from "../../core/errors.js";
import { DeletedWorkflowSchema, WorkflowListSchema, WorkflowSchema } from "../../core/contracts/workflow-responses.js";
import { BrowserClient } from "../../testing/browser-client.js";
import { SCREENSHOT_DIR, useBrowser } from "../../testing/browser.js";
import { expectAccessible, watchPage } from "../../testing/page-checks.js";
import { horizontalOverflow } from "../../testing/portal-session.js";

const browser = useBrowser();

/**
 * Chrome logs every 4xx answer as a console error, including the errors the real-API test
 * provokes. `watch` lets those log lines through and checks the failed responses themselves
 * instead, so nothing else hides.
 */
const FAILED_LOAD_LOG = /^Failed to load resource: the server responded with a status of (401|404|422|429) /;

function watch(page: Page) {
  const checks = watchPage(page, { allowConsole: FAILED_LOAD_LOG });
  const failures: string[] = [];
  page.on("response", (answer) => {
    const { pathname } = new URL(answer.url());
    if (answer.status() >= 400) failures.push(`${answer.status()} ${answer.request().method()} ${pathname}`);
  });
  return {
    /** No console error, foreign request or failed response other than `expectedFailures` ("404 GET /path"). */
    expectClean(label: string, expectedFailures: string[] = []) {
      checks.expectClean(label);
      expect(failures, `${label}: failed requests`).toEqual(expectedFailures);
    },
  };
}

/** A test-mode key of the e2e admin, created through the portal API as the dashboard does. */
async function createTestKey(): Promise<string> {
  const baseUrl = inject("baseUrl");
  const client = new BrowserClient({ request: (path, init) => fetch(`${baseUrl}${path}`, init) });
  const admin = inject("admin");
  const signIn = await client.post("/auth/signin", { email: admin.email, password: admin.password });
  expect(signIn.status, "sign in").toBe(200);
  const created = await client.post("/api/keys", { name: `Playground e2e ${Date.now()}`, mode: "test", permission: "write" });
  expect(created.status, "POST /api/keys").toBe(201);
  return CreatedKeySchema.parse(await created.json()).secret;
}

async function openPlayground(page: Page) {
  await page.goto("/playground");
  await page.getByRole("heading", { level: 1, name: "API playground" }).waitFor();
}

const requestForm = (page: Page) => page.getByRole("form", { name: "Request" });
const responseSection = (page: Page) => page.getByRole("region", { name: "Response" });
/** The status, time and source line of the response shown. */
const statusLine = (page: Page) => responseSection(page).getByTestId("response-status");

/** The body the page shows, parsed. */
async function shownBody(page: Page): Promise<unknown> {
  const text = await responseSection(page).locator("pre").textContent();
  return JSON.parse(text ?? "") as unknown;
}

/** The value shown for one rate-limit header, or null when the page shows none. */
async function shownHeader(page: Page, name: string): Promise<string | null> {
  const term = responseSection(page).locator("dt", { hasText: name });
  if ((await term.count()) === 0) return null;
  const value = await term.locator("xpath=following-sibling::dd[1]").textContent();
  return value?.trim().split(/\s/)[0] ?? null;
}

async function chooseEndpoint(page: Page, label: string) {
  await page.getByRole("radio", { name: label, exact: true }).check();
}

/** Sends the form and answers the API's response with the page updated to show it. */
async function sendForReal(page: Page, method: string) {
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith("/v1/workflows") && response.request().method() === method);
  await page.getByRole("button", { name: "Send Request" }).click();
  const response = await answer;
  await statusLine(page).getByText(String(response.status()), { exact: false }).waitFor();
  await statusLine(page).getByText("Live API").waitFor();
  return response;
}

/** The rate-limit headers the page shows must be those the API sent. */
async function expectShownRateLimit(page: Page, headers: Record<string, string>) {
  for (const name of ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"]) {
    const sent = headers[name.toLowerCase()];
    expect(sent, `${name} sent`).toMatch(/^\d+$/);
    expect(await shownHeader(page, name), name).toBe(sent);
  }
}

/** A full-page screenshot from the top, so the sticky header sits where it belongs. */
async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

async function activeElementName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    return `${element?.tagName ?? ""}:${element?.getAttribute("name") ?? element?.textContent?.trim() ?? ""}`;
  });
}

/** Presses Tab until focus reaches the element described by `target` (at most 40 presses). */
async function tabTo(page: Page, target: string) {
  for (let presses = 0; presses < 40; presses++) {
    if ((await activeElementName(page)) === target) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target}; focus is on ${await activeElementName(page)}`);
}

describe("the API playground", () => {
  it("simulates the response after a second without a key, and copies, downloads and describes it as code", async () => {
    const page = await browser.page();
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: inject("baseUrl") });
    const checks = watch(page);
    const apiCalls: Request[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/v1/")) apiCalls.push(request);
    });
    await openPlayground(page);

    const keyField = page.getByLabel("API key", { exact: true });
    expect(await keyField.getAttribute("type")).toBe("password");
    expect(await keyField.getAttribute("placeholder")).toMatch(/^sk_test_/);
    for (const label of ["List workflows", "Create workflow", "Get workflow", "Update workflow", "Delete workflow"]) {
      await page.getByRole("radio", { name: label, exact: true }).waitFor();
    }
    expect(await page.getByRole("radio", { name: "List workflows" }).isChecked()).toBe(true);
    expect(await page.getByLabel("JSON body").count(), "no body box for GET").toBe(0);
    expect(await page.getByLabel("Workflow id").count(), "no id for the list").toBe(0);

    // The body box appears for POST and PUT only, filled with a valid example; the id for get, update, delete.
    await chooseEndpoint(page, "Create workflow");
    const example = z.object({ name: z.string(), trigger: z.object({ type: z.string() }) }).parse(JSON.parse(await page.getByLabel("JSON body").inputValue()));
    expect(example.trigger.type).toBe("webhook");
    await chooseEndpoint(page, "Get workflow");
    expect(await page.getByLabel("JSON body").count()).toBe(0);
    await page.getByLabel("Workflow id").waitFor();
    await chooseEndpoint(page, "Update workflow");
    await page.getByLabel("JSON body").waitFor();
    await chooseEndpoint(page, "Delete workflow");
    expect(await page.getByLabel("JSON body").count()).toBe(0);

    // Without a key: "Send Request" shows a simulated response of the list's shape after one second.
    await chooseEndpoint(page, "List workflows");
    const started = Date.now();
    await page.getByRole("button", { name: "Send Request" }).click();
    await responseSection(page).getByText("Simulating the response...").first().waitFor();
    await statusLine(page).getByText("200 OK").waitFor();
    const elapsed = Date.now() - started;
    expect(elapsed, "simulated delay").toBeGreaterThanOrEqual(990);
    expect(elapsed).toBeLessThan(5_000);
    await statusLine(page).getByText("Simulated", { exact: true }).waitFor();
    const list = WorkflowListSchema.parse(await shownBody(page));
    expect(list.workflows.length).toBeGreaterThan(0);
    expect(await shownHeader(page, "X-RateLimit-Limit")).toBe("60");
    expect(await shownHeader(page, "X-RateLimit-Remaining")).toBe("59");
    expect(Number(await shownHeader(page, "X-RateLimit-Reset"))).toBeGreaterThan(Date.now() / 1_000);
    expect(await shownHeader(page, "Retry-After"), "no Retry-After on a 200").toBeNull();

    // Copy gives the body to the clipboard and says "Copied!" for two seconds.
    const shownText = (await responseSection(page).locator("pre").textContent()) ?? "";
    await page.getByRole("button", { name: "Copy response" }).click();
    await page.getByRole("button", { name: "Copied!" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shownText);
    await page.getByRole("button", { name: "Copy response" }).waitFor({ timeout: 3_000 });

    // Download saves the same text as response.json.
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("response.json");
    expect(await readFile(await file.path(), "utf8")).toBe(shownText);

    // The snippets describe the current request and read the key from the environment.
    const snippets = page.getByRole("region", { name: "Code snippets" });
    const origin = new URL(inject("baseUrl")).origin;
    const visibleSnippet = () => snippets.getByRole("tabpanel").locator("pre").textContent();
    expect(await visibleSnippet()).toContain(`curl '${origin}/v1/workflows'`);
    expect(await visibleSnippet()).toContain("$SLUICE_API_KEY");
    await snippets.getByRole("tab", { name: "JavaScript" }).click();
    expect(await visibleSnippet()).toContain(`await fetch("${origin}/v1/workflows"`);
    await snippets.getByRole("tab", { name: "Python" }).click();
    expect(await visibleSnippet()).toContain(`requests.get(\n    "${origin}/v1/workflows"`);
    await snippets.getByRole("button", { name: "Copy", exact: true }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await visibleSnippet());

    // Simulated create: 201 with the example's fields and the API's shape.
    await chooseEndpoint(page, "Create workflow");
    await page.getByRole("button", { name: "Send Request" }).click();
    await statusLine(page).getByText("201 Created").waitFor();
    const created = WorkflowSchema.parse(await shownBody(page));
    expect(created.name).toBe(example.name);
    expect(await visibleSnippet()).toContain(`requests.post(`);

    // Invalid JSON: an inline error on the focused box, and nothing sent or simulated.
    await page.getByLabel("JSON body").fill('{"name": "Broken",}');
    await page.getByRole("button", { name: "Send Request" }).click();
    await requestForm(page).getByText(/^The body is not valid JSON: /).waitFor();
    expect(await page.getByLabel("JSON body").getAttribute("aria-invalid")).toBe("true");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("body");
    expect(await statusLine(page).getByText("201 Created").count(), "the previous response stays").toBe(1);
    await snippets.getByText("The snippets appear once the request is complete.").waitFor();
    await screenshot(page, "playground-invalid-json-1280");
    await page.getByRole("button", { name: "Reset to example" }).click();
    expect(await requestForm(page).getByText(/^The body is not valid JSON: /).count()).toBe(0);

    // Get needs an id; the simulated create's id was carried over.
    await chooseEndpoint(page, "Get workflow");
    expect(await page.getByLabel("Workflow id").inputValue()).toBe(created.id);
    await page.getByLabel("Workflow id").fill("");
    await page.getByRole("button", { name: "Send Request" }).click();
    await page.getByText("Enter the id of a workflow, e.g. from the list or create response.").first().waitFor();

    await chooseEndpoint(page, "Delete workflow");
    await page.getByLabel("Workflow id").fill("wf_simulated");
    await page.getByRole("button", { name: "Send Request" }).click();
    await responseSection(page).getByText("Workflow deleted").waitFor();
    expect(DeletedWorkflowSchema.parse(await shownBody(page)).message).toBe("Workflow deleted");

    expect(apiCalls.map((request) => request.url()), "the simulation sends nothing").toEqual([]);
    await screenshot(page, "playground-simulated-1280");
    await expectAccessible(page, "playground with a simulated response");
    checks.expectClean("simulated playground");
  });

  it("calls the real API with a key: create, list, get, update and delete, with status, time and rate-limit headers", async () => {
    const secret = await createTestKey();
    const page = await browser.page();
    const checks = watch(page);
    await openPlayground(page);
    await page.getByLabel("API key", { exact: true }).fill(secret);

    // Create: 201, sent with the bearer key and without the portal's cookies.
    await chooseEndpoint(page, "Create workflow");
    const sentRequest = page.waitForRequest((request) => new URL(request.url()).pathname === "/v1/workflows");
    const created = await sendForReal(page, "POST");
    const requestHeaders = await (await sentRequest).allHeaders();
    expect(requestHeaders.authorization).toBe(`Bearer ${secret}`);
    expect(requestHeaders.cookie).toBeUndefined();
    expect(created.status()).toBe(201);
    await statusLine(page).getByText("201 Created").waitFor();
    await statusLine(page).getByText(/^\d+ ms$/).waitFor();
    await expectShownRateLimit(page, await created.allHeaders());
    const workflow = WorkflowSchema.parse(await shownBody(page));
    expect(WorkflowSchema.parse(await created.json()).id).toBe(workflow.id);
    expect(workflow.webhook_url).toContain(`/hooks/${workflow.id}/`);
    await screenshot(page, "playground-live-create-1280");

    // List: the new workflow is there.
    await chooseEndpoint(page, "List workflows");
    const listed = await sendForReal(page, "GET");
    expect(listed.status()).toBe(200);
    await expectShownRateLimit(page, await listed.allHeaders());
    expect(WorkflowListSchema.parse(await shownBody(page)).workflows.map((item) => item.id)).toContain(workflow.id);

    // Get: the created id was carried over to the id field.
    await chooseEndpoint(page, "Get workflow");
    expect(await page.getByLabel("Workflow id").inputValue()).toBe(workflow.id);
    const fetched = await sendForReal(page, "GET");
    expect(fetched.status()).toBe(200);
    expect(WorkflowSchema.parse(await shownBody(page))).toMatchObject({ id: workflow.id, name: workflow.name });

    // Update with the example body: status becomes draft.
    await chooseEndpoint(page, "Update workflow");
    const updated = await sendForReal(page, "PUT");
    expect(updated.status()).toBe(200);
    expect(WorkflowSchema.parse(await shownBody(page))).toMatchObject({ id: workflow.id, status: "draft", name: "New order alert (paused)" });

    // A body the API refuses: its 422 error body is shown, not a crash.
    await page.getByLabel("JSON body").fill('{"status": "paused"}');
    const refused = await sendForReal(page, "PUT");
    expect(refused.status()).toBe(422);
    await statusLine(page).getByText("422 Unprocessable Content").waitFor();
    expect(ErrorBodySchema.parse(await shownBody(page)).error.code).toBe("VALIDATION_FAILED");
    await responseSection(page).getByText("VALIDATION_FAILED", { exact: true }).waitFor();

    // Delete, then Get answers 404 with the API's error.
    await chooseEndpoint(page, "Delete workflow");
    const deleted = await sendForReal(page, "DELETE");
    expect(deleted.status()).toBe(200);
    expect(DeletedWorkflowSchema.parse(await shownBody(page)).message).toBe("Workflow deleted");
    await chooseEndpoint(page, "Get workflow");
    const gone = await sendForReal(page, "GET");
    expect(gone.status()).toBe(404);
    expect(ErrorBodySchema.parse(await shownBody(page)).error.code).toBe("NOT_FOUND");

    // Snippets name the key only when asked to.
    const snippets = page.getByRole("region", { name: "Code snippets" });
    const visibleSnippet = () => snippets.getByRole("tabpanel").locator("pre").textContent();
    expect(await visibleSnippet()).not.toContain(secret);
    await snippets.getByLabel("Include my API key in the snippets").check();
    expect(await visibleSnippet()).toContain(`Authorization: Bearer ${secret}`);
    await snippets.getByLabel("Include my API key in the snippets").uncheck();

    // The key is kept nowhere: not in storage, cookies or the URL.
    const stored = await page.evaluate(() => JSON.stringify([{ ...localStorage }, { ...sessionStorage }, document.cookie, location.href]));
    expect(stored).not.toContain(secret);

    // Past the test-mode limit of 60 requests a minute: 429 with Retry-After, shown as such.
    await chooseEndpoint(page, "List workflows");
    for (let attempt = 0; attempt < 70; attempt++) {
      const answer = await fetch(`${inject("baseUrl")}/v1/workflows?limit=1`, { headers: { Authorization: `Bearer ${secret}` } });
      await answer.body?.cancel();
      if (answer.status === 429) break;
    }
    const limited = await sendForReal(page, "GET");
    expect(limited.status()).toBe(429);
    await statusLine(page).getByText("429 Too Many Requests").waitFor();
    expect(ErrorBodySchema.parse(await shownBody(page)).error.code).toBe("RATE_LIMITED");
    expect(await shownHeader(page, "Retry-After")).toBe((await limited.allHeaders())["retry-after"]);
    expect(await shownHeader(page, "X-RateLimit-Remaining")).toBe("0");
    await screenshot(page, "playground-live-429-1280");

    // A wrong key: 401 with the API's error body and no rate-limit headers.
    await page.getByLabel("API key", { exact: true }).fill("sk_test_not-a-real-key");
    const unauthorized = await sendForReal(page, "GET");
    expect(unauthorized.status()).toBe(401);
    await statusLine(page).getByText("401 Unauthorized").waitFor();
    expect(ErrorBodySchema.parse(await shownBody(page)).error.code).toBe("UNAUTHORIZED");
    await responseSection(page).getByText(/^No rate-limit headers/).waitFor();
    await expectAccessible(page, "playground with a live error response");
    const item = `/v1/workflows/${workflow.id}`;
    checks.expectClean("live playground", [`422 PUT ${item}`, `404 GET ${item}`, "429 GET /v1/workflows", "401 GET /v1/workflows"]);
  });

  it("works with the keyboard alone at 360 px without horizontal scrolling", async () => {
    const page = await browser.page({ width: 360, height: 800 });
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: inject("baseUrl") });
    const checks = watch(page);
    await openPlayground(page);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, "playground-initial-360");

    // Tab into the endpoint group, arrow to Create, on to the body box and the Send button.
    await tabTo(page, "INPUT:endpoint");
    await page.keyboard.press("ArrowDown");
    expect(await page.getByRole("radio", { name: "Create workflow" }).isChecked()).toBe(true);
    await page.keyboard.press("Tab");
    expect(await activeElementName(page)).toBe("INPUT:api_key");
    await tabTo(page, "TEXTAREA:body");
    await page.keyboard.press("Control+End");
    await page.keyboard.press("Backspace");
    await tabTo(page, "BUTTON:Send Request");
    await page.keyboard.press("Enter");
    await requestForm(page).getByText(/^The body is not valid JSON: /).waitFor();
    expect(await activeElementName(page), "focus moves to the invalid box").toBe("TEXTAREA:body");
    await page.keyboard.type("}");
    await tabTo(page, "BUTTON:Send Request");
    await page.keyboard.press("Enter");
    await statusLine(page).getByText("201 Created").waitFor();

    // The copy button and the snippet tabs answer to the keyboard too.
    await tabTo(page, "BUTTON:Copy response");
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Copied!" }).waitFor();
    await tabTo(page, "BUTTON:cURL");
    await page.keyboard.press("ArrowRight");
    const javascriptTab = page.getByRole("tab", { name: "JavaScript" });
    expect(await javascriptTab.getAttribute("aria-selected")).toBe("true");
    expect(await activeElementName(page)).toBe("BUTTON:JavaScript");
    await page.getByRole("tabpanel", { name: "JavaScript" }).getByText("await fetch(").waitFor();

    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, "playground-response-360");
    await responseSection(page).screenshot({ path: `${SCREENSHOT_DIR}/playground-response-section-360.png` });
    await page.getByRole("region", { name: "Code snippets" }).screenshot({ path: `${SCREENSHOT_DIR}/playground-snippets-section-360.png` });
    await expectAccessible(page, "playground at 360 px");
    checks.expectClean("playground at 360 px");
  });
});
