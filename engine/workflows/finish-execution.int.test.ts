import { describe, expect, it } from "vitest";
import { z } from "zod";
import { EngineConfigSchema, parseConfig, readEnvironment } from "../../core/config.js";
import { createLogger } from "../../core/logger.js";
import { waitFor } from "../../testing/wait-for.js";
import { useHttpReceiver } from "../../testing/http-receiver.js";
import { createSucceededAttempts } from "../webhooks/delivery-records.js";
import { createFirstAttempts } from "../webhooks/first-attempts.js";
import { createCompletions } from "./grouped-completions.js";
import { newWebhookEventBody, PREPARED_DELIVERY_IDS } from "../../core/webhooks/events.js";
import { createAccount } from "../../testing/accounts.js";
import { useTestDatabase } from "../../testing/database.js";
import { useTestQueues } from "../../testing/redis.js";
import { insertWebhookEndpoint } from "../../testing/webhooks.js";
import { findExecution, findSteps, insertWorkflow, startRun } from "../../testing/workflow-runs.js";
import type { FinishedStep } from "./execution-queries.js";
import { finishExecution, type EndingExecution, type FinishDeps } from "./finish-execution.js";
import { completeExecutions } from "./grouped-completions.js";

const database = useTestDatabase();
const queues = useTestQueues();
const receiver = useHttpReceiver();
const db = () => database.current.db;
const deliveryDeps = () => ({
  db: db(),
  queues: queues.current,
  logger: createLogger({ level: "silent", name: "test" }),
  config: parseConfig(EngineConfigSchema, { ...readEnvironment(), OUTBOUND_ALLOW_PRIVATE: "true" }),
  succeededAttempts: createSucceededAttempts(db()),
});
/** No room for first attempts here: the deliveries are left to jobs. */
const deps = () => ({ db: db(), queues: queues.current, firstAttempts: createFirstAttempts(deliveryDeps(), 0), completions: createCompletions(db()) });
/** The execution went through every step (STEPS). */
const completeExecution = (finishDeps: FinishDeps, execution: EndingExecution, now: Date, finishedSteps: readonly FinishedStep[]) =>
  finishExecution(finishDeps, { outcome: "completed", execution, stoppedEarly: false, finishedSteps }, STEPS, now);
const STEPS = [
  { name: "first", type: "transform" },
  { name: "second", type: "transform" },
];

async function runningExecution(mode: "live" | "test"): Promise<EndingExecution> {
  const { id: userId } = await createAccount(db());
  await insertWebhookEndpoint(db(), userId, "http://127.0.0.1:9", { events: ["workflow.completed"] });
  const workflowId = await insertWorkflow(db(), userId, { actions: [], mode });
  const id = await startRun(deps(), { id: workflowId, userId, mode });
  const startedAt = new Date(Date.now() - 1_500);
  await db().updateTable("executions").set({ status: "running", started_at: startedAt }).where("id", "=", id).execute();
  return { id, workflowId, userId, mode, startedAt };
}

/** A queued execution, as a pass that has run its pure steps in memory sees it. */
async function queuedExecution(): Promise<EndingExecution> {
  const { id: userId } = await createAccount(db());
  await insertWebhookEndpoint(db(), userId, "http://127.0.0.1:9", { events: ["workflow.completed"] });
  const workflowId = await insertWorkflow(db(), userId, { actions: [] });
  const id = await startRun(deps(), { id: workflowId, userId });
  return { id, workflowId, userId, mode: "live", startedAt: new Date(Date.now() - 20) };
}

function finishedSteps(startedAt: Date): FinishedStep[] {
  const finishedAt = new Date(startedAt.getTime() + 5);
  return [
    { index: 0, name: "first", type: "transform", input: { output: { a: "{{trigger.data.a}}" } }, output: { a: 'it\'s "quoted" \\ and {braced}' }, startedAt, finishedAt },
    { index: 1, name: "second", type: "transform", input: { output: {} }, output: null, startedAt: finishedAt, finishedAt },
  ];
}

