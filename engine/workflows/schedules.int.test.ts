import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../core/logger.js";
import { createProducerQueues, type ProducerQueues } from "../../core/queues.js";
import { connectRedis, type Redis } from "../../core/redis.js";
import { describeCronProblem, syncWorkflowSchedule, workflowSchedulerId } from "../../core/workflows/schedules.js";
import { createAccount } from "../../testing/accounts.js";
import { useTestDatabase } from "../../testing/database.js";
import { waitFor } from "../../testing/wait-for.js";
import { startEngineProcess, type EngineProcess } from "../../testing/engine-process.js";
import { baseTestConfig } from "../../testing/environment.js";
import { useRedisNamespace } from "../../testing/redis.js";
import { insertWorkflow } from "../../testing/workflow-runs.js";
import { syncAllWorkflowSchedules } from "./sync-schedules.js";

const database = useTestDatabase();
const namespace = useRedisNamespace();
let connection: Redis;
let queues: ProducerQueues;
const engines: EngineProcess[] = [];
const silent = createLogger({ level: "silent", name: "schedules-test" });
const everySecond = { type: "schedule", config: { cron: "* * * * * *", timezone: "UTC" } } as const;

beforeAll(() => {
  connection = connectRedis(baseTestConfig(), "worker");
  queues = createProducerQueues(connection, namespace.queuePrefix);
});
afterAll(async () => {
  await Promise.allSettled(engines.map((engine) => engine.stop()));
  await queues.close();
  await connection.quit();
});

const schedulerOf = (workflowId: string) => queues.get("workflow-schedule").getJobScheduler(workflowSchedulerId(workflowId));

describe("syncWorkflowSchedule", () => {
  it("keeps a scheduler for an active schedule workflow, in its time zone, and removes it once the workflow is not", async () => {
    const workflow = { id: "wf_sync1", status: "active", trigger: { type: "schedule", config: { cron: "0 9 * * 1-5", timezone: "Europe/Berlin" } }, deleted_at: null };
    await syncWorkflowSchedule(queues, workflow);
    expect(await schedulerOf(workflow.id)).toMatchObject({ pattern: "0 9 * * 1-5", tz: "Europe/Berlin", template: { data: { workflow_id: "wf_sync1" } } });

    await syncWorkflowSchedule(queues, { ...workflow, trigger: { type: "schedule", config: { cron: "30 9 * * *", timezone: "UTC" } } });
    expect(await schedulerOf(workflow.id)).toMatchObject({ pattern: "30 9 * * *", tz: "UTC" });

    await syncWorkflowSchedule(queues, { ...workflow, status: "draft" });
    expect(await schedulerOf(workflow.id)).toBeUndefined();

    await syncWorkflowSchedule(queues, workflow);
    await syncWorkflowSchedule(queues, { ...workflow, deleted_at: new Date() });
    expect(await schedulerOf(workflow.id)).toBeUndefined();

    await syncWorkflowSchedule(queues, workflow);
    await syncWorkflowSchedule(queues, { ...workflow, trigger: { type: "webhook", config: {} } });
    expect(await schedulerOf(workflow.id)).toBeUndefined();
  });

  it("reads five-field and six-field (seconds first) cron, and explains a bad one", () => {
    expect(describeCronProblem("*/5 * * * *", "UTC")).toBeUndefined();
    expect(describeCronProblem("*/10 * * * * *", "America/New_York")).toBeUndefined();
    expect(describeCronProblem("61 * * * *", "UTC")).toMatch(/invalid cron/);
    expect(describeCronProblem("* * * *", "UTC")).toMatch(/5 fields/);
    expect(describeCronProblem("* * * * *", "Mars/Olympus")).toMatch(/time zone/);
  });
});

describe("syncAllWorkflowSchedules", () => {
  it("schedules active schedule workflows and removes schedulers of deleted, draft or unknown workflows", async () => {
    const { db } = database.current;
    const userId = (await createAccount(db)).id;
    const actions = [{ type: "transform" as const, config: { output: {} } }];
    const trigger = { type: "schedule", config: { cron: "0 0 1 1 *", timezone: "UTC" } };
    const active = await insertWorkflow(db, userId, { actions, trigger });
    const deleted = await insertWorkflow(db, userId, { actions, trigger });
    const draft = await insertWorkflow(db, userId, { actions, trigger });
    for (const id of [deleted, draft, "wf_gone"]) await syncWorkflowSchedule(queues, { id, status: "active", trigger, deleted_at: null });
    await db.updateTable("workflows").set({ deleted_at: sql`now()` }).where("id", "=", deleted).execute();
    await db.updateTable("workflows").set({ status: "draft" }).where("id", "=", draft).execute();

    const outcome = await syncAllWorkflowSchedules(db, queues, silent);

    expect(outcome).toMatchObject({ removed: 3, invalid: 0 });
    expect(await schedulerOf(active)).toMatchObject({ pattern: "0 0 1 1 *" });
    for (const id of [deleted, draft, "wf_gone"]) expect(await schedulerOf(id)).toBeUndefined();
    await db.updateTable("workflows").set({ status: "draft" }).where("id", "=", active).execute();
    await syncAllWorkflowSchedules(db, queues, silent);
  });
});

