import { describe, expect, it } from "vitest";
import { ErrorBodySchema } from "../../core/errors.js";
import { utcDay, utcMonth } from "../../core/metering/calendar.js";
import { endpointField, meterKeys } from "../../core/metering/redis-keys.js";
import { connectRedis } from "../../core/redis.js";
import { flushUsage } from "../../core/metering/usage-flush.js";
import { createKeyedAccount } from "../../testing/accounts.js";
import { queuedThresholdNotices, useTestApp } from "../../testing/gateway.js";
import { WorkflowSchema } from "../../core/contracts/workflow-responses.js";

const testApp = useTestApp({ MAX_JSON_BODY_BYTES: "2048" });
const db = () => testApp.current.database.db;

type Auth = { Authorization: string };

async function newWorkflow(auth: Auth, overrides: Record<string, unknown> = {}) {
  const body = { name: "Hooked", trigger: { type: "webhook" }, actions: [{ type: "transform", config: { output: { x: "{{trigger.data.x}}" } } }], ...overrides };
  const response = await testApp.current.app.request("/v1/workflows", { method: "POST", headers: { ...auth, "Content-Type": "application/json" }, body: JSON.stringify(body) });
  expect(response.status).toBe(201);
  return WorkflowSchema.parse(await response.json());
}

/** The path of a workflow's webhook_url (the app is called in-process). */
async function hookPath(workflowId: string): Promise<string> {
  const row = await db().selectFrom("workflows").select("hook_secret").where("id", "=", workflowId).executeTakeFirstOrThrow();
  return `/hooks/${workflowId}/${row.hook_secret}`;
}

async function post(path: string, body?: string, headers: Record<string, string> = { "Content-Type": "application/json" }): Promise<Response> {
  return testApp.current.app.request(path, { method: "POST", headers, ...(body === undefined ? {} : { body }) });
}

const executionRow = (id: string) => db().selectFrom("executions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const errorOf = async (response: Response) => ErrorBodySchema.parse(await response.json()).error;

async function accepted(response: Response): Promise<string> {
  expect(response.status).toBe(202);
  const body = (await response.json()) as { execution_id: string; status: string };
  expect(body.status).toBe("queued");
  return body.execution_id;
}

describe("inbound webhook trigger", () => {
  it("starts an execution with the body as trigger data and queues its job", async () => {
    const { userId, authorization } = await createKeyedAccount(db());
    const workflow = await newWorkflow(authorization);
    expect(workflow.webhook_url?.endsWith(await hookPath(workflow.id))).toBe(true);
    const id = await accepted(await post(await hookPath(workflow.id), JSON.stringify({ x: 7, order: { id: "o-1" } })));
    expect(await executionRow(id)).toMatchObject({ workflow_id: workflow.id, user_id: userId, trigger_type: "webhook", mode: "live", status: "queued", trigger_data: { x: 7, order: { id: "o-1" } } });
    expect((await testApp.current.queues.get("workflow-run").getJob(id))?.data).toEqual({ execution_id: id });
  });

  it("wraps a JSON array or scalar as {body} and takes an empty body as {}", async () => {
    const { authorization } = await createKeyedAccount(db());
    const path = await hookPath((await newWorkflow(authorization)).id);
    expect((await executionRow(await accepted(await post(path, "[1,2,3]")))).trigger_data).toEqual({ body: [1, 2, 3] });
    expect((await executionRow(await accepted(await post(path, '"hello"', { "Content-Type": "application/vnd.api+json" })))).trigger_data).toEqual({ body: "hello" });
    expect((await executionRow(await accepted(await post(path, undefined, {})))).trigger_data).toEqual({});
  });

  it("gives the same 404 for a wrong secret, an unknown or deleted workflow and a non-webhook trigger", async () => {
    const { authorization } = await createKeyedAccount(db());
    const workflow = await newWorkflow(authorization);
    const path = await hookPath(workflow.id);
    const secret = path.split("/").at(-1) ?? "";
    const manual = await newWorkflow(authorization, { trigger: { type: "manual" } });
    const deleted = await newWorkflow(authorization);
    const deletedPath = await hookPath(deleted.id);
    await testApp.current.app.request(`/v1/workflows/${deleted.id}`, { method: "DELETE", headers: authorization });
    for (const wrong of [
      `/hooks/${workflow.id}/${secret.slice(0, -1)}${secret.endsWith("A") ? "B" : "A"}`,
      `/hooks/${workflow.id}/short`,
      `/hooks/wf_1111111111111111111111/${secret}`,
      await hookPath(manual.id),
      deletedPath,
    ]) {
      const response = await post(wrong, "{}");
      expect(response.status, wrong).toBe(404);
      expect((await errorOf(response)).code).toBe("NOT_FOUND");
    }
    expect(await db().selectFrom("executions").select("id").where("workflow_id", "in", [workflow.id, manual.id, deleted.id]).execute()).toEqual([]);
  });

  it("answers 409 for a draft workflow", async () => {
    const { authorization } = await createKeyedAccount(db());
    const draft = await newWorkflow(authorization, { status: "draft" });
    const response = await post(await hookPath(draft.id), "{}");
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toMatchObject({ code: "CONFLICT", message: "Workflow is not active" });
  });

  it("refuses non-JSON bodies with 415, malformed JSON with 400 and oversized bodies with 413", async () => {
    const { authorization } = await createKeyedAccount(db());
    const workflow = await newWorkflow(authorization);
    const path = await hookPath(workflow.id);
    const form = await post(path, "a=1", { "Content-Type": "application/x-www-form-urlencoded" });
    expect(form.status).toBe(415);
    expect((await errorOf(form)).code).toBe("UNSUPPORTED_MEDIA_TYPE");
    const malformed = await post(path, "{oops");
    expect(malformed.status).toBe(400);
    expect((await errorOf(malformed)).code).toBe("MALFORMED_JSON");
    const large = await post(path, JSON.stringify({ pad: "x".repeat(4_000) }));
    expect(large.status).toBe(413);
    expect(await db().selectFrom("executions").select("id").where("workflow_id", "=", workflow.id).execute()).toEqual([]);
  });

  it("honours Idempotency-Key for 24 hours", async () => {
    const { authorization } = await createKeyedAccount(db());
    const workflow = await newWorkflow(authorization);
    const path = await hookPath(workflow.id);
    const headers = { "Content-Type": "application/json", "Idempotency-Key": "delivery-77" };
    const first = await accepted(await post(path, '{"x":1}', headers));
    const replay = await post(path, '{"x":1}', headers);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await accepted(replay)).toBe(first);
    expect((await post(path, '{"x":2}', headers)).status).toBe(409);
    expect(await db().selectFrom("executions").select("id").where("workflow_id", "=", workflow.id).execute()).toHaveLength(1);
  });
});

