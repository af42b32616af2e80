import { verify as verifyGithubStyle } from "@octokit/webhooks-methods";
import { Webhook } from "standardwebhooks";
import { beforeEach, describe, expect, it } from "vitest";
import type { KeyMode } from "../../core/contracts/api-keys.js";
import type { WebhookEventType } from "../../core/contracts/webhook-events.js";
import { newId } from "../../core/ids.js";
import { createLogger } from "../../core/logger.js";
import { deliveryJobId } from "../../core/webhooks/delivery-jobs.js";
import { enqueueDeliveries, recordWebhookEvent } from "../../core/webhooks/events.js";
import { generateWebhookSecret } from "../../core/webhooks/signing.js";
import { createAccount } from "../../testing/accounts.js";
import { useTestDatabase } from "../../testing/database.js";
import { useTestEngine } from "../../testing/engine.js";
import { waitFor } from "../../testing/wait-for.js";
import { useHttpReceiver, type ReceivedRequest } from "../../testing/http-receiver.js";
import { retryAfterCases } from "../../testing/retry-after-cases.js";
import { insertWebhookEndpoint, type TestEndpointOptions } from "../../testing/webhooks.js";
import { deliverWebhook, type DeliveryDeps } from "./deliver-webhook.js";
import { createSucceededAttempts, recordSucceededAttempts } from "./delivery-records.js";

const database = useTestDatabase();
// Short retries (about 0, 100 and 100 ms) so a whole schedule runs within a test.
const engine = useTestEngine(database, () => ({ OUTBOUND_ALLOW_PRIVATE: "true", WEBHOOK_RETRY_SCHEDULE_MS: "0,100,100" }));
const receiver = useHttpReceiver();
beforeEach(() => respondWith(200));

const db = () => database.current.db;
const DAY_MS = 24 * 3_600_000;

function respondWith(...statuses: number[]): void {
  let calls = 0;
  receiver.current.respondWith((_request, response) => {
    const status = statuses[Math.min(calls++, statuses.length - 1)] ?? 200;
    response.writeHead(status, { "Content-Type": "text/plain" });
    response.end(`answer ${calls}`);
  });
}

const createEndpoint = (userId: string, options: TestEndpointOptions = {}) => insertWebhookEndpoint(db(), userId, receiver.current.url, options);

/** Records an event as a service would (delivered to subscribed endpoints) without enqueueing it. */
async function record(userId: string, type: WebhookEventType = "workflow.completed", mode: KeyMode = "live") {
  const data = { workflow_id: newId("wf"), execution_id: newId("exec"), duration_ms: 12, actions_executed: 2 };
  return db().transaction().execute((trx) => recordWebhookEvent(trx, { userId, mode, type, data, now: new Date() }));
}

async function emit(userId: string, type: WebhookEventType = "workflow.completed") {
  const recorded = await record(userId, type);
  await enqueueDeliveries(engine.current.queues, recorded.deliveryIds);
  return { eventId: recorded.eventId, deliveryId: recorded.deliveryIds[0] ?? "" };
}

const delivery = (id: string) => db().selectFrom("webhook_deliveries").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const attempts = (id: string) => db().selectFrom("webhook_delivery_attempts").selectAll().where("delivery_id", "=", id).orderBy("attempt").execute();
const endpointRow = (id: string) => db().selectFrom("webhook_endpoints").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

async function finished(id: string) {
  return waitFor(async () => {
    const row = await delivery(id);
    return row.status === "succeeded" || row.status === "failed" ? row : undefined;
  });
}

function headersOf(request: ReceivedRequest): Record<string, string> {
  return Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
}

function directDeps(overrides: Partial<DeliveryDeps["config"]> = {}): DeliveryDeps {
  return {
    db: db(),
    queues: engine.current.queues,
    logger: createLogger({ level: "silent", name: "test" }),
    config: { ...engine.current.config, ...overrides },
    succeededAttempts: createSucceededAttempts(db()),
  };
}

