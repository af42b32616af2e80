import { verify as verifyGithubStyle } from "@octokit/webhooks-methods";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { TestEventResultSchema, WebhookDeliveryListSchema, WebhookDeliverySchema, WebhookEndpointWithSecretSchema } from "../../../core/contracts/webhook-endpoints.js";
import { newId } from "../../../core/ids.js";
import { createKeyedAccount } from "../../../testing/accounts.js";
import { useTestEngine } from "../../../testing/engine.js";
import { waitFor } from "../../../testing/wait-for.js";
import { createApiCaller, useTestApp, type Auth } from "../../../testing/gateway.js";
import { useHttpReceiver, type ReceivedRequest } from "../../../testing/http-receiver.js";

const testApp = useTestApp();
// The engine works the gateway's queues and delivers to the local receiver, with short retries.
useTestEngine({ get current() { return testApp.current.database; } }, () => ({
  QUEUE_PREFIX: testApp.current.config.QUEUE_PREFIX,
  OUTBOUND_ALLOW_PRIVATE: "true",
  WEBHOOK_RETRY_SCHEDULE_MS: "0,50,50",
}));
const receiver = useHttpReceiver();

const db = () => testApp.current.database.db;
const call = createApiCaller(testApp);

async function setUp(events: string[] = ["workflow.completed"]) {
  const account = await createKeyedAccount(db(), { permission: "admin" });
  const response = await call(account.authorization, "POST", "/v1/webhook-endpoints", { url: `${receiver.current.url}/in/${newId("req")}`, events });
  expect(response.status).toBe(201);
  return { ...account, endpoint: WebhookEndpointWithSecretSchema.parse(await response.json()) };
}

async function sendTest(auth: Auth, endpointId: string, body?: unknown) {
  const response = await call(auth, "POST", `/v1/webhook-endpoints/${endpointId}/test`, body);
  expect(response.status).toBe(202);
  return TestEventResultSchema.parse(await response.json());
}

async function deliveries(auth: Auth, endpointId: string, query = "") {
  const response = await call(auth, "GET", `/v1/webhook-endpoints/${endpointId}/deliveries${query}`);
  expect(response.status).toBe(200);
  return WebhookDeliveryListSchema.parse(await response.json());
}

async function settled(auth: Auth, endpointId: string, deliveryId: string) {
  return waitFor(async () => {
    const found = (await deliveries(auth, endpointId)).deliveries.find((d) => d.id === deliveryId);
    return found && (found.status === "succeeded" || found.status === "failed") ? found : undefined;
  });
}

const headersOf = (request: ReceivedRequest) => Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));