describe("metering of inbound hooks", () => {
  it("counts each hook against the owner's quota under /api/webhooks, with rate-limit headers", async () => {
    const { userId, authorization } = await createKeyedAccount(db());
    const workflow = await newWorkflow(authorization);
    const now = new Date();
    const quotaKey = meterKeys.monthQuota(userId, "live", utcMonth(now));
    const before = Number((await testApp.current.redis.get(quotaKey)) ?? 0);
    const response = await post(await hookPath(workflow.id), "{}");
    await accepted(response);
    expect(response.headers.get("X-RateLimit-Limit")).not.toBeNull();
    expect(Number(await testApp.current.redis.get(quotaKey))).toBe(before + 1);
    const usage = await testApp.current.redis.hget(meterKeys.usageDay(userId, utcDay(now)), endpointField("/api/webhooks"));
    expect(Number(usage)).toBe(1);

    // The engine's flush books it under /api/webhooks; the account's pseudo key has no key ledger.
    const flusher = connectRedis(testApp.current.config, "worker");
    try {
      await flushUsage(db(), flusher, testApp.current.config.REDIS_KEY_PREFIX);
    } finally {
      await flusher.quit();
    }
    const booked = await db().selectFrom("api_usage").select(["endpoint", "request_count"]).where("user_id", "=", userId).orderBy("endpoint").execute();
    expect(booked).toEqual([
      { endpoint: "/api/data-processing", request_count: 1 },
      { endpoint: "/api/webhooks", request_count: 1 },
    ]);
  });

  it("counts a test-mode workflow's hooks on the test counters only", async () => {
    const live = await createKeyedAccount(db());
    const test = await createKeyedAccount(db(), { mode: "test", userId: live.userId });
    const workflow = await newWorkflow(test.authorization);
    await accepted(await post(await hookPath(workflow.id), "{}"));
    const month = utcMonth(new Date());
    expect(Number(await testApp.current.redis.get(meterKeys.monthQuota(live.userId, "test", month)))).toBe(2);
    expect(await testApp.current.redis.get(meterKeys.monthQuota(live.userId, "live", month))).toBeNull();
  });

  it("answers 429 QUOTA_EXCEEDED with Retry-After once the owner's quota is used up", async () => {
    const { userId, authorization } = await createKeyedAccount(db(), { requestLimit: 2 });
    const workflow = await newWorkflow(authorization);
    const path = await hookPath(workflow.id);
    await accepted(await post(path, "{}"));
    const refused = await post(path, "{}");
    expect(refused.status).toBe(429);
    expect((await errorOf(refused)).code).toBe("QUOTA_EXCEEDED");
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get("X-RateLimit-Resource")).toBe("monthly-quota");
    expect(await db().selectFrom("executions").select("id").where("user_id", "=", userId).execute()).toHaveLength(1);

    // The admitted hook took the owner from 50 to 100 %: all three notices.
    expect(await queuedThresholdNotices(testApp.current, userId, 3)).toEqual([80, 90, 100]);
  });
});
