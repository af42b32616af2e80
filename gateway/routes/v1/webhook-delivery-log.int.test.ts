import { Webhook } from "standardwebhooks";
import { verify as verifyGithubStyle } from "@octokit/webhooks-methods";
import { describe, expect, it } from "vitest";
import { RecoverDeliveriesResultSchema, WebhookDeliveryListSchema, WebhookEndpointWithSecretSchema } from "../../../core/contracts/webhook-endpoints.js";
import { ErrorBodySchema } from "../../../core/errors.js";
import { newId } from "../../../core/ids.js";
import { recordWebhookEvent } from "../../../core/webhooks/events.js";
import { RECOVERY_BATCH } from "../../../core/webhooks/recover-deliveries.js";
import { purgeWebhookLog } from "../../../engine/webhooks/purge-webhook-log.js";
import { createKeyedAccount } from "../../../testing/accounts.js";
import { useTestEngine } from "../../../testing/engine.js";
import { createApiCaller, useTestApp, type Auth } from "../../../testing/gateway.js";
import { useHttpReceiver, type ReceivedRequest } from "../../../testing/http-receiver.js";
import { waitFor } from "../../../testing/wait-for.js";
import { insertDelivery } from "../../../testing/webhooks.js";

const testApp = useTestApp();
useTestEngine({ get current() { return testApp.current.database; } }, () => ({
  QUEUE_PREFIX: testApp.current.config.QUEUE_PREFIX,
  OUTBOUND_ALLOW_PRIVATE: "true",
  WEBHOOK_RETRY_SCHEDULE_MS: "0,50,50",
}));
const receiver = useHttpReceiver();
const db = () => testApp.current.database.db;
const call = createApiCaller(testApp);

const HOUR = 3_600_000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR);

async function setUp(mode: "live" | "test" = "live", userId?: string) {
  const account = await createKeyedAccount(db(), { permission: "admin", mode, ...(userId ? { userId } : {}) });
  const response = await call(account.authorization, "POST", "/v1/webhook-endpoints", { url: `${receiver.current.url}/in/${newId("req")}`, events: ["*"] });
  expect(response.status).toBe(201);
  return { ...account, endpoint: WebhookEndpointWithSecretSchema.parse(await response.json()) };
}

async function list(auth: Auth, endpointId: string, query = "") {
  const response = await call(auth, "GET", `/v1/webhook-endpoints/${endpointId}/deliveries${query}`);
  expect(response.status, query).toBe(200);
  return WebhookDeliveryListSchema.parse(await response.json());
}

async function recover(auth: Auth, endpointId: string, body: unknown) {
  return call(auth, "POST", `/v1/webhook-endpoints/${endpointId}/recover`, body);
}

const ids = (page: { deliveries: { id: string }[] }) => page.deliveries.map((delivery) => delivery.id).sort();
const headersOf = (request: ReceivedRequest) => Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));