const completedEvents = async (userId: string) =>
  db()
    .selectFrom("webhook_events")
    .leftJoin("webhook_deliveries", "webhook_deliveries.event_id", "webhook_events.id")
    .select(["webhook_events.id", "webhook_events.mode", "webhook_events.payload", "webhook_deliveries.id as delivery_id", "webhook_deliveries.endpoint_id"])
    .where("webhook_events.user_id", "=", userId)
    .where("webhook_events.type", "=", "workflow.completed")
    .execute();

describe("finishExecution of a run through every step", () => {
  it("ends a running execution with its workflow.completed event and a delivery, once", async () => {
    const execution = await runningExecution("live");
    const now = new Date();
    expect(await completeExecution(deps(), execution, now, [])).toBe(true);

    expect(await findExecution(db(), execution.id)).toMatchObject({ status: "completed", finished_at: now, error: null });
    const [event, ...others] = await completedEvents(execution.userId);
    expect(others).toEqual([]);
    expect(event?.payload).toMatchObject({
      type: "workflow.completed",
      data: { workflow_id: execution.workflowId, execution_id: execution.id, duration_ms: now.getTime() - execution.startedAt.getTime(), actions_executed: 2 },
    });
    expect(event?.delivery_id).toMatch(/^del_/);

    expect(await completeExecution(deps(), execution, new Date(), [])).toBe(false);
    expect(await completedEvents(execution.userId)).toHaveLength(1);
    expect(await findExecution(db(), execution.id)).toMatchObject({ finished_at: now });
  });

  it("records nothing for an execution a cancel already ended", async () => {
    const execution = await runningExecution("live");
    await db().updateTable("executions").set({ status: "cancelled", finished_at: new Date() }).where("id", "=", execution.id).execute();
    expect(await completeExecution(deps(), execution, new Date(), [])).toBe(false);
    expect(await findExecution(db(), execution.id)).toMatchObject({ status: "cancelled" });
    expect(await completedEvents(execution.userId)).toEqual([]);
  });

  it("delivers a test-mode execution's event to the account's test endpoints only", async () => {
    const execution = await runningExecution("test");
    const testEndpoint = await insertWebhookEndpoint(db(), execution.userId, "http://127.0.0.1:9", { events: ["workflow.completed"], mode: "test" });
    expect(await completeExecution(deps(), execution, new Date(), [])).toBe(true);
    const events = await completedEvents(execution.userId);
    expect(events).toEqual([expect.objectContaining({ mode: "test", delivery_id: expect.stringMatching(/^del_/), endpoint_id: testEndpoint.id })]);
  });

  it("starts a queued execution, writes the steps it ran and completes it, all in its one statement", async () => {
    const execution = await queuedExecution();
    const steps = finishedSteps(execution.startedAt);
    const now = new Date();
    expect(await completeExecution(deps(), execution, now, steps)).toBe(true);

    expect(await findExecution(db(), execution.id)).toMatchObject({ status: "completed", started_at: execution.startedAt, finished_at: now });
    const rows = await findSteps(db(), execution.id);
    expect(rows.map((row) => ({ index: row.step_index, name: row.name, type: row.type, status: row.status, input: row.input, output: row.output, attempts: row.attempts, started_at: row.started_at, finished_at: row.finished_at }))).toEqual(
      steps.map((step) => ({ index: step.index, name: step.name, type: step.type, status: "completed", input: step.input, output: step.output, attempts: 1, started_at: step.startedAt, finished_at: step.finishedAt })),
    );
    expect(rows.every((row) => row.id.startsWith("step_"))).toBe(true);
    expect((await completedEvents(execution.userId))[0]?.payload).toMatchObject({ data: { actions_executed: 2 } });
  });

  it("keeps a step row another worker already finished, and still completes the execution once", async () => {
    const execution = await queuedExecution();
    const [first, second] = finishedSteps(execution.startedAt);
    if (!first || !second) throw new Error("two steps");
    const otherFinish = new Date(execution.startedAt.getTime() + 1);
    await db()
      .insertInto("execution_steps")
      .values({ id: "step_other", execution_id: execution.id, step_index: 0, name: "first", type: "transform", status: "completed", input: "{}", output: '"theirs"', attempts: 1, started_at: execution.startedAt, finished_at: otherFinish })
      .execute();
    expect(await completeExecution(deps(), execution, new Date(), [first, second])).toBe(true);
    const rows = await findSteps(db(), execution.id);
    expect(rows.map((row) => [row.id, row.status, row.output])).toEqual([
      ["step_other", "completed", "theirs"],
      [expect.stringMatching(/^step_/), "completed", null],
    ]);
  });

  it("writes no step and no start for a queued execution a cancel ended first", async () => {
    const execution = await queuedExecution();
    await db().updateTable("executions").set({ status: "cancelled", finished_at: new Date() }).where("id", "=", execution.id).execute();
    expect(await completeExecution(deps(), execution, new Date(), finishedSteps(execution.startedAt))).toBe(false);
    expect(await findExecution(db(), execution.id)).toMatchObject({ status: "cancelled", started_at: null });
    expect(await findSteps(db(), execution.id)).toEqual([]);
  });

  it("keeps the start of a resumed execution when it completes", async () => {
    const execution = await runningExecution("live");
    expect(await completeExecution(deps(), execution, new Date(), [])).toBe(true);
    expect(await findExecution(db(), execution.id)).toMatchObject({ started_at: execution.startedAt });
  });

  it("makes the first attempt of the event's delivery itself, claimed by the completing statement, with no job", async () => {
    const execution = await runningExecution("live");
    const endpoint = await insertWebhookEndpoint(db(), execution.userId, receiver.current.url, { events: ["workflow.completed"] });
    const firstAttempts = createFirstAttempts(deliveryDeps());
    expect(await completeExecution({ ...deps(), firstAttempts }, execution, new Date(), [])).toBe(true);
    await firstAttempts.drain();

    const deliveries = await db().selectFrom("webhook_deliveries").select(["id", "endpoint_id", "status", "attempt"]).where("endpoint_id", "=", endpoint.id).execute();
    expect(deliveries).toEqual([{ id: expect.stringMatching(/^del_/), endpoint_id: endpoint.id, status: "succeeded", attempt: 1 }]);
    expect(receiver.current.received).toHaveLength(1);
    const [event] = (await completedEvents(execution.userId)).filter((row) => row.delivery_id === deliveries[0]?.id);
    expect(receiver.current.received[0]?.headers["webhook-id"]).toBe(event?.id);
    expect(await queues.current.get("webhook-delivery").getJob(deliveries[0]?.id ?? "")).toBeUndefined();
    // The endpoint at the unroutable address (runningExecution's) was claimed too: its attempt failed and is retried by a job.
    const other = await waitFor(async () => {
      const row = await db().selectFrom("webhook_deliveries").select(["id", "status", "attempt"]).where("endpoint_id", "!=", endpoint.id).where("event_id", "=", event?.id ?? "").executeTakeFirst();
      return row?.status === "retrying" ? row : undefined;
    });
    expect(other.attempt).toBe(1);
    expect(await queues.current.get("webhook-delivery").getJob(`${other.id}-2`)).toBeDefined();
  });

  it("leaves the first attempts to jobs when this process has no room for them", async () => {
    const execution = await runningExecution("live");
    expect(await completeExecution(deps(), execution, new Date(), [])).toBe(true);
    const [event] = await completedEvents(execution.userId);
    const delivery = await db().selectFrom("webhook_deliveries").select(["status", "attempt"]).where("id", "=", event?.delivery_id ?? "").executeTakeFirstOrThrow();
    expect(delivery).toEqual({ status: "pending", attempt: 0 });
    expect(await queues.current.get("webhook-delivery").getJob(event?.delivery_id ?? "")).toBeDefined();
  });

  it("completes executions finishing together in one statement, each exactly as its own statement would", async () => {
    const queued = await queuedExecution();
    const second = await insertWebhookEndpoint(db(), queued.userId, "http://127.0.0.1:9", { events: ["*"] });
    const unsubscribed = await insertWebhookEndpoint(db(), queued.userId, "http://127.0.0.1:9", { events: ["workflow.failed"] });
    const cancelled = await runningExecution("live");
    await db().updateTable("executions").set({ status: "cancelled", finished_at: new Date() }).where("id", "=", cancelled.id).execute();
    const dry = await runningExecution("test");
    const dryEndpoint = await insertWebhookEndpoint(db(), dry.userId, "http://127.0.0.1:9", { events: ["workflow.completed"], mode: "test" });
    const crowded = await runningExecution("live");
    for (let i = 0; i < PREPARED_DELIVERY_IDS; i++) await insertWebhookEndpoint(db(), crowded.userId, "http://127.0.0.1:9");

    const now = new Date();
    const leaseUntil = new Date(now.getTime() + 15_000);
    const completion = (execution: EndingExecution, steps: readonly FinishedStep[], claims: number) => ({
      executionId: execution.id,
      userId: execution.userId,
      startedAt: execution.startedAt,
      finishedSteps: steps,
      event: newWebhookEventBody({ type: "workflow.completed", data: { execution_id: execution.id }, now }),
      now,
      mode: execution.mode,
      claims: { count: claims, leaseUntil },
    });
    const steps = finishedSteps(queued.startedAt);
    const results = await completeExecutions(db(), [completion(queued, steps, 1), completion(cancelled, [], 1), completion(dry, steps, 0), completion(crowded, [], 0)]);

    const [forQueued, forCancelled, forDry, forCrowded] = results;
    expect(forQueued).toMatchObject({ happened: true, fits: true, deliveryIds: [expect.stringMatching(/^del_/)] });
    const claimed = z.array(z.object({ delivery_id: z.string(), endpoint_id: z.string(), url: z.string(), secret: z.string() })).parse(forQueued?.claimed);
    expect(claimed).toHaveLength(1);
    const deliveries = await db().selectFrom("webhook_deliveries").select(["id", "endpoint_id", "attempt", "next_attempt_at", "status"]).where("event_id", "=", (await completedEvents(queued.userId))[0]?.id ?? "").execute();
    expect(deliveries).toHaveLength(2);
    expect(deliveries.map((row) => row.endpoint_id)).toContain(second.id);
    expect(deliveries.map((row) => row.endpoint_id)).not.toContain(unsubscribed.id);
    expect(deliveries.find((row) => row.id === claimed[0]?.delivery_id)).toMatchObject({ attempt: 1, next_attempt_at: leaseUntil, status: "pending" });
    expect(deliveries.find((row) => row.id === forQueued?.deliveryIds[0])).toMatchObject({ attempt: 0, next_attempt_at: now, status: "pending" });
    expect(await findExecution(db(), queued.id)).toMatchObject({ status: "completed", started_at: queued.startedAt, finished_at: now });
    expect((await findSteps(db(), queued.id)).map((row) => [row.step_index, row.status, row.output])).toEqual(steps.map((step) => [step.index, "completed", step.output]));

    expect(forCancelled).toEqual({ happened: false, fits: true, subscribed: 1, deliveryIds: [], claimed: [] });
    expect(await findExecution(db(), cancelled.id)).toMatchObject({ status: "cancelled" });
    expect(await completedEvents(cancelled.userId)).toEqual([]);

    // A test-mode execution: its event goes to the test endpoint, not the live one.
    expect(forDry).toEqual({ happened: true, fits: true, subscribed: 1, deliveryIds: [expect.stringMatching(/^del_/)], claimed: [] });
    expect(await completedEvents(dry.userId)).toEqual([expect.objectContaining({ mode: "test", delivery_id: forDry?.deliveryIds[0], endpoint_id: dryEndpoint.id })]);
    expect(await findSteps(db(), dry.id)).toHaveLength(2);

    expect(forCrowded).toMatchObject({ happened: false, fits: false, subscribed: PREPARED_DELIVERY_IDS + 1 });
    expect(await findExecution(db(), crowded.id)).toMatchObject({ status: "running" });
    expect(await completedEvents(crowded.userId)).toEqual([]);
  });

  it("completes an execution whose account has more subscribed endpoints than the grouped statement takes, with a delivery to each", async () => {
    const execution = await runningExecution("live");
    for (let i = 0; i < PREPARED_DELIVERY_IDS + 2; i++) await insertWebhookEndpoint(db(), execution.userId, "http://127.0.0.1:9");
    const [results] = await Promise.all([completeExecution(deps(), execution, new Date(), []), completeExecution(deps(), await runningExecution("live"), new Date(), [])]);
    expect(results).toBe(true);
    const events = await completedEvents(execution.userId);
    expect(events).toHaveLength(PREPARED_DELIVERY_IDS + 3);
    expect(new Set(events.map((event) => event.id)).size).toBe(1);
    for (const event of events) expect(await queues.current.get("webhook-delivery").getJob(event.delivery_id ?? "")).toBeDefined();
  });
});