describe("webhook deliveries API", () => {
  it("sends a signed test event with sample data to this endpoint only", async () => {
    const { authorization, userId, endpoint } = await setUp(["workflow.completed"]);
    const other = await call(authorization, "POST", "/v1/webhook-endpoints", { url: `${receiver.current.url}/other`, events: ["*"] });
    expect(other.status).toBe(201);

    const { event_id, delivery_id } = await sendTest(authorization, endpoint.id, { type: "workflow.failed" });
    const [request] = await receiver.current.waitForRequests(1);
    if (!request) throw new Error("no request");
    expect(request.path).toBe(new URL(endpoint.url).pathname);
    const body = new Webhook(endpoint.secret).verify(request.body, headersOf(request));
    expect(body).toMatchObject({ id: event_id, type: "workflow.failed", data: { test: true, error: { code: "ACTION_FAILED" } } });
    expect(await verifyGithubStyle(endpoint.secret, request.body, headersOf(request)["x-webhook-signature-256"] ?? "")).toBe(true);

    expect((await settled(authorization, endpoint.id, delivery_id)).status).toBe("succeeded");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.current.received).toHaveLength(1);
    const event = await db().selectFrom("webhook_events").select(["user_id", "type"]).where("id", "=", event_id).executeTakeFirstOrThrow();
    expect(event).toEqual({ user_id: userId, type: "workflow.failed" });
  });

  it("sends workflow.completed when no type is given, and refuses a type it does not know", async () => {
    const { authorization, endpoint } = await setUp();
    await sendTest(authorization, endpoint.id);
    const [request] = await receiver.current.waitForRequests(1);
    expect(JSON.parse(request?.body ?? "{}")).toMatchObject({ type: "workflow.completed", data: { test: true, actions_executed: 3 } });
    expect((await call(authorization, "POST", `/v1/webhook-endpoints/${endpoint.id}/test`, { type: "workflow.exploded" })).status).toBe(422);
  });

  it("lists deliveries newest first with their attempts, page by page", async () => {
    let calls = 0;
    receiver.current.respondWith((_request, response) => {
      response.writeHead(++calls <= 2 ? 500 : 200);
      response.end(calls <= 2 ? "down" : "up");
    });
    const { authorization, endpoint } = await setUp();
    const first = await sendTest(authorization, endpoint.id);
    const retried = await settled(authorization, endpoint.id, first.delivery_id);
    expect(retried).toMatchObject({ event_id: first.event_id, event_type: "workflow.completed", status: "succeeded", attempt_count: 3, response_status: 200, response_body_excerpt: "up", next_attempt_at: null });
    expect(retried.attempts.map((a) => [a.attempt, a.response_status])).toEqual([[1, 500], [2, 500], [3, 200]]);

    const second = await sendTest(authorization, endpoint.id);
    await settled(authorization, endpoint.id, second.delivery_id);
    const page = await deliveries(authorization, endpoint.id, "?limit=1");
    expect(page).toMatchObject({ total: 2, page: 1, limit: 1 });
    expect(page.deliveries.map((d) => d.id)).toEqual([second.delivery_id]);
    expect((await deliveries(authorization, endpoint.id, "?limit=1&page=2")).deliveries.map((d) => d.id)).toEqual([first.delivery_id]);
  });

  it("replays a delivery: the same event again, a new run, the attempt log kept", async () => {
    const { authorization, endpoint } = await setUp();
    const { event_id, delivery_id } = await sendTest(authorization, endpoint.id);
    await settled(authorization, endpoint.id, delivery_id);

    const response = await call(authorization, "POST", `/v1/webhook-endpoints/${endpoint.id}/deliveries/${delivery_id}/replay`);
    expect(response.status).toBe(202);
    expect(WebhookDeliverySchema.parse(await response.json())).toMatchObject({ id: delivery_id, status: "pending", attempt_count: 1 });

    const [original, replayed] = await receiver.current.waitForRequests(2);
    expect(replayed?.body).toBe(original?.body);
    expect(headersOf(replayed as ReceivedRequest)["webhook-id"]).toBe(event_id);
    const after = await waitFor(async () => {
      const found = (await deliveries(authorization, endpoint.id)).deliveries[0];
      return found?.attempt_count === 2 && found.status === "succeeded" ? found : undefined;
    });
    expect(after.attempts.map((a) => a.attempt)).toEqual([1, 2]);
  });

  it("replays a failed delivery with a full run of retries", async () => {
    receiver.current.respondWith((_request, response) => {
      response.writeHead(500);
      response.end();
    });
    const { authorization, endpoint } = await setUp();
    const { delivery_id } = await sendTest(authorization, endpoint.id);
    expect(await settled(authorization, endpoint.id, delivery_id)).toMatchObject({ status: "failed", attempt_count: 4 });

    expect((await call(authorization, "POST", `/v1/webhook-endpoints/${endpoint.id}/deliveries/${delivery_id}/replay`)).status).toBe(202);
    const replayed = await waitFor(async () => {
      const found = (await deliveries(authorization, endpoint.id)).deliveries[0];
      return found?.status === "failed" && found.attempt_count === 8 ? found : undefined;
    });
    expect(replayed.attempts).toHaveLength(8);
    expect(receiver.current.received).toHaveLength(8);
  });

  it("answers 404 for a delivery of another endpoint or account, and 409 on a disabled endpoint", async () => {
    const mine = await setUp();
    const theirs = await setUp();
    const { delivery_id } = await sendTest(theirs.authorization, theirs.endpoint.id);
    const replay = (auth: Auth, endpointId: string) => call(auth, "POST", `/v1/webhook-endpoints/${endpointId}/deliveries/${delivery_id}/replay`);
    expect((await replay(mine.authorization, theirs.endpoint.id)).status).toBe(404);
    expect((await replay(mine.authorization, mine.endpoint.id)).status).toBe(404);
    const sibling = await call(theirs.authorization, "POST", "/v1/webhook-endpoints", { url: `${receiver.current.url}/sibling`, events: ["*"] });
    expect((await replay(theirs.authorization, WebhookEndpointWithSecretSchema.parse(await sibling.json()).id)).status).toBe(404);

    await call(mine.authorization, "PATCH", `/v1/webhook-endpoints/${mine.endpoint.id}`, { is_active: false });
    const refused = await call(mine.authorization, "POST", `/v1/webhook-endpoints/${mine.endpoint.id}/test`);
    expect(refused.status).toBe(409);
    expect(await db().selectFrom("webhook_events").select("id").where("user_id", "=", mine.userId).execute()).toEqual([]);
  });

  it("signs with both secrets after a rotation, each accepted by standardwebhooks", async () => {
    const { authorization, endpoint } = await setUp();
    const rotated = WebhookEndpointWithSecretSchema.parse(await (await call(authorization, "POST", `/v1/webhook-endpoints/${endpoint.id}/rotate-secret`)).json());
    await sendTest(authorization, endpoint.id);
    const [request] = await receiver.current.waitForRequests(1);
    if (!request) throw new Error("no request");
    const headers = headersOf(request);
    expect(headers["webhook-signature"]?.split(" ")).toHaveLength(2);
    expect(new Webhook(rotated.secret).verify(request.body, headers)).toMatchObject({ type: "workflow.completed" });
    expect(new Webhook(endpoint.secret).verify(request.body, headers)).toMatchObject({ type: "workflow.completed" });
    expect(await verifyGithubStyle(rotated.secret, request.body, headers["x-webhook-signature-256"] ?? "")).toBe(true);
  });

  it("delivers the usage.threshold_reached event of the metered path to subscribed endpoints", async () => {
    const account = await createKeyedAccount(db(), { permission: "admin", requestLimit: 5 });
    const created = await call(account.authorization, "POST", "/v1/webhook-endpoints", { url: `${receiver.current.url}/usage`, events: ["usage.threshold_reached"] });
    const endpoint = WebhookEndpointWithSecretSchema.parse(await created.json());
    // Requests 2 to 4 of 5: the fourth crosses 80 %.
    for (let i = 0; i < 3; i++) expect((await call(account.authorization, "GET", "/v1/webhook-endpoints")).status).toBe(200);

    const [request] = await receiver.current.waitForRequests(1);
    const body = new Webhook(endpoint.secret).verify(request?.body ?? "", headersOf(request as ReceivedRequest));
    expect(body).toMatchObject({ type: "usage.threshold_reached", data: { threshold_percent: 80, requests_used: 4, requests_limit: 5 } });
  });
});