describe("delivery log filters", () => {
  it("filters by status, event type and time, together, and counts what passes", async () => {
    const { authorization, userId, endpoint } = await setUp();
    const at = (hours: number, type: string, status: "succeeded" | "failed" | "retrying" | "pending") =>
      insertDelivery(db(), userId, endpoint.id, { createdAt: hoursAgo(hours), type, status });
    const failedOld = await at(30, "workflow.failed", "failed");
    const failedNew = await at(2, "workflow.completed", "failed");
    const succeeded = await at(3, "workflow.completed", "succeeded");
    const retrying = await at(4, "processing.failed", "retrying");
    const pending = await at(1, "usage.threshold_reached", "pending");
    // Another endpoint of the same account: never in this endpoint's log.
    const other = await setUp("live", userId);
    await insertDelivery(db(), userId, other.endpoint.id, { createdAt: hoursAgo(2), status: "failed" });

    expect((await list(authorization, endpoint.id)).total).toBe(5);
    expect(ids(await list(authorization, endpoint.id, "?status=failed"))).toEqual([failedOld.deliveryId, failedNew.deliveryId].sort());
    const several = [failedOld, failedNew, retrying].map((d) => d.deliveryId).sort();
    expect(ids(await list(authorization, endpoint.id, "?status=failed,retrying"))).toEqual(several);
    expect(ids(await list(authorization, endpoint.id, "?status=failed&status=retrying"))).toEqual(several);
    expect(ids(await list(authorization, endpoint.id, "?event_type=workflow.completed"))).toEqual([failedNew.deliveryId, succeeded.deliveryId].sort());
    expect(ids(await list(authorization, endpoint.id, "?event_type=usage.threshold_reached&event_type=processing.failed"))).toEqual([pending.deliveryId, retrying.deliveryId].sort());
    const after = encodeURIComponent(hoursAgo(5).toISOString());
    const before = encodeURIComponent(hoursAgo(1.5).toISOString());
    expect(ids(await list(authorization, endpoint.id, `?created_after=${after}&created_before=${before}`))).toEqual([failedNew, succeeded, retrying].map((d) => d.deliveryId).sort());
    const combined = await list(authorization, endpoint.id, `?status=failed&event_type=workflow.completed&created_after=${after}`);
    expect(combined).toMatchObject({ total: 1, deliveries: [{ id: failedNew.deliveryId, status: "failed", event_type: "workflow.completed" }] });
    // Newest first, paged, the total counting every match.
    const paged = await list(authorization, endpoint.id, "?status=failed,succeeded&limit=2&page=2");
    expect(paged).toMatchObject({ total: 3, page: 2, limit: 2, deliveries: [{ id: failedOld.deliveryId }] });
  });

  it("answers 400 naming an unknown parameter or a bad value, instead of listing everything", async () => {
    const { authorization, endpoint } = await setUp();
    for (const [query, field] of [
      ["?status=lost", "status.0"],
      ["?status=failed,nope", "status.1"],
      ["?event_type=workflow.exploded", "event_type.0"],
      ["?created_after=yesterday", "created_after"],
      ["?created_before=2026-13-01T00:00:00Z", "created_before"],
      ["?created_after=2026-11-02&created_before=2026-11-01T00:00:00Z", "created_before"],
      ["?stauts=failed", "(root)"],
    ] as const) {
      const response = await call(authorization, "GET", `/v1/webhook-endpoints/${endpoint.id}/deliveries${query}`);
      expect(response.status, query).toBe(400);
      const error = ErrorBodySchema.parse(await response.json()).error;
      expect(error.code, query).toBe("BAD_REQUEST");
      expect(error.details?.map((detail) => detail.field), query).toContain(field);
      if (query === "?stauts=failed") expect(error.details?.[0]?.message).toContain("stauts");
    }
  });

  it("shows a key only its account's and its mode's logs", async () => {
    const live = await setUp("live");
    await insertDelivery(db(), live.userId, live.endpoint.id, { createdAt: hoursAgo(1), status: "failed" });
    const testKey = await createKeyedAccount(db(), { permission: "admin", mode: "test", userId: live.userId });
    const stranger = await createKeyedAccount(db(), { permission: "admin" });
    for (const auth of [testKey.authorization, stranger.authorization]) {
      expect((await call(auth, "GET", `/v1/webhook-endpoints/${live.endpoint.id}/deliveries?status=failed`)).status).toBe(404);
      expect((await recover(auth, live.endpoint.id, { since: hoursAgo(2).toISOString() })).status).toBe(404);
    }
    expect((await list(live.authorization, live.endpoint.id, "?status=failed")).total).toBe(1);
  });
});