describe("finishExecution of a cancelled run", () => {
  const eventsOf = async (userId: string) =>
    db().selectFrom("webhook_events").select(["type", "payload"]).where("user_id", "=", userId).where("type", "in", ["workflow.completed", "workflow.cancelled"]).execute();

  it("records workflow.cancelled with who asked and when, and a delivery to a subscribed endpoint", async () => {
    const execution = await runningExecution("live");
    const endpoint = await insertWebhookEndpoint(db(), execution.userId, "http://127.0.0.1:9", { events: ["workflow.cancelled"] });
    const requestedAt = new Date(Date.now() - 300);
    await db().updateTable("executions").set({ cancel_requested_at: requestedAt, cancel_requested_by: "dashboard" }).where("id", "=", execution.id).execute();
    const now = new Date();
    expect(await finishExecution(deps(), { outcome: "cancelled", executionId: execution.id }, STEPS, now)).toBe(true);
    const [event, ...others] = await eventsOf(execution.userId);
    expect(others).toEqual([]);
    expect(event?.type).toBe("workflow.cancelled");
    expect(z.object({ data: z.record(z.string(), z.unknown()) }).parse(event?.payload).data).toEqual({
      workflow_id: execution.workflowId,
      execution_id: execution.id,
      cancelled_at: now.toISOString(),
      requested_at: requestedAt.toISOString(),
      requested_by: "dashboard",
    });
    const deliveries = await db().selectFrom("webhook_deliveries").select("endpoint_id").where("endpoint_id", "=", endpoint.id).execute();
    expect(deliveries).toHaveLength(1);
  });

  it("ends an execution once when a cancel and a completion race: one event, of the end that won", async () => {
    for (let round = 0; round < 5; round++) {
      const execution = await runningExecution("live");
      await db().updateTable("executions").set({ cancel_requested_at: new Date(), cancel_requested_by: "api" }).where("id", "=", execution.id).execute();
      const now = new Date();
      const [completed, cancelled] = await Promise.all([
        completeExecution(deps(), execution, now, []),
        finishExecution(deps(), { outcome: "cancelled", executionId: execution.id }, STEPS, now),
      ]);
      expect([completed, cancelled].filter(Boolean)).toHaveLength(1);
      const status = (await findExecution(db(), execution.id))?.status;
      expect((await eventsOf(execution.userId)).map((event) => event.type)).toEqual([cancelled ? "workflow.cancelled" : "workflow.completed"]);
      expect(status).toBe(cancelled ? "cancelled" : "completed");
      expect(await finishExecution(deps(), { outcome: "cancelled", executionId: execution.id }, STEPS, new Date())).toBe(false);
      expect(await eventsOf(execution.userId)).toHaveLength(1);
    }
  });
});
