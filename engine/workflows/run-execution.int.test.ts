import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { newId } from "../../core/ids.js";
import { connectRedis, type Redis } from "../../core/redis.js";
import { createAccount } from "../../testing/accounts.js";
import { useTestDatabase } from "../../testing/database.js";
import { useTestEngine } from "../../testing/engine.js";
import { waitFor } from "../../testing/wait-for.js";
import { startHttpReceiver, type HttpReceiver } from "../../testing/http-receiver.js";
import { findSteps, insertWorkflow, requestCancel, startRun, waitForExecution, type ActionInput } from "../../testing/workflow-runs.js";

const database = useTestDatabase();
const engine = useTestEngine(database, () => ({ OUTBOUND_ALLOW_PRIVATE: "true" }));
let receiver: HttpReceiver;
let redis: Redis;

beforeAll(async () => {
  receiver = await startHttpReceiver();
  redis = connectRedis(engine.current.config, "worker");
});
afterAll(async () => {
  await receiver.close();
  await redis.quit();
});
beforeEach(() => {
  receiver.received.length = 0;
  receiver.respondWith((_request, response) => {
    response.writeHead(200, { "Content-Type": "application/json" });
    response.end('{"ok":true}');
  });
});

const db = () => database.current.db;
const deps = () => ({ db: db(), queues: engine.current.queues });

async function run(actions: ActionInput[], triggerData: Record<string, unknown> = {}, options: { mode?: "live" | "test"; userId?: string } = {}) {
  const userId = options.userId ?? (await createAccount(db())).id;
  const workflowId = await insertWorkflow(db(), userId, { actions, ...(options.mode ? { mode: options.mode } : {}) });
  const executionId = await startRun(deps(), { id: workflowId, userId, ...(options.mode ? { mode: options.mode } : {}) }, triggerData);
  return { userId, workflowId, executionId };
}

async function eventsOf(userId: string) {
  const rows = await db().selectFrom("webhook_events").select(["id", "type", "payload"]).where("user_id", "=", userId).orderBy("created_at").execute();
  return rows.map((row) => ({ id: row.id, type: row.type, payload: row.payload as { data: Record<string, unknown> } }));
}