describe("webhook delivery", () => {
  it("POSTs the event body signed in both forms, verified by the public libraries", async () => {
    const { id: userId } = await createAccount(db());
    const endpoint = await createEndpoint(userId);
    const { eventId, deliveryId } = await emit(userId);

    const [request] = await receiver.current.waitForRequests(1);
    if (!request) throw new Error("no request");
    const headers = headersOf(request);
    expect(request.method).toBe("POST");
    expect(request.path).toBe(`/hooks/${endpoint.id}`);
    expect(headers["content-type"]).toBe("application/json");
    expect(headers["user-agent"]).toBe("Sluice-Webhooks/1.0");
    expect(headers["webhook-id"]).toBe(eventId);
    expect(Math.abs(Number(headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(10);

    const body = new Webhook(endpoint.secret).verify(request.body, headers);
    expect(body).toMatchObject({ id: eventId, type: "workflow.completed", data: { duration_ms: 12, actions_executed: 2 } });
    expect(await verifyGithubStyle(endpoint.secret, request.body, headers["x-webhook-signature-256"] ?? "")).toBe(true);
    expect(() => new Webhook(generateWebhookSecret()).verify(request.body, headers)).toThrow();
    expect(await verifyGithubStyle(generateWebhookSecret(), request.body, headers["x-webhook-signature-256"] ?? "")).toBe(false);

    const row = await finished(deliveryId);
    expect(row).toMatchObject({ status: "succeeded", attempt: 1, response_status: 200, response_body_excerpt: "answer 1", next_attempt_at: null, error: null });
    expect(await attempts(deliveryId)).toMatchObject([{ attempt: 1, response_status: 200, error: null }]);
  });

  it("retries a failing receiver and logs every attempt: 500, 500, then 200", async () => {
    respondWith(500, 500, 200);
    const { id: userId } = await createAccount(db());
    const endpoint = await createEndpoint(userId);
    const { eventId, deliveryId } = await emit(userId);

    const row = await finished(deliveryId);
    expect(row).toMatchObject({ status: "succeeded", attempt: 3, response_status: 200, next_attempt_at: null, error: null });
    expect((await attempts(deliveryId)).map((a) => [a.attempt, a.response_status, a.error])).toEqual([
      [1, 500, "The endpoint answered HTTP 500."],
      [2, 500, "The endpoint answered HTTP 500."],
      [3, 200, null],
    ]);
    const requests = await receiver.current.waitForRequests(3);
    expect(requests).toHaveLength(3);
    // The same event id on every attempt, each signed for its own timestamp.
    for (const request of requests) {
      const headers = headersOf(request);
      expect(headers["webhook-id"]).toBe(eventId);
      expect(new Webhook(endpoint.secret).verify(request.body, headers)).toMatchObject({ id: eventId });
    }
    // Failures started a run; the success ended it.
    expect((await endpointRow(endpoint.id)).failing_since).toBeNull();
  });

  it("shows a delivery as retrying between attempts and honours a longer Retry-After", async () => {
    receiver.current.respondWith((_request, response) => {
      response.writeHead(503, { "Retry-After": "120" });
      response.end();
    });
    const { id: userId } = await createAccount(db());
    const endpoint = await createEndpoint(userId);
    const { deliveryId } = await emit(userId);

    const row = await waitFor(async () => {
      const current = await delivery(deliveryId);
      return current.status === "retrying" ? current : undefined;
    });
    const [attempt] = await attempts(deliveryId);
    const waitMs = (row.next_attempt_at?.getTime() ?? 0) - (attempt?.requested_at.getTime() ?? 0);
    expect(waitMs).toBeGreaterThanOrEqual(120_000);
    expect(waitMs).toBeLessThan(125_000);
    expect(row).toMatchObject({ attempt: 1, response_status: 503 });
    expect((await endpointRow(endpoint.id)).failing_since).not.toBeNull();

    const next = await engine.current.queues.get("webhook-delivery").getJob(deliveryJobId(deliveryId, 2));
    expect(await next?.getState()).toBe("delayed");
    expect(next?.opts.delay).toBeGreaterThanOrEqual(120_000);
    await next?.remove();
    expect(receiver.current.received).toHaveLength(1);
  });

  it("reads Retry-After as workflow actions and the portal read it", async () => {
    // Each delivery's first attempt is refused with the case's Retry-After; its retry succeeds.
    const refused = new Set<string>();
    let header: string | undefined;
    receiver.current.respondWith((request, response) => {
      const eventId = String(request.headers["webhook-id"]);
      const first = !refused.has(eventId);
      refused.add(eventId);
      response.writeHead(first ? 503 : 200, first && header !== undefined ? { "Retry-After": header } : {});
      response.end();
    });
    const { id: userId } = await createAccount(db());
    await createEndpoint(userId);
    const count = retryAfterCases(new Date()).length;
    for (let index = 0; index < count; index++) {
      const started = Date.now();
      // The table at this attempt's start: its HTTP dates count from now.
      const current = retryAfterCases(new Date(started))[index]!;
      header = current.header;
      const { deliveryIds } = await record(userId);
      const deliveryId = deliveryIds[0] ?? "";
      const outcome = await deliverWebhook(directDeps(), deliveryId, 1);
      const elapsed = Date.now() - started;
      expect(outcome).toMatchObject({ outcome: "retrying" });
      const nextAttemptInMs = outcome.outcome === "retrying" ? outcome.nextAttemptInMs : null;
      // The first retry is due at once unless Retry-After asks for longer; a date's wait shrinks as the attempt runs.
      const waitMs = current.waitMs ?? 0;
      expect(nextAttemptInMs, `Retry-After: ${header}`).toBeLessThanOrEqual(waitMs);
      expect(nextAttemptInMs, `Retry-After: ${header}`).toBeGreaterThanOrEqual(Math.max(0, waitMs - elapsed));
      const retry = await engine.current.queues.get("webhook-delivery").getJob(deliveryJobId(deliveryId, 2));
      if ((await retry?.getState()) === "delayed") await retry?.remove();
      else expect((await finished(deliveryId)).status).toBe("succeeded");
    }
  });

  it("fails the delivery after the last retry of the schedule", async () => {
    respondWith(500);
    const { id: userId } = await createAccount(db());
    await createEndpoint(userId);
    const { deliveryId } = await emit(userId);

    const row = await finished(deliveryId);
    // The first attempt and one retry per schedule entry (3).
    expect(row).toMatchObject({ status: "failed", attempt: 4, response_status: 500, next_attempt_at: null });
    expect((await attempts(deliveryId)).map((a) => a.response_status)).toEqual([500, 500, 500, 500]);
    expect(receiver.current.received).toHaveLength(4);
  });

  it("does not retry a destination the SSRF guard refuses", async () => {
    const { id: userId } = await createAccount(db());
    await createEndpoint(userId);
    const { deliveryIds } = await record(userId);
    const deliveryId = deliveryIds[0] ?? "";

    const outcome = await deliverWebhook(directDeps({ OUTBOUND_ALLOW_PRIVATE: false }), deliveryId, 1);
    expect(outcome).toMatchObject({ outcome: "failed", nextAttemptInMs: null });
    expect(await delivery(deliveryId)).toMatchObject({ status: "failed", attempt: 1, response_status: null, next_attempt_at: null });
    expect((await attempts(deliveryId))[0]?.error).toMatch(/^BLOCKED_DESTINATION: /);
    expect(await engine.current.queues.get("webhook-delivery").getJob(deliveryJobId(deliveryId, 2))).toBeUndefined();
    expect(receiver.current.received).toHaveLength(0);
  });

  it("makes each attempt once, however many times its job runs", async () => {
    const { id: userId } = await createAccount(db());
    await createEndpoint(userId);
    const { deliveryIds } = await record(userId);
    const deliveryId = deliveryIds[0] ?? "";

    const outcomes = await Promise.all([deliverWebhook(directDeps(), deliveryId, 1), deliverWebhook(directDeps(), deliveryId, 1)]);
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(["skipped", "succeeded"]);
    expect(await deliverWebhook(directDeps(), deliveryId, 1)).toEqual({ outcome: "skipped" });
    expect(await deliverWebhook(directDeps(), deliveryId, 2)).toEqual({ outcome: "skipped" });
    expect(receiver.current.received).toHaveLength(1);
    expect(await attempts(deliveryId)).toHaveLength(1);
  });

  it("signs with both secrets during a rotation's grace period, and with the new one only after it", async () => {
    const { id: userId } = await createAccount(db());
    const previous = generateWebhookSecret();
    const endpoint = await createEndpoint(userId, { previousSecret: previous, previousSecretExpiresAt: new Date(Date.now() + DAY_MS) });
    await emit(userId);
    const [request] = await receiver.current.waitForRequests(1);
    if (!request) throw new Error("no request");
    const headers = headersOf(request);
    expect(headers["webhook-signature"]?.split(" ")).toHaveLength(2);
    expect(new Webhook(endpoint.secret).verify(request.body, headers)).toMatchObject({ type: "workflow.completed" });
    expect(new Webhook(previous).verify(request.body, headers)).toMatchObject({ type: "workflow.completed" });
    expect(await verifyGithubStyle(endpoint.secret, request.body, headers["x-webhook-signature-256"] ?? "")).toBe(true);
    expect(await verifyGithubStyle(previous, request.body, headers["x-webhook-signature-256"] ?? "")).toBe(false);

    await db().updateTable("webhook_endpoints").set({ previous_secret_expires_at: new Date(Date.now() - 1_000) }).where("id", "=", endpoint.id).execute();
    await emit(userId);
    const [, later] = await receiver.current.waitForRequests(2);
    if (!later) throw new Error("no request");
    expect(headersOf(later)["webhook-signature"]?.split(" ")).toHaveLength(1);
    expect(() => new Webhook(previous).verify(later.body, headersOf(later))).toThrow();
  });

  it("disables an endpoint failing for more than 5 days and e-mails its owner once", async () => {
    respondWith(500);
    const owner = await createAccount(db());
    const endpoint = await createEndpoint(owner.id, { failingSince: new Date(Date.now() - 6 * DAY_MS) });
    // Two deliveries fail at about the same time: one disables, one e-mail.
    const first = await record(owner.id);
    const second = await record(owner.id);
    await enqueueDeliveries(engine.current.queues, [...first.deliveryIds, ...second.deliveryIds]);

    for (const id of [...first.deliveryIds, ...second.deliveryIds]) expect((await finished(id)).status).toBe("failed");
    const disabled = await endpointRow(endpoint.id);
    expect(disabled.is_active).toBe(false);
    expect(disabled.disabled_at).not.toBeNull();
    const mails = await db().selectFrom("email_outbox").selectAll().where("to_address", "=", owner.email).execute();
    expect(mails.map((mail) => mail.template)).toEqual(["webhook-endpoint-disabled"]);
    expect(mails[0]?.text_body).toContain(`live webhook endpoint ${receiver.current.url}/hooks/${endpoint.id} (${endpoint.id})`);
    // Nothing is retried, and a disabled endpoint receives no new deliveries.
    expect((await delivery(first.deliveryIds[0] ?? "")).next_attempt_at).toBeNull();
    expect((await record(owner.id)).deliveryIds).toEqual([]);
  });

  it("ends an endpoint's run of failures at the first success", async () => {
    const { id: userId } = await createAccount(db());
    const endpoint = await createEndpoint(userId, { failingSince: new Date(Date.now() - 2 * DAY_MS) });
    const { deliveryId } = await emit(userId);
    expect((await finished(deliveryId)).status).toBe("succeeded");
    expect(await endpointRow(endpoint.id)).toMatchObject({ failing_since: null, is_active: true });
  });

  it("closes a delivery whose endpoint was disabled before its attempt, without sending", async () => {
    const { id: userId } = await createAccount(db());
    const endpoint = await createEndpoint(userId);
    const { deliveryIds } = await record(userId);
    await db().updateTable("webhook_endpoints").set({ is_active: false }).where("id", "=", endpoint.id).execute();
    await enqueueDeliveries(engine.current.queues, deliveryIds);

    const row = await finished(deliveryIds[0] ?? "");
    expect(row).toMatchObject({ status: "failed", attempt: 0, error: "The endpoint was disabled or deleted before this attempt." });
    expect(await attempts(row.id)).toEqual([]);
    expect(receiver.current.received).toHaveLength(0);
  });

  it("delivers only to endpoints subscribed to the type, and nothing of test-mode activity to live endpoints", async () => {
    const { id: userId } = await createAccount(db());
    const failed = await createEndpoint(userId, { events: ["workflow.failed"] });
    const completed = await createEndpoint(userId, { events: ["workflow.completed", "workflow.triggered"] });
    const recorded = await record(userId, "workflow.completed");
    const rows = await db().selectFrom("webhook_deliveries").select("endpoint_id").where("event_id", "=", recorded.eventId).execute();
    expect(rows.map((r) => r.endpoint_id)).toEqual([completed.id]);
    expect(rows.map((r) => r.endpoint_id)).not.toContain(failed.id);

    const dry = await record(userId, "workflow.completed", "test");
    expect(dry.deliveryIds).toEqual([]);
    expect(await db().selectFrom("webhook_events").select("id").where("id", "=", dry.eventId).executeTakeFirst()).toBeDefined();
  });

  it("records succeeded attempts of many deliveries in one statement, leaving a delivery whose later attempt started", async () => {
    const { id: userId } = await createAccount(db());
    for (let i = 0; i < 3; i++) await createEndpoint(userId);
    const { deliveryIds } = await record(userId);
    const [first, second, moved] = deliveryIds;
    if (!first || !second || !moved) throw new Error("three deliveries");
    await db().updateTable("webhook_deliveries").set({ attempt: 1 }).where("id", "in", [first, second]).execute();
    await db().updateTable("webhook_deliveries").set({ attempt: 2 }).where("id", "=", moved).execute();

    const requestedAt = new Date("2026-11-26T09:00:00.000Z");
    const finishedAt = new Date("2026-11-26T09:00:00.040Z");
    const succeeded = (deliveryId: string, responseStatus: number) => ({ deliveryId, attempt: 1, requestedAt, finishedAt, responseStatus, responseBodyExcerpt: `ok ${responseStatus}`, durationMs: 40 });
    await recordSucceededAttempts(db(), [succeeded(first, 200), succeeded(second, 204), succeeded(moved, 202)]);

    expect(await delivery(first)).toMatchObject({ status: "succeeded", attempt: 1, response_status: 200, response_body_excerpt: "ok 200", duration_ms: 40, error: null, next_attempt_at: null, updated_at: finishedAt });
    expect(await delivery(second)).toMatchObject({ status: "succeeded", response_status: 204, response_body_excerpt: "ok 204" });
    expect(await delivery(moved)).toMatchObject({ status: "pending", attempt: 2, response_status: null });
    for (const [id, status] of [[first, 200], [second, 204], [moved, 202]] as const) {
      expect(await attempts(id)).toEqual([expect.objectContaining({ attempt: 1, requested_at: requestedAt, response_status: status, duration_ms: 40, error: null })]);
    }
  });
});
