import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { WebhookEndpointWithSecretSchema } from "../../../core/contracts/webhook-endpoints.js";
import { createKeyedAccount } from "../../../testing/accounts.js";
import { useTestEngine } from "../../../testing/engine.js";
import { createApiCaller, queuedThresholdNotices, useTestApp, type Auth } from "../../../testing/gateway.js";
import { useHttpReceiver, type ReceivedRequest } from "../../../testing/http-receiver.js";

// Webhook endpoints belong to a mode (DESIGN.md section 7): events of test-mode activity reach
// test endpoints only, live events live endpoints only. Through the real engine and a local receiver.
const testApp = useTestApp();
useTestEngine({ get current() { return testApp.current.database; } }, () => ({
  QUEUE_PREFIX: testApp.current.config.QUEUE_PREFIX,
  OUTBOUND_ALLOW_PRIVATE: "true",
}));
const receiver = useHttpReceiver();
const db = () => testApp.current.database.db;
const call = createApiCaller(testApp);

/** An admin key of each mode on one account. */
async function keysOfBothModes(options: { requestLimit?: number } = {}) {
  const live = await createKeyedAccount(db(), { permission: "admin", ...options });
  const test = await createKeyedAccount(db(), { permission: "admin", mode: "test", userId: live.userId });
  return { userId: live.userId, live: live.authorization, test: test.authorization };
}

async function createEndpoint(auth: Auth, path: string, events: string[]) {
  const response = await call(auth, "POST", "/v1/webhook-endpoints", { url: `${receiver.current.url}${path}`, events });
  expect(response.status).toBe(201);
  return WebhookEndpointWithSecretSchema.parse(await response.json());
}

const WORKFLOW = { name: "Shape", trigger: { type: "manual", config: {} }, actions: [{ type: "transform", name: "shape", config: { output: { ok: "yes" } } }] };

async function runWorkflow(auth: Auth): Promise<string> {
  const created = await call(auth, "POST", "/v1/workflows", WORKFLOW);
  expect(created.status).toBe(201);
  const { id } = z.object({ id: z.string() }).parse(await created.json());
  const started = await call(auth, "POST", `/v1/workflows/${id}/execute`, { data: {} });
  expect(started.status).toBe(202);
  return z.object({ execution_id: z.string() }).parse(await started.json()).execution_id;
}

const ReceivedEventSchema = z.object({ type: z.string(), data: z.object({ execution_id: z.string().optional() }) });

/** The verified events one endpoint received, as [type, execution_id]. */
function eventsAt(path: string, secret: string): Array<[string, string | undefined]> {
  return receiver.current.received
    .filter((request) => request.path === path)
    .map((request: ReceivedRequest) => {
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      const event = ReceivedEventSchema.parse(new Webhook(secret).verify(request.body, headers));
      return [event.type, event.data.execution_id];
    });
}

/** Every delivery of the account's events: the event's mode and the endpoint's. */
const deliveredModes = (userId: string) =>
  db()
    .selectFrom("webhook_deliveries as d")
    .innerJoin("webhook_events as ev", "ev.id", "d.event_id")
    .innerJoin("webhook_endpoints as e", "e.id", "d.endpoint_id")
    .select(["ev.type", "ev.mode as event_mode", "e.mode as endpoint_mode", "e.id as endpoint_id"])
    .where("ev.user_id", "=", userId)
    .execute();

describe("webhook events by mode", () => {
  it("sends a test-mode execution's events to test endpoints only, and a live execution's to live endpoints only", async () => {
    const { userId, live, test } = await keysOfBothModes();
    const events = ["workflow.triggered", "workflow.completed"];
    const liveEndpoint = await createEndpoint(live, "/live", events);
    const testEndpoint = await createEndpoint(test, "/test", events);

    const liveExecution = await runWorkflow(live);
    const testExecution = await runWorkflow(test);
    await receiver.current.waitForRequests(4, 20_000);

    const sorted = (pairs: Array<[string, string | undefined]>) => pairs.sort(([a], [b]) => a.localeCompare(b));
    expect(sorted(eventsAt("/live", liveEndpoint.secret))).toEqual([["workflow.completed", liveExecution], ["workflow.triggered", liveExecution]]);
    expect(sorted(eventsAt("/test", testEndpoint.secret))).toEqual([["workflow.completed", testExecution], ["workflow.triggered", testExecution]]);
    const deliveries = await deliveredModes(userId);
    expect(deliveries).toHaveLength(4);
    for (const delivery of deliveries) expect(delivery.endpoint_mode, delivery.type).toBe(delivery.event_mode);
  });

  it("sends usage.threshold_reached, which only live usage reaches, to live endpoints only", async () => {
    const { userId, live, test } = await keysOfBothModes({ requestLimit: 5 });
    const liveEndpoint = await createEndpoint(live, "/live-usage", ["usage.threshold_reached"]);
    await createEndpoint(test, "/test-usage", ["usage.threshold_reached"]);
    // Live requests 2 to 4 of 5: the fourth crosses 80 %. The test key's requests never count.
    for (let i = 0; i < 3; i++) expect((await call(live, "GET", "/v1/webhook-endpoints")).status).toBe(200);
    expect(await queuedThresholdNotices(testApp.current, userId, 1)).toEqual([80]);

    const [request] = await receiver.current.waitForRequests(1, 20_000);
    expect(request?.path).toBe("/live-usage");
    const body = new Webhook(liveEndpoint.secret).verify(request?.body ?? "", Object.fromEntries(Object.entries(request?.headers ?? {}).map(([name, value]) => [name, String(value)])));
    expect(body).toMatchObject({ type: "usage.threshold_reached", data: { threshold_percent: 80 } });
    // The event and its deliveries are written together: there is no delivery to the test endpoint.
    const deliveries = await db().selectFrom("webhook_deliveries as d").innerJoin("webhook_events as ev", "ev.id", "d.event_id").select("d.endpoint_id").where("ev.user_id", "=", userId).execute();
    expect(deliveries).toEqual([{ endpoint_id: liveEndpoint.id }]);
    expect(await deliveredModes(userId)).toEqual([{ type: "usage.threshold_reached", event_mode: "live", endpoint_mode: "live", endpoint_id: liveEndpoint.id }]);
  });
});