describe("scheduled executions", () => {
  it("fire every second across two engines with exactly one execution per fire time", async () => {
    const { db } = database.current;
    const userId = (await createAccount(db)).id;
    // A package that allows a schedule every second (the catalogue's plans allow one a minute at most).
    await db
      .insertInto("package_definitions")
      .values({ package_name: "every_second", display_name: "Every second", request_limit: -1, rate_limit_per_minute: 1_000, data_limit_bytes: -1, monthly_price_cents: 0, contact_sales: true, min_schedule_interval_seconds: 1 })
      .execute();
    await db.updateTable("user_packages").set({ package_name: "every_second" }).where("user_id", "=", userId).execute();
    // Inserted before the engines start: their reconcile at boot registers the scheduler.
    const workflowId = await insertWorkflow(db, userId, { actions: [{ type: "transform", config: { output: { at: "{{trigger.data.scheduled_at}}" } } }], trigger: everySecond });
    const env = { DATABASE_URL: database.current.url, REDIS_KEY_PREFIX: namespace.keyPrefix, QUEUE_PREFIX: namespace.queuePrefix };
    engines.push(...(await Promise.all([startEngineProcess(env), startEngineProcess(env)])));
    // One fire time handled twice (a retried or re-created scheduler job) still runs once.
    const replayed = Date.UTC(2026, 0, 1);
    for (const jobId of ["fired-twice-1", "fired-twice-2"]) {
      await queues.get("workflow-schedule").add("workflow-schedule", { workflow_id: workflowId }, { jobId, prevMillis: replayed });
    }

    const executionsOf = () =>
      db
        .selectFrom("executions")
        .select(["status", "trigger_type", "mode", "idempotency_key", sql<string>`trigger_data ->> 'scheduled_at'`.as("scheduled_at")])
        .where("workflow_id", "=", workflowId)
        .execute();
    // Three fires besides the replayed one, however long the engines take to start firing.
    await waitFor(async () => ((await executionsOf()).length >= 4 ? true : undefined), 20_000);
    await db.updateTable("workflows").set({ status: "draft" }).where("id", "=", workflowId).execute();
    await syncWorkflowSchedule(queues, { id: workflowId, status: "draft", trigger: everySecond, deleted_at: null });
    // A fire already under way when the schedule went may still add one; then every execution finishes.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const executions = await waitFor(async () => {
      const rows = await executionsOf();
      return rows.every((row) => row.status !== "queued" && row.status !== "running") ? rows : undefined;
    }, 15_000);
    expect(executions.filter((execution) => execution.scheduled_at === new Date(replayed).toISOString())).toHaveLength(1);
    const fireTimes = executions.map((execution) => execution.scheduled_at).filter((time) => time !== new Date(replayed).toISOString());
    expect(fireTimes.length).toBeGreaterThanOrEqual(3);
    expect(new Set(fireTimes).size).toBe(fireTimes.length);
    for (const execution of executions) {
      expect(execution).toMatchObject({ status: "completed", trigger_type: "schedule", mode: "live" });
      expect(execution.scheduled_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/);
      expect(execution.idempotency_key).toBe(`schedule:${Date.parse(execution.scheduled_at)}`);
    }
    // Fire times are consecutive seconds: none was skipped between the first and the last.
    const seconds = fireTimes.map((time) => Date.parse(time) / 1_000).sort((a, b) => a - b);
    expect(seconds.at(-1)! - seconds[0]!).toBe(seconds.length - 1);
  }, 60_000);

  it("run a schedule faster than the plan allows once per window of its minimum, skipping the other fire times", async () => {
    const { db } = database.current;
    const userId = (await createAccount(db)).id;
    // Saved under a plan that allowed it; the account is on the free plan now (15 minutes).
    const workflowId = await insertWorkflow(db, userId, { actions: [{ type: "transform", config: { output: {} } }], trigger: everySecond, status: "draft" });
    const env = { DATABASE_URL: database.current.url, REDIS_KEY_PREFIX: namespace.keyPrefix, QUEUE_PREFIX: namespace.queuePrefix };
    if (engines.length === 0) engines.push(await startEngineProcess(env));
    await db.updateTable("workflows").set({ status: "active" }).where("id", "=", workflowId).execute();
    const windowStart = Date.UTC(2026, 0, 1, 9, 15);
    for (const firedAt of [windowStart, windowStart + 1_000, windowStart + 899_000, windowStart + 900_000]) {
      await queues.get("workflow-schedule").add("workflow-schedule", { workflow_id: workflowId }, { jobId: `throttle-${firedAt}`, prevMillis: firedAt });
    }
    const fired = async () =>
      (await db.selectFrom("executions").select(sql<string>`trigger_data ->> 'scheduled_at'`.as("at")).where("workflow_id", "=", workflowId).execute()).map((row) => row.at);
    await waitFor(async () => ((await fired()).length >= 2 ? true : undefined), 20_000);
    // Jobs for later fire times in the same windows would have been handled by now.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await db.updateTable("workflows").set({ status: "draft" }).where("id", "=", workflowId).execute();
    const replayed = (await fired()).filter((at) => Date.parse(at) < Date.UTC(2026, 0, 2)).sort();
    expect(replayed).toEqual([new Date(windowStart).toISOString(), new Date(windowStart + 900_000).toISOString()]);
  }, 60_000);
});