describe("workflow runner", () => {
  it("runs http_request, transform and condition to completion, templating trigger data and step outputs", async () => {
    receiver.respondWith((request, response) => {
      const body = JSON.parse(request.body) as { amount: number };
      response.writeHead(201, { "Content-Type": "application/json", "Set-Cookie": "session=secret" });
      response.end(JSON.stringify({ received: body.amount, id: "remote-7" }));
    });
    const { userId, workflowId, executionId } = await run(
      [
        { type: "http_request", name: "order", config: { url: `${receiver.url}/orders/{{trigger.data.order_id}}`, method: "POST", body: { amount: "{{trigger.data.amount}}" } } },
        { type: "transform", name: "summary", config: { output: { status: "{{steps.order.output.status}}", remote: "{{steps.order.output.body.id}}", text: "Order {{trigger.data.order_id}} took {{steps.order.output.body.received}}" } } },
        { type: "condition", config: { left: "{{steps.summary.output.status}}", operator: "equals", right: 201 } },
      ],
      { order_id: "ord-1", amount: 42 },
    );

    const execution = await waitForExecution(db(), executionId);
    expect(execution).toMatchObject({ status: "completed", error: null });
    expect(execution.started_at).not.toBeNull();
    expect(execution.finished_at).not.toBeNull();

    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]).toMatchObject({ method: "POST", path: "/orders/ord-1", body: '{"amount":42}' });
    expect(receiver.received[0]?.headers["idempotency-key"]).toBe(`${executionId}:order`);

    const steps = await findSteps(db(), executionId);
    expect(steps.map((step) => [step.step_index, step.name, step.type, step.status, step.attempts])).toEqual([
      [0, "order", "http_request", "completed", 1],
      [1, "summary", "transform", "completed", 1],
      [2, "condition_3", "condition", "completed", 1],
    ]);
    expect(steps[0]?.input).toMatchObject({ url: `${receiver.url}/orders/ord-1`, body: { amount: 42 } });
    expect(steps[0]?.output).toMatchObject({ status: 201, body: { received: 42, id: "remote-7" } });
    expect(steps[1]?.output).toEqual({ status: 201, remote: "remote-7", text: "Order ord-1 took 42" });
    expect(steps[2]?.output).toMatchObject({ matched: true });
    for (const step of steps) expect(step.started_at && step.finished_at).toBeTruthy();

    const events = await eventsOf(userId);
    expect(events.map((event) => event.type)).toEqual(["workflow.triggered", "workflow.completed"]);
    const completed = events[1]?.payload.data;
    expect(completed).toMatchObject({ workflow_id: workflowId, execution_id: executionId, actions_executed: 3 });
    expect(completed?.duration_ms).toEqual(expect.any(Number));
  });

  it("stops at a condition that does not match: later steps are skipped and never run", async () => {
    const { userId, executionId } = await run(
      [
        { type: "condition", name: "big", config: { left: "{{trigger.data.amount}}", operator: "greater_than", right: 100 } },
        { type: "http_request", config: { url: `${receiver.url}/never` } },
      ],
      { amount: 5 },
    );
    const execution = await waitForExecution(db(), executionId);
    expect(execution.status).toBe("completed");
    const steps = await findSteps(db(), executionId);
    expect(steps.map((step) => [step.name, step.status])).toEqual([
      ["big", "completed"],
      ["http_request_2", "skipped"],
    ]);
    expect(steps[0]?.output).toMatchObject({ matched: false, left: 5, operator: "greater_than", right: 100 });
    expect(steps[1]?.attempts).toBe(0);
    expect(receiver.received).toHaveLength(0);
    const completed = (await eventsOf(userId)).find((event) => event.type === "workflow.completed");
    expect(completed?.payload.data.actions_executed).toBe(1);
  });

  it("has the execution running and its pure steps written before a step with a side effect starts", async () => {
    let seen: { status: string; startedAt: Date | null; steps: Array<[string, string]> } | undefined;
    receiver.respondWith((request, response) => {
      const executionId = String(request.headers["idempotency-key"]).split(":")[0] ?? "";
      void Promise.all([db().selectFrom("executions").select(["status", "started_at"]).where("id", "=", executionId).executeTakeFirstOrThrow(), findSteps(db(), executionId)]).then(([row, steps]) => {
        seen = { status: row.status, startedAt: row.started_at, steps: steps.map((step) => [step.name, step.status]) };
        response.writeHead(200, { "Content-Type": "application/json" });
        response.end("{}");
      });
    });
    const { executionId } = await run([
      { type: "transform", name: "shape", config: { output: { id: "{{trigger.data.id}}" } } },
      { type: "condition", name: "known", config: { left: "{{steps.shape.output.id}}", operator: "equals", right: 7 } },
      { type: "http_request", name: "call", config: { url: `${receiver.url}/after-pure-steps` } },
      { type: "transform", name: "last", config: { output: { done: true } } },
    ], { id: 7 });
    const execution = await waitForExecution(db(), executionId);
    expect(execution.status).toBe("completed");
    expect(seen).toEqual({
      status: "running",
      startedAt: execution.started_at,
      steps: [
        ["shape", "completed"],
        ["known", "completed"],
        ["call", "running"],
      ],
    });
    expect((await findSteps(db(), executionId)).map((step) => [step.name, step.status])).toEqual([
      ["shape", "completed"],
      ["known", "completed"],
      ["call", "completed"],
      ["last", "completed"],
    ]);
  });

  it("starts the execution and records the failure of a pure step on its row", async () => {
    const { executionId } = await run([
      { type: "transform", name: "fine", config: { output: { a: 1 } } },
      { type: "transform", name: "broken", config: { output: { b: "{{trigger.data.missing}}" } } },
      { type: "transform", name: "never", config: { output: {} } },
    ]);
    const execution = await waitForExecution(db(), executionId);
    expect(execution).toMatchObject({ status: "failed", error: { code: "TEMPLATE_ERROR" } });
    expect(execution.started_at).not.toBeNull();
    expect((await findSteps(db(), executionId)).map((step) => [step.name, step.status, step.attempts])).toEqual([
      ["fine", "completed", 1],
      ["broken", "failed", 1],
      ["never", "skipped", 0],
    ]);
  });

  it("retries a failing step with growing waits, then fails the execution and records workflow.failed", async () => {
    receiver.respondWith((_request, response) => {
      response.writeHead(503);
      response.end("busy");
    });
    const { userId, workflowId, executionId } = await run([
      { type: "http_request", name: "flaky", max_attempts: 3, config: { url: `${receiver.url}/flaky`, method: "GET" } },
      { type: "transform", config: { output: { never: true } } },
    ]);
    const execution = await waitForExecution(db(), executionId, undefined, 20_000);
    expect(execution.status).toBe("failed");
    expect(execution.error).toMatchObject({ code: "ACTION_FAILED", message: expect.stringContaining("503") });

    expect(receiver.received).toHaveLength(3);
    const [first, second, third] = receiver.received.map((request) => request.receivedAt);
    // Backoff: at least half of 1 s, then at least half of 2 s.
    expect(second! - first!).toBeGreaterThanOrEqual(450);
    expect(third! - second!).toBeGreaterThanOrEqual(950);

    const steps = await findSteps(db(), executionId);
    expect(steps.map((step) => [step.name, step.status, step.attempts])).toEqual([
      ["flaky", "failed", 3],
      ["transform_2", "skipped", 0],
    ]);
    expect(steps[0]?.error).toEqual(execution.error);

    const failed = (await eventsOf(userId)).find((event) => event.type === "workflow.failed");
    expect(failed?.payload.data).toEqual({ workflow_id: workflowId, execution_id: executionId, error: execution.error });
  });

  it("fails a step whose template refers to missing data, without retrying or calling out", async () => {
    const { executionId } = await run([{ type: "http_request", config: { url: `${receiver.url}/{{trigger.data.missing}}` } }], { present: 1 });
    const execution = await waitForExecution(db(), executionId);
    expect(execution).toMatchObject({ status: "failed", error: { code: "TEMPLATE_ERROR", message: expect.stringContaining("missing") } });
    const [step] = await findSteps(db(), executionId);
    expect(step).toMatchObject({ status: "failed", attempts: 1, error: { code: "TEMPLATE_ERROR" } });
    expect(receiver.received).toHaveLength(0);
  });

  it("fails a step whose templates resolved to a config its action refuses, sending nothing", async () => {
    const { executionId } = await run([{ type: "http_request", name: "call", config: { url: "{{trigger.data.target}}" } }], { target: { not: "a url" } });
    const execution = await waitForExecution(db(), executionId);
    expect(execution).toMatchObject({ status: "failed", error: { code: "TEMPLATE_ERROR", message: expect.stringContaining("config.url") } });
    const [step] = await findSteps(db(), executionId);
    expect(step).toMatchObject({ name: "call", status: "failed", attempts: 1, error: { code: "TEMPLATE_ERROR" } });
    expect(receiver.received).toHaveLength(0);
  });

  it("fails a step that outlives its timeout with STEP_TIMEOUT", async () => {
    receiver.respondWith(() => undefined);
    const { executionId } = await run([{ type: "http_request", timeout_seconds: 1, max_attempts: 1, config: { url: `${receiver.url}/slow` } }]);
    const execution = await waitForExecution(db(), executionId);
    expect(execution).toMatchObject({ status: "failed", error: { code: "STEP_TIMEOUT" } });
  });

  it("fails an execution whose stored definition no longer parses with INVALID_DEFINITION", async () => {
    const userId = (await createAccount(db())).id;
    const workflowId = await insertWorkflow(db(), userId, { actions: [{ type: "explode", config: {} } as unknown as ActionInput] });
    const executionId = await startRun(deps(), { id: workflowId, userId });
    const execution = await waitForExecution(db(), executionId);
    expect(execution).toMatchObject({ status: "failed", error: { code: "INVALID_DEFINITION" } });
  });

  it("runs test-mode executions dry: nothing is sent and no webhook reaches a live endpoint", async () => {
    const userId = (await createAccount(db())).id;
    await db()
      .insertInto("webhook_endpoints")
      .values({ id: newId("whe"), user_id: userId, mode: "live", url: `${receiver.url}/webhooks`, events: ["*"], secret: `whsec_${Buffer.alloc(24, 7).toString("base64")}` })
      .execute();
    const { executionId } = await run(
      [
        { type: "http_request", name: "call", config: { url: `${receiver.url}/live-only`, headers: { Authorization: "Bearer secret-token" }, body: { a: 1 } } },
        { type: "chat_message", config: { provider: "slack", webhook_url: `${receiver.url}/slack/T000/B000/XXX`, text: "hello" } },
      ],
      {},
      { mode: "test", userId },
    );
    const execution = await waitForExecution(db(), executionId);
    expect(execution.status).toBe("completed");
    const steps = await findSteps(db(), executionId);
    expect(steps.map((step) => step.status)).toEqual(["completed", "completed"]);
    expect(steps[0]?.output).toMatchObject({ dry_run: true, request: { method: "POST", url: `${receiver.url}/live-only`, headers: { Authorization: "[redacted]" } } });
    expect(steps[1]?.output).toMatchObject({ dry_run: true });

    const events = await eventsOf(userId);
    expect(events.map((event) => event.type)).toEqual(["workflow.triggered", "workflow.completed"]);
    const deliveries = await db().selectFrom("webhook_deliveries").select("id").where("event_id", "in", events.map((event) => event.id)).execute();
    expect(deliveries).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received).toHaveLength(0);
  });
});

