import { describe, expect, it } from "vitest";
import { WebhookDeliveryListSchema, WebhookEndpointListSchema, WebhookEndpointWithSecretSchema } from "../../core/contracts/webhook-endpoints.js";
import { createAccount, createKeyedAccount } from "../../testing/accounts.js";
import { BrowserClient } from "../../testing/browser-client.js";
import { useTestApp } from "../../testing/gateway.js";
import { ExecutionListSchema, ExecutionSchema, ExecutionStartedSchema, WorkflowListSchema, WorkflowSchema } from "../../core/contracts/workflow-responses.js";

// The dashboard's copies of the workflow and webhook APIs under /api: the session's own account, no API key.
const testApp = useTestApp();
const db = () => testApp.current.database.db;

async function signedIn() {
  const account = await createAccount(db());
  const browser = new BrowserClient(testApp.current.app);
  expect((await browser.post("/auth/signin", { email: account.email, password: account.password })).status).toBe(200);
  return { userId: account.id, browser };
}

const WORKFLOW = { name: "Nightly report", trigger: { type: "manual", config: {} }, actions: [{ type: "transform", name: "shape", config: { output: { ok: "yes" } } }] };

describe("dashboard workflows (/api/workflows)", () => {
  it("lists, runs, pauses and shows executions of the signed-in user's workflows, live and test apart", async () => {
    const { browser } = await signedIn();
    const created = await browser.post("/api/workflows", WORKFLOW);
    expect(created.status).toBe(201);
    const workflow = WorkflowSchema.parse(await created.json());
    expect((await browser.post("/api/workflows?mode=test", { ...WORKFLOW, name: "Test only" })).status).toBe(201);

    const live = WorkflowListSchema.parse(await (await browser.request("/api/workflows")).json());
    expect(live.workflows.map((w) => w.name)).toEqual(["Nightly report"]);
    const test = WorkflowListSchema.parse(await (await browser.request("/api/workflows?mode=test")).json());
    expect(test.workflows.map((w) => w.name)).toEqual(["Test only"]);

    const run = await browser.post(`/api/workflows/${workflow.id}/execute`, {});
    expect(run.status).toBe(202);
    const started = ExecutionStartedSchema.parse(await run.json());
    const executions = ExecutionListSchema.parse(await (await browser.request(`/api/workflows/${workflow.id}/executions`)).json());
    expect(executions.executions.map((e) => e.id)).toEqual([started.execution_id]);
    const detail = await browser.request(`/api/executions/${started.execution_id}`);
    expect(detail.status).toBe(200);
    expect(ExecutionSchema.parse(await detail.json()).id).toBe(started.execution_id);

    const paused = await browser.request(`/api/workflows/${workflow.id}`, { method: "PUT", json: { status: "draft" } });
    expect(paused.status).toBe(200);
    expect(WorkflowSchema.parse(await paused.json()).status).toBe("draft");
    // Dashboard requests are not API usage.
    expect(await db().selectFrom("api_usage").select("id").execute()).toEqual([]);
  });

  it("cancels from the dashboard: workflow.cancelled names the dashboard as who asked; PATCH changes part of a workflow", async () => {
    const { userId, browser } = await signedIn();
    await db()
      .insertInto("webhook_endpoints")
      .values({ id: "whe_dashboardcancel000001", user_id: userId, mode: "live", url: "https://example.com/hooks", events: ["workflow.cancelled"], secret: "whsec_dGVzdHNlY3JldHRlc3RzZWNyZXQ=" })
      .execute();
    const workflow = WorkflowSchema.parse(await (await browser.post("/api/workflows", WORKFLOW)).json());
    const started = ExecutionStartedSchema.parse(await (await browser.post(`/api/workflows/${workflow.id}/execute`, {})).json());
    // No engine runs here: the execution is still queued, so the gateway's cancel ends it and records the event.
    expect((await browser.post(`/api/executions/${started.execution_id}/cancel`, {})).status).toBe(202);
    const events = await db().selectFrom("webhook_events").select("payload").where("user_id", "=", userId).where("type", "=", "workflow.cancelled").execute();
    expect(events.map((event) => event.payload)).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ execution_id: started.execution_id, requested_by: "dashboard" }) }),
    ]);
    expect(await db().selectFrom("webhook_deliveries").select("status").where("endpoint_id", "=", "whe_dashboardcancel000001").execute()).toHaveLength(1);

    const patched = await browser.request(`/api/workflows/${workflow.id}`, { method: "PATCH", json: { description: "Every night" } });
    expect(WorkflowSchema.parse(await patched.json())).toMatchObject({ name: "Nightly report", description: "Every night" });
  });

  it("answers 404 for another account's workflow and 401 without a session", async () => {
    const owner = await signedIn();
    const workflow = WorkflowSchema.parse(await (await owner.browser.post("/api/workflows", WORKFLOW)).json());
    const stranger = await signedIn();
    expect((await stranger.browser.request(`/api/workflows/${workflow.id}`)).status).toBe(404);
    expect((await stranger.browser.post(`/api/workflows/${workflow.id}/execute`, {})).status).toBe(404);
    expect((await testApp.current.app.request("/api/workflows")).status).toBe(401);
  });
});