describe("recovering failed deliveries", () => {
  it("sends again exactly the window's failed deliveries, once each, signed afresh with the same event id", async () => {
    const { authorization, userId, endpoint } = await setUp();
    const inWindow = [await insertDelivery(db(), userId, endpoint.id, { createdAt: hoursAgo(5) }), await insertDelivery(db(), userId, endpoint.id, { createdAt: hoursAgo(3) })];
    await insertDelivery(db(), userId, endpoint.id, { createdAt: hoursAgo(30) }); // before the window
    await insertDelivery(db(), userId, endpoint.id, { createdAt: hoursAgo(0.5) }); // after `until`
    await insertDelivery(db(), userId, endpoint.id, { createdAt: hoursAgo(4), status: "retrying" });
    await insertDelivery(db(), userId, endpoint.id, { createdAt: hoursAgo(4), status: "succeeded" });
    const other = await setUp("live", userId);
    await insertDelivery(db(), userId, other.endpoint.id, { createdAt: hoursAgo(4) });

    const requestedAt = Math.floor(Date.now() / 1000);
    const window = { since: hoursAgo(6).toISOString(), until: hoursAgo(1).toISOString() };
    // Two at once: between them each delivery is queued once.
    const answers = await Promise.all([recover(authorization, endpoint.id, window), recover(authorization, endpoint.id, window)]);
    const results = await Promise.all(answers.map(async (answer) => (expect(answer.status).toBe(202), RecoverDeliveriesResultSchema.parse(await answer.json()))));
    expect(results.reduce((sum, result) => sum + result.queued, 0)).toBe(2);
    expect(results.every((result) => !result.continues_in_background && result.since === window.since && result.until === window.until)).toBe(true);

    const received = await receiver.current.waitForRequests(2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.current.received, "nothing else is sent").toHaveLength(2);
    const wanted = new Map(inWindow.map((d) => [d.eventId, d.deliveryId]));
    for (const request of received) {
      const headers = headersOf(request);
      const body = new Webhook(endpoint.secret).verify(request.body, headers) as { id: string };
      expect(wanted.has(body.id)).toBe(true);
      expect(headers["webhook-id"]).toBe(body.id);
      expect(Number(headers["webhook-timestamp"])).toBeGreaterThanOrEqual(requestedAt);
      expect(await verifyGithubStyle(endpoint.secret, request.body, headers["x-webhook-signature-256"] ?? "")).toBe(true);
    }
    expect(new Set(received.map((request) => (JSON.parse(request.body) as { id: string }).id))).toEqual(new Set(wanted.keys()));

    // Each is a new attempt of the same delivery; its earlier attempts' count is kept.
    const recovered = await waitFor(async () => {
      const page = await list(authorization, endpoint.id, "?status=succeeded");
      return page.deliveries.filter((d) => [...wanted.values()].includes(d.id)).length === 2 ? page : undefined;
    });
    expect(recovered.deliveries.filter((d) => [...wanted.values()].includes(d.id)).map((d) => d.attempt_count)).toEqual([4, 4]);
    expect((await list(authorization, endpoint.id, "?status=failed")).total).toBe(2);

    // Nothing left failed in the window: a third call queues nothing.
    expect(RecoverDeliveriesResultSchema.parse(await (await recover(authorization, endpoint.id, window)).json()).queued).toBe(0);
  });

  it("queues one batch in the request and leaves the rest of a large window to the engine", async () => {
    const { authorization, userId, endpoint } = await setUp();
    const count = RECOVERY_BATCH + 20;
    const events = Array.from({ length: count }, (_, i) => ({ id: newId("evt"), createdAt: new Date(Date.now() - 2 * HOUR + i * 1_000) }));
    await db()
      .insertInto("webhook_events")
      .values(events.map((event) => ({ id: event.id, user_id: userId, mode: "live", type: "workflow.completed", payload: JSON.stringify({ id: event.id, type: "workflow.completed", timestamp: event.createdAt.toISOString(), data: {} }), created_at: event.createdAt })))
      .execute();
    await db()
      .insertInto("webhook_deliveries")
      .values(events.map((event) => ({ id: newId("del"), event_id: event.id, endpoint_id: endpoint.id, status: "failed", attempt: 3, created_at: event.createdAt, updated_at: event.createdAt })))
      .execute();

    const response = await recover(authorization, endpoint.id, { since: hoursAgo(3).toISOString() });
    expect(response.status).toBe(202);
    expect(RecoverDeliveriesResultSchema.parse(await response.json())).toMatchObject({ queued: RECOVERY_BATCH, continues_in_background: true });
    await receiver.current.waitForRequests(count, 30_000);
    await waitFor(async () => ((await list(authorization, endpoint.id, "?status=succeeded")).total === count ? true : undefined), 30_000);
    expect(new Set(receiver.current.received.map((request) => request.headers["webhook-id"])).size).toBe(count);
  });

  it("refuses a disabled endpoint with 409, and a bad window with 422", async () => {
    const { authorization, userId, endpoint } = await setUp();
    await insertDelivery(db(), userId, endpoint.id, { createdAt: hoursAgo(1) });
    expect((await call(authorization, "PATCH", `/v1/webhook-endpoints/${endpoint.id}`, { is_active: false })).status).toBe(200);
    const refused = await recover(authorization, endpoint.id, { since: hoursAgo(2).toISOString() });
    expect(refused.status).toBe(409);
    expect(ErrorBodySchema.parse(await refused.json()).error).toMatchObject({ code: "CONFLICT", message: expect.stringContaining("enable it") });
    expect((await list(authorization, endpoint.id, "?status=failed")).total, "nothing reopened").toBe(1);

    for (const body of [{}, { since: "last week" }, { since: hoursAgo(1).toISOString(), until: hoursAgo(2).toISOString() }, { since: hoursAgo(1).toISOString(), untill: "x" }]) {
      const response = await recover(authorization, endpoint.id, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(ErrorBodySchema.parse(await response.json()).error.code).toBe("VALIDATION_FAILED");
    }
    const readOnly = await createKeyedAccount(db(), { permission: "read", userId });
    expect((await recover(readOnly.authorization, endpoint.id, { since: hoursAgo(2).toISOString() })).status).toBe(403);
  });
});

describe("a deleted endpoint's log", () => {
  it("stays readable, receives nothing more, and is purged with the endpoint after the retention period", async () => {
    const { authorization, userId, endpoint } = await setUp();
    const failed = await insertDelivery(db(), userId, endpoint.id, { createdAt: hoursAgo(2) });
    const retrying = await insertDelivery(db(), userId, endpoint.id, { createdAt: hoursAgo(1), status: "retrying" });
    expect((await call(authorization, "DELETE", `/v1/webhook-endpoints/${endpoint.id}`)).status).toBe(200);

    const log = await list(authorization, endpoint.id, "?status=failed");
    expect(ids(log)).toEqual([failed.deliveryId, retrying.deliveryId].sort());
    expect(log.deliveries.find((d) => d.id === retrying.deliveryId)).toMatchObject({ next_attempt_at: null, error: "The endpoint was deleted before this attempt." });

    // A new event of the account, of every type it subscribed to: no delivery for the deleted endpoint.
    const recorded = await recordWebhookEvent(db(), { userId, mode: "live", type: "workflow.completed", data: {}, now: new Date() });
    expect(recorded.deliveryIds).toEqual([]);
    expect((await list(authorization, endpoint.id)).total).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.current.received).toHaveLength(0);

    // Within the retention period nothing goes; after it the endpoint and its log do.
    const deletedAt = (await db().selectFrom("webhook_endpoints").select("deleted_at").where("id", "=", endpoint.id).executeTakeFirstOrThrow()).deleted_at ?? new Date();
    const kept = await purgeWebhookLog(db(), new Date(deletedAt.getTime() + 29 * 24 * HOUR), 30);
    expect(kept.webhook_endpoints).toBe(0);
    expect((await list(authorization, endpoint.id)).total).toBe(2);
    const purged = await purgeWebhookLog(db(), new Date(deletedAt.getTime() + 31 * 24 * HOUR), 30);
    expect(purged.webhook_endpoints).toBeGreaterThanOrEqual(1);
    expect((await call(authorization, "GET", `/v1/webhook-endpoints/${endpoint.id}`)).status).toBe(404);
    expect((await call(authorization, "GET", `/v1/webhook-endpoints/${endpoint.id}/deliveries`)).status).toBe(404);
    expect(await db().selectFrom("webhook_deliveries").select("id").where("endpoint_id", "=", endpoint.id).execute()).toEqual([]);
  });

  it("purges events older than the retention period with their deliveries, and keeps newer ones", async () => {
    const { authorization, userId, endpoint } = await setUp();
    const old = await insertDelivery(db(), userId, endpoint.id, { createdAt: new Date(Date.now() - 31 * 24 * HOUR), status: "succeeded" });
    const recent = await insertDelivery(db(), userId, endpoint.id, { createdAt: hoursAgo(1), status: "succeeded" });
    await purgeWebhookLog(db(), new Date(), 30);
    expect(ids(await list(authorization, endpoint.id))).toEqual([recent.deliveryId]);
    expect(await db().selectFrom("webhook_events").select("id").where("id", "=", old.eventId).execute()).toEqual([]);
  });
});
