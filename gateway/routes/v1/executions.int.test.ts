import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { ErrorBodySchema } from "../../../core/errors.js";
import { connectRedis } from "../../../core/redis.js";
import { cancelChannel } from "../../../core/workflows/cancellation.js";
import { createKeyedAccount } from "../../../testing/accounts.js";
import { useTestApp } from "../../../testing/gateway.js";
import { waitFor } from "../../../testing/wait-for.js";
import { ExecutionListSchema, ExecutionSchema, ExecutionStartedSchema, WorkflowSchema } from "../../../core/contracts/workflow-responses.js";

const testApp = useTestApp();
const db = () => testApp.current.database.db;
const runQueue = () => testApp.current.queues.get("workflow-run");

type Auth = { Authorization: string };

async function send(auth: Auth, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return testApp.current.app.request(path, {
    method,
    headers: { ...auth, ...headers, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function newWorkflow(auth: Auth, overrides: Record<string, unknown> = {}) {
  const body = { name: "Flow", trigger: { type: "manual" }, actions: [{ type: "transform", config: { output: { a: "{{trigger.data.a}}" } } }], ...overrides };
  const response = await send(auth, "POST", "/v1/workflows", body);
  expect(response.status).toBe(201);
  return WorkflowSchema.parse(await response.json());
}

async function execute(auth: Auth, workflowId: string, body?: unknown, headers: Record<string, string> = {}) {
  return send(auth, "POST", `/v1/workflows/${workflowId}/execute`, body, headers);
}

async function executed(auth: Auth, workflowId: string, body?: unknown) {
  const response = await execute(auth, workflowId, body);
  expect(response.status).toBe(202);
  return ExecutionStartedSchema.parse(await response.json());
}

const executionRow = (id: string) => db().selectFrom("executions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const codeOf = async (response: Response) => ErrorBodySchema.parse(await response.json()).error.code;

async function subscribedEndpoint(userId: string, events: string[]) {
  const id = `whe_${Math.random().toString(36).slice(2)}`;
  await db().insertInto("webhook_endpoints").values({ id, user_id: userId, mode: "live", url: "http://127.0.0.1:9/hook", events, secret: "whsec_dGVzdA==" }).execute();
  return id;
}

describe("executing a workflow", () => {
  it("writes a queued execution, adds its job under the execution id and records workflow.triggered", async () => {
    const { userId, authorization } = await createKeyedAccount(db());
    const workflow = await newWorkflow(authorization);
    const before = Date.now();
    const started = await executed(authorization, workflow.id, { data: { a: 1, nested: { b: "x" } } });
    expect(started.status).toBe("queued");
    expect(started.execution_id).toMatch(/^exec_/);
    expect(Date.parse(started.started_at)).toBeGreaterThanOrEqual(before - 1);

    const row = await executionRow(started.execution_id);
    expect(row).toMatchObject({ workflow_id: workflow.id, user_id: userId, status: "queued", trigger_type: "manual", mode: "live", trigger_data: { a: 1, nested: { b: "x" } } });
    expect(row.queued_at.toISOString()).toBe(started.started_at);

    const job = await runQueue().getJob(started.execution_id);
    expect(job?.data).toEqual({ execution_id: started.execution_id });

    const events = await db().selectFrom("webhook_events").selectAll().where("user_id", "=", userId).execute();
    expect(events).toHaveLength(1);
    expect(events[0]?.type).toBe("workflow.triggered");
    expect(events[0]?.payload).toMatchObject({ type: "workflow.triggered", data: { workflow_id: workflow.id, execution_id: started.execution_id, trigger_data: { a: 1, nested: { b: "x" } } } });
  });

  it("queues a delivery of workflow.triggered to each subscribed endpoint, none in test mode", async () => {
    const live = await createKeyedAccount(db());
    const subscribed = await subscribedEndpoint(live.userId, ["workflow.triggered"]);
    const everything = await subscribedEndpoint(live.userId, ["*"]);
    await subscribedEndpoint(live.userId, ["workflow.completed"]);
    const started = await executed(live.authorization, (await newWorkflow(live.authorization)).id);
    const deliveries = await db()
      .selectFrom("webhook_deliveries")
      .innerJoin("webhook_events", "webhook_events.id", "webhook_deliveries.event_id")
      .select(["webhook_deliveries.id", "webhook_deliveries.endpoint_id", "webhook_deliveries.status", "webhook_events.payload"])
      .where("webhook_events.user_id", "=", live.userId)
      .execute();
    expect(deliveries.map((d) => d.endpoint_id).sort()).toEqual([subscribed, everything].sort());
    expect(deliveries.every((d) => d.status === "pending")).toBe(true);
    expect(deliveries[0]?.payload).toMatchObject({ data: { execution_id: started.execution_id } });
    for (const delivery of deliveries) {
      expect((await testApp.current.queues.get("webhook-delivery").getJob(delivery.id))?.data).toMatchObject({ delivery_id: delivery.id });
    }

    const test = await createKeyedAccount(db(), { mode: "test", userId: live.userId });
    const testRun = await executed(test.authorization, (await newWorkflow(test.authorization)).id);
    expect((await executionRow(testRun.execution_id)).mode).toBe("test");
    const testEvents = await db().selectFrom("webhook_events").select("id").where(sql<string>`payload -> 'data' ->> 'execution_id'`, "=", testRun.execution_id).execute();
    expect(testEvents).toHaveLength(1);
    const testDeliveries = await db().selectFrom("webhook_deliveries").select("id").where("event_id", "=", testEvents[0]?.id ?? "").execute();
    expect(testDeliveries).toEqual([]);
  });

  it("runs a draft on demand and takes a missing body as empty trigger data", async () => {
    const { authorization } = await createKeyedAccount(db());
    const draft = await newWorkflow(authorization, { status: "draft" });
    const started = await executed(authorization, draft.id);
    expect((await executionRow(started.execution_id)).trigger_data).toEqual({});
  });

  it("refuses trigger data that is not an object", async () => {
    const { authorization } = await createKeyedAccount(db());
    const workflow = await newWorkflow(authorization);
    const response = await execute(authorization, workflow.id, { data: [1, 2] });
    expect(response.status).toBe(422);
    expect(await codeOf(response)).toBe("VALIDATION_FAILED");
  });
});

describe("Idempotency-Key on execute", () => {
  it("answers a repeat with the original execution and Idempotent-Replayed", async () => {
    const { userId, authorization } = await createKeyedAccount(db());
    const workflow = await newWorkflow(authorization);
    const key = { "Idempotency-Key": "order-1001" };
    const first = await execute(authorization, workflow.id, { data: { a: 1 } }, key);
    expect(first.status).toBe(202);
    expect(first.headers.get("Idempotent-Replayed")).toBeNull();
    const firstBody = ExecutionStartedSchema.parse(await first.json());
    const again = await execute(authorization, workflow.id, { data: { a: 1 } }, key);
    expect(again.status).toBe(202);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(ExecutionStartedSchema.parse(await again.json())).toEqual(firstBody);
    const rows = await db().selectFrom("executions").select("id").where("user_id", "=", userId).execute();
    expect(rows).toEqual([{ id: firstBody.execution_id }]);
    expect(await db().selectFrom("webhook_events").select("id").where("user_id", "=", userId).execute()).toHaveLength(1);
  });

  it("answers the same key with a different body with 409, and keeps keys per workflow", async () => {
    const { userId, authorization } = await createKeyedAccount(db());
    const workflow = await newWorkflow(authorization);
    const other = await newWorkflow(authorization, { name: "Other" });
    const key = { "Idempotency-Key": "same-key" };
    expect((await execute(authorization, workflow.id, { data: { a: 1 } }, key)).status).toBe(202);
    const conflict = await execute(authorization, workflow.id, { data: { a: 2 } }, key);
    expect(conflict.status).toBe(409);
    expect(await codeOf(conflict)).toBe("CONFLICT");
    expect((await execute(authorization, other.id, { data: { a: 2 } }, key)).status).toBe(202);
    expect(await db().selectFrom("executions").select("id").where("user_id", "=", userId).execute()).toHaveLength(2);
  });

  it("starts one execution for two concurrent identical requests", async () => {
    const { userId, authorization } = await createKeyedAccount(db());
    const workflow = await newWorkflow(authorization);
    const key = { "Idempotency-Key": "race" };
    const responses = await Promise.all(Array.from({ length: 4 }, () => execute(authorization, workflow.id, { data: { a: 1 } }, key)));
    expect(responses.map((r) => r.status)).toEqual([202, 202, 202, 202]);
    const ids = new Set(await Promise.all(responses.map(async (r) => ExecutionStartedSchema.parse(await r.json()).execution_id)));
    expect(ids.size).toBe(1);
    expect(await db().selectFrom("executions").select("id").where("user_id", "=", userId).execute()).toHaveLength(1);
  });

  it("answers a malformed key with 400", async () => {
    const { authorization } = await createKeyedAccount(db());
    const workflow = await newWorkflow(authorization);
    const response = await execute(authorization, workflow.id, undefined, { "Idempotency-Key": "k".repeat(256) });
    expect(response.status).toBe(400);
    expect(await codeOf(response)).toBe("BAD_REQUEST");
  });
});

describe("reading executions", () => {
  it("shows an execution with its steps, timing and error", async () => {
    const { authorization } = await createKeyedAccount(db());
    const workflow = await newWorkflow(authorization);
    const { execution_id: id } = await executed(authorization, workflow.id, { data: { a: 5 } });
    const startedAt = new Date("2026-11-21T10:00:00.000Z");
    const finishedAt = new Date("2026-11-21T10:00:01.250Z");
    await db()
      .updateTable("executions")
      .set({ status: "failed", started_at: startedAt, finished_at: finishedAt, error: JSON.stringify({ code: "ACTION_FAILED", message: "HTTP 500" }) })
      .where("id", "=", id)
      .execute();
    const failedResponse = { status: 500, headers: { "content-type": "text/plain" }, body_excerpt: "database unavailable", body_truncated: false };
    await db()
      .insertInto("execution_steps")
      .values([
        { id: "step_1", execution_id: id, step_index: 0, name: "transform_1", type: "transform", status: "completed", input: JSON.stringify({ a: 5 }), output: JSON.stringify({ a: "5" }), attempts: 1, started_at: startedAt, finished_at: startedAt },
        {
          id: "step_2",
          execution_id: id,
          step_index: 1,
          name: "notify",
          type: "http_request",
          status: "failed",
          attempts: 3,
          error: JSON.stringify({ code: "ACTION_FAILED", message: "HTTP 500" }),
          started_at: startedAt,
          finished_at: finishedAt,
          attempt_history: JSON.stringify([
            { attempt: 1, started_at: "2026-11-21T10:00:00.000Z" },
            { attempt: 2, started_at: "2026-11-21T10:00:00.200Z", duration_ms: 30_000, outcome: "timed_out", error: { code: "STEP_TIMEOUT", message: "The step did not finish within 30 s" } },
            { attempt: 3, started_at: "2026-11-21T10:00:01.000Z", duration_ms: 250, outcome: "failed", error: { code: "ACTION_FAILED", message: "HTTP 500" }, response: failedResponse },
          ]),
        },
      ])
      .execute();
    const response = await send(authorization, "GET", `/v1/executions/${id}`);
    expect(response.status).toBe(200);
    const execution = ExecutionSchema.parse(await response.json());
    expect(execution).toMatchObject({
      id,
      workflow_id: workflow.id,
      status: "failed",
      trigger_type: "manual",
      trigger_data: { a: 5 },
      mode: "live",
      started_at: startedAt.toISOString(),
      finished_at: finishedAt.toISOString(),
      duration_ms: 1_250,
      error: { code: "ACTION_FAILED", message: "HTTP 500" },
      rerun_of: null,
    });
    expect(execution.steps).toEqual([
      {
        index: 0,
        name: "transform_1",
        type: "transform",
        status: "completed",
        input: { a: 5 },
        output: { a: "5" },
        attempts: 1,
        error: null,
        started_at: startedAt.toISOString(),
        finished_at: startedAt.toISOString(),
        // Run in memory, so no history was written: its one attempt is the row.
        attempt_history: [{ attempt: 1, started_at: startedAt.toISOString(), duration_ms: 0, outcome: "succeeded" }],
      },
      {
        index: 1,
        name: "notify",
        type: "http_request",
        status: "failed",
        input: null,
        output: null,
        attempts: 3,
        error: { code: "ACTION_FAILED", message: "HTTP 500" },
        started_at: startedAt.toISOString(),
        finished_at: finishedAt.toISOString(),
        attempt_history: [
          { attempt: 1, started_at: "2026-11-21T10:00:00.000Z", duration_ms: null, outcome: "interrupted" },
          { attempt: 2, started_at: "2026-11-21T10:00:00.200Z", duration_ms: 30_000, outcome: "timed_out", error: { code: "STEP_TIMEOUT", message: "The step did not finish within 30 s" } },
          { attempt: 3, started_at: "2026-11-21T10:00:01.000Z", duration_ms: 250, outcome: "failed", error: { code: "ACTION_FAILED", message: "HTTP 500" }, response: failedResponse },
        ],
      },
    ]);
  });

  it("lists a workflow's executions newest first, paged and filtered by status", async () => {
    const { authorization } = await createKeyedAccount(db());
    const workflow = await newWorkflow(authorization);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await executed(authorization, workflow.id, { data: { i } })).execution_id);
    await db().updateTable("executions").set({ status: "completed" }).where("id", "=", ids[1] ?? "").execute();
    const page = ExecutionListSchema.parse(await (await send(authorization, "GET", `/v1/workflows/${workflow.id}/executions?limit=2`)).json());
    expect(page).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(page.executions.map((e) => e.id)).toEqual([ids[2], ids[1]]);
    const completed = ExecutionListSchema.parse(await (await send(authorization, "GET", `/v1/workflows/${workflow.id}/executions?status=completed`)).json());
    expect(completed.executions.map((e) => e.id)).toEqual([ids[1]]);
    expect((await send(authorization, "GET", `/v1/workflows/${workflow.id}/executions?status=done`)).status).toBe(400);
  });

  it("answers 404 for another account's execution and across modes", async () => {
    const owner = await createKeyedAccount(db());
    const stranger = await createKeyedAccount(db());
    const ownerTest = await createKeyedAccount(db(), { mode: "test", userId: owner.userId });
    const workflow = await newWorkflow(owner.authorization);
    const { execution_id: id } = await executed(owner.authorization, workflow.id);
    for (const auth of [stranger.authorization, ownerTest.authorization]) {
      expect((await send(auth, "GET", `/v1/executions/${id}`)).status).toBe(404);
      expect((await send(auth, "POST", `/v1/executions/${id}/cancel`)).status).toBe(404);
      expect((await send(auth, "POST", `/v1/executions/${id}/rerun`)).status).toBe(404);
      expect((await send(auth, "GET", `/v1/workflows/${workflow.id}/executions`)).status).toBe(404);
    }
    expect((await executionRow(id)).status).toBe("queued");
  });
});

describe("cancelling", () => {
  it("cancels a queued execution at once and removes its job; a second cancel is 409", async () => {
    const { authorization } = await createKeyedAccount(db());
    const { execution_id: id } = await executed(authorization, (await newWorkflow(authorization)).id);
    expect(await runQueue().getJob(id)).toBeDefined();
    const response = await send(authorization, "POST", `/v1/executions/${id}/cancel`);
    expect(response.status).toBe(202);
    expect(ExecutionSchema.parse(await response.json())).toMatchObject({ id, status: "cancelled" });
    const row = await executionRow(id);
    expect(row.status).toBe("cancelled");
    expect(row.finished_at).not.toBeNull();
    expect(row.cancel_requested_at).not.toBeNull();
    expect(await runQueue().getJob(id)).toBeUndefined();
    const again = await send(authorization, "POST", `/v1/executions/${id}/cancel`);
    expect(again.status).toBe(409);
    expect(await codeOf(again)).toBe("CONFLICT");
  });

  it("answers 409 for a finished execution and leaves it alone", async () => {
    const { authorization } = await createKeyedAccount(db());
    const { execution_id: id } = await executed(authorization, (await newWorkflow(authorization)).id);
    await db().updateTable("executions").set({ status: "completed", finished_at: new Date() }).where("id", "=", id).execute();
    expect((await send(authorization, "POST", `/v1/executions/${id}/cancel`)).status).toBe(409);
    const row = await executionRow(id);
    expect(row).toMatchObject({ status: "completed", cancel_requested_at: null });
  });

  it("marks a running execution and publishes its id to the engines", async () => {
    const { authorization } = await createKeyedAccount(db());
    const { execution_id: id } = await executed(authorization, (await newWorkflow(authorization)).id);
    await db().updateTable("executions").set({ status: "running", started_at: new Date() }).where("id", "=", id).execute();
    const subscriber = connectRedis(testApp.current.config, "worker");
    const messages: string[] = [];
    try {
      subscriber.on("message", (_channel: string, message: string) => messages.push(message));
      await subscriber.subscribe(cancelChannel(testApp.current.config.REDIS_KEY_PREFIX));
      const response = await send(authorization, "POST", `/v1/executions/${id}/cancel`);
      expect(response.status).toBe(202);
      expect(ExecutionSchema.parse(await response.json()).status).toBe("running");
      expect(await waitFor(() => (messages.length > 0 ? messages : undefined), 2_000)).toEqual([id]);
      const row = await executionRow(id);
      expect(row.status).toBe("running");
      expect(row.cancel_requested_at).not.toBeNull();
    } finally {
      await subscriber.quit();
    }
  });
});

describe("re-running", () => {
  it("starts a new execution with the same trigger data and rerun_of", async () => {
    const { authorization } = await createKeyedAccount(db());
    const workflow = await newWorkflow(authorization);
    const { execution_id: original } = await executed(authorization, workflow.id, { data: { order: 42 } });
    await db().updateTable("executions").set({ status: "failed", finished_at: new Date() }).where("id", "=", original).execute();
    const response = await send(authorization, "POST", `/v1/executions/${original}/rerun`);
    expect(response.status).toBe(202);
    const rerun = ExecutionSchema.parse(await response.json());
    expect(rerun).toMatchObject({ workflow_id: workflow.id, status: "queued", trigger_type: "manual", trigger_data: { order: 42 }, rerun_of: original, steps: [] });
    expect(rerun.id).not.toBe(original);
    expect((await runQueue().getJob(rerun.id))?.data).toEqual({ execution_id: rerun.id });
  });

  it("answers 404 when the workflow has been deleted", async () => {
    const { authorization } = await createKeyedAccount(db());
    const workflow = await newWorkflow(authorization);
    const { execution_id: original } = await executed(authorization, workflow.id);
    expect((await send(authorization, "DELETE", `/v1/workflows/${workflow.id}`)).status).toBe(200);
    const response = await send(authorization, "POST", `/v1/executions/${original}/rerun`);
    expect(response.status).toBe(404);
    expect(await db().selectFrom("executions").select("id").where("workflow_id", "=", workflow.id).execute()).toHaveLength(1);
  });
});