describe("dashboard webhook endpoints (/api/webhook-endpoints)", () => {
  it("creates an endpoint with its secret once, sends a test event and lists the delivery, rotates and deletes", async () => {
    const { browser } = await signedIn();
    const created = await browser.post("/api/webhook-endpoints", { url: "https://hooks.example.com/sluice", events: ["workflow.completed"] });
    expect(created.status).toBe(201);
    const endpoint = WebhookEndpointWithSecretSchema.parse(await created.json());
    expect(endpoint.secret).toMatch(/^whsec_/);

    const test = await browser.post(`/api/webhook-endpoints/${endpoint.id}/test`, { type: "workflow.completed" });
    expect(test.status).toBe(202);
    const deliveries = WebhookDeliveryListSchema.parse(await (await browser.request(`/api/webhook-endpoints/${endpoint.id}/deliveries`)).json());
    expect(deliveries.deliveries).toHaveLength(1);

    const rotated = await browser.post(`/api/webhook-endpoints/${endpoint.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(WebhookEndpointWithSecretSchema.parse(await rotated.json()).secret).not.toBe(endpoint.secret);
    expect((await browser.request(`/api/webhook-endpoints/${endpoint.id}`, { method: "DELETE" })).status).toBe(200);

    const stranger = await signedIn();
    expect((await stranger.browser.request(`/api/webhook-endpoints/${endpoint.id}/deliveries`)).status).toBe(404);
  });

  it("lists both modes' endpoints, each with its mode, creates a live one unless asked for test, and acts on a test one", async () => {
    const { userId, browser } = await signedIn();
    const create = async (path: string, url: string) => {
      const response = await browser.post(path, { url, events: ["*"] });
      expect(response.status).toBe(201);
      return WebhookEndpointWithSecretSchema.parse(await response.json());
    };
    const live = await create("/api/webhook-endpoints", "https://hooks.example.com/live");
    const test = await create("/api/webhook-endpoints?mode=test", "https://hooks.example.com/test");
    expect([live.mode, test.mode]).toEqual(["live", "test"]);
    const listed = WebhookEndpointListSchema.parse(await (await browser.request("/api/webhook-endpoints")).json());
    expect(listed.webhook_endpoints.map((e) => [e.url, e.mode])).toEqual([["https://hooks.example.com/test", "test"], ["https://hooks.example.com/live", "live"]]);

    // The test endpoint is the test keys' own: a test key lists it, a live key does not.
    const testKey = await createKeyedAccount(db(), { userId, mode: "test", permission: "admin" });
    const liveKey = await createKeyedAccount(db(), { userId, permission: "admin" });
    const keyList = async (auth: { Authorization: string }) =>
      WebhookEndpointListSchema.parse(await (await testApp.current.app.request("/v1/webhook-endpoints", { headers: auth })).json()).webhook_endpoints.map((e) => e.id);
    expect(await keyList(testKey.authorization)).toEqual([test.id]);
    expect(await keyList(liveKey.authorization)).toEqual([live.id]);

    // The dashboard's actions on the test endpoint work in its own mode.
    expect((await browser.post(`/api/webhook-endpoints/${test.id}/test`, { type: "workflow.completed" })).status).toBe(202);
    const [delivery] = WebhookDeliveryListSchema.parse(await (await browser.request(`/api/webhook-endpoints/${test.id}/deliveries`)).json()).deliveries;
    expect(delivery).toBeDefined();
    const event = await db().selectFrom("webhook_events").select("mode").where("id", "=", delivery?.event_id ?? "").executeTakeFirstOrThrow();
    expect(event.mode, "a test endpoint's sample event is a test-mode event").toBe("test");
    expect((await browser.post(`/api/webhook-endpoints/${test.id}/deliveries/${delivery?.id ?? ""}/replay`)).status).toBe(202);
    expect((await browser.post(`/api/webhook-endpoints/${test.id}/rotate-secret`)).status).toBe(200);
    expect((await browser.request(`/api/webhook-endpoints/${test.id}`, { method: "DELETE" })).status).toBe(200);
    expect(await keyList(testKey.authorization)).toEqual([]);
  });
});