describe("cancelling", () => {
  it("cancels a running step within a second: the step is cancelled, the rest skipped, one workflow.cancelled event", async () => {
    receiver.respondWith(() => undefined); // never answers
    const { userId, executionId } = await run([
      { type: "http_request", name: "hang", config: { url: `${receiver.url}/hang` } },
      { type: "transform", config: { output: { never: true } } },
    ]);
    await receiver.waitForRequests(1);
    const asked = Date.now();
    await requestCancel(db(), redis, engine.current.config.REDIS_KEY_PREFIX, executionId);
    const execution = await waitForExecution(db(), executionId, ["cancelled", "completed", "failed"], 5_000);
    expect(Date.now() - asked).toBeLessThan(1_000);
    expect(execution.status).toBe("cancelled");
    const steps = await findSteps(db(), executionId);
    expect(steps.map((step) => [step.name, step.status])).toEqual([
      ["hang", "cancelled"],
      ["transform_2", "skipped"],
    ]);
    const types = (await eventsOf(userId)).map((event) => event.type);
    expect(types).toEqual(["workflow.triggered", "workflow.cancelled"]);
  });

  it("cancels an execution asleep in a delay step within a second and removes its job", async () => {
    const { executionId } = await run([
      { type: "delay", name: "nap", config: { seconds: 30 } },
      { type: "http_request", config: { url: `${receiver.url}/after-nap` } },
    ]);
    const queue = engine.current.queues.get("workflow-run");
    await waitFor(async () => ((await queue.getJob(executionId))?.isDelayed().then((delayed) => delayed || undefined)), 5_000);
    const [nap] = await findSteps(db(), executionId);
    expect(nap).toMatchObject({ status: "running", output: { resume_at: expect.any(String) } });

    const asked = Date.now();
    await requestCancel(db(), redis, engine.current.config.REDIS_KEY_PREFIX, executionId);
    const execution = await waitForExecution(db(), executionId, ["cancelled", "completed", "failed"], 5_000);
    expect(Date.now() - asked).toBeLessThan(1_000);
    expect(execution.status).toBe("cancelled");
    expect((await findSteps(db(), executionId)).map((step) => step.status)).toEqual(["cancelled", "skipped"]);
    await waitFor(async () => ((await queue.getJob(executionId)) ? undefined : true), 2_000);
    expect(receiver.received).toHaveLength(0);
  });
});

describe("per-account concurrency", () => {
  it("never runs more than the package's limit at once (free: 2), and runs them all", async () => {
    let inFlight = 0;
    let most = 0;
    receiver.respondWith(async (_request, response) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 300));
      inFlight -= 1;
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end("{}");
    });
    const userId = (await createAccount(db())).id;
    const workflowId = await insertWorkflow(db(), userId, { actions: [{ type: "http_request", config: { url: `${receiver.url}/slot` } }] });
    const executionIds = await Promise.all(Array.from({ length: 6 }, () => startRun(deps(), { id: workflowId, userId })));
    const executions = await Promise.all(executionIds.map((id) => waitForExecution(db(), id, undefined, 20_000)));
    expect(executions.map((execution) => execution.status)).toEqual(Array(6).fill("completed"));
    expect(receiver.received).toHaveLength(6);
    expect(most).toBe(2);
  });
});
