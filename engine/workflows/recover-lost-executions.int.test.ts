import { Worker } from "bullmq";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../core/db/client.js";
import { newId } from "../../core/ids.js";
import { QUEUES } from "../../core/jobs.js";
import { createProducerQueues, type ProducerQueues } from "../../core/queues.js";
import { connectRedis, duplicateRedis, type Redis } from "../../core/redis.js";
import { createAccount } from "../../testing/accounts.js";
import { useTestDatabase } from "../../testing/database.js";
import { baseTestConfig } from "../../testing/environment.js";
import { useRedisNamespace } from "../../testing/redis.js";
import { findExecution, findSteps, insertWorkflow } from "../../testing/workflow-runs.js";
import { createExecutionSlots } from "./execution-slots.js";
import { recoverLostExecutions, type RecoveryDeps } from "./recover-lost-executions.js";

const database = useTestDatabase();
const namespace = useRedisNamespace();
let redis: Redis;
let queues: ProducerQueues;

beforeAll(() => {
  redis = connectRedis(baseTestConfig(), "worker");
  queues = createProducerQueues(redis, namespace.queuePrefix);
});
// Each test sees only its own executions and jobs.
beforeEach(async () => {
  await database.current.db.deleteFrom("executions").execute();
  await queues.get("workflow-run").obliterate({ force: true });
});
afterAll(async () => {
  await queues.close();
  await redis.quit();
});

const GRACE_MS = 30_000;
const longAgo = () => new Date(Date.now() - 5 * 60_000);
const deps = (): RecoveryDeps => ({ db: database.current.db, queues, redis, keyPrefix: namespace.keyPrefix });
const recover = (now?: Date) => recoverLostExecutions(deps(), { graceMs: GRACE_MS, ...(now ? { now } : {}) });
const jobOf = (id: string) => queues.get("workflow-run").getJob(id);

/** A workflow of a call, a one-hour delay and another call, and its account. */
async function sleeperWorkflow(db: Database) {
  const userId = (await createAccount(db)).id;
  const workflowId = await insertWorkflow(db, userId, {
    actions: [
      { type: "http_request", name: "call", config: { url: "http://127.0.0.1:9/call" } },
      { type: "delay", name: "nap", config: { seconds: 3_600 } },
      { type: "http_request", name: "after", config: { url: "http://127.0.0.1:9/after" } },
    ],
  });
  return { userId, workflowId };
}

/** An execution as the runner leaves it asleep in its delay step, which it claimed at `sleptAt`. */
async function insertSleeper(db: Database, workflow: { userId: string; workflowId: string }, sleptAt: Date, cancelRequested = false): Promise<string> {
  const id = newId("exec");
  const startedAt = new Date(sleptAt.getTime() - 1_000);
  await db
    .insertInto("executions")
    .values({ id, workflow_id: workflow.workflowId, user_id: workflow.userId, status: "running", trigger_type: "manual", queued_at: startedAt, started_at: startedAt, cancel_requested_at: cancelRequested ? new Date() : null })
    .execute();
  const step = (index: number, name: string, type: string, status: string, output: unknown, finishedAt: Date | null) => ({
    id: newId("step"),
    execution_id: id,
    step_index: index,
    name,
    type,
    status,
    output: JSON.stringify(output),
    attempts: 1,
    started_at: index === 0 ? startedAt : sleptAt,
    finished_at: finishedAt,
  });
  await db
    .insertInto("execution_steps")
    .values([step(0, "call", "http_request", "completed", { status: 200 }, sleptAt), step(1, "nap", "delay", "running", { resume_at: new Date(sleptAt.getTime() + 3_600_000).toISOString() }, null)])
    .execute();
  return id;
}

describe("recoverLostExecutions", () => {
  it("re-adds the job of an execution queued for the grace period without one, once, and leaves fresh ones alone", async () => {
    const { db } = database.current;
    const userId = (await createAccount(db)).id;
    const workflowId = await insertWorkflow(db, userId, { actions: [{ type: "transform", config: { output: {} } }] });
    const row = (queuedAt: Date) => ({ id: newId("exec"), workflow_id: workflowId, user_id: userId, status: "queued", trigger_type: "manual", queued_at: queuedAt });
    const [stale, fresh] = [row(longAgo()), row(new Date())];
    await db.insertInto("executions").values([stale, fresh]).execute();

    expect(await recover()).toEqual({ requeued: 1, cancelled: 0 });
    expect((await jobOf(stale.id))?.data).toEqual({ execution_id: stale.id });
    expect(await jobOf(fresh.id)).toBeUndefined();

    expect(await recover()).toEqual({ requeued: 0, cancelled: 0 });
  });

  it("gives a running execution asleep in a delay step a new job once Redis has lost it, after the grace period since its last step", async () => {
    const { db } = database.current;
    const workflow = await sleeperWorkflow(db);
    const lost = await insertSleeper(db, workflow, longAgo());
    const justAsleep = await insertSleeper(db, workflow, new Date());

    expect(await recover()).toEqual({ requeued: 1, cancelled: 0 });
    expect((await jobOf(lost))?.data).toEqual({ execution_id: lost });
    expect(await jobOf(justAsleep)).toBeUndefined();

    expect(await recover(new Date(Date.now() + GRACE_MS + 1_000))).toEqual({ requeued: 1, cancelled: 0 });
    expect(await jobOf(justAsleep)).toBeDefined();
  });

  it("replaces a job that failed while its execution still says running", async () => {
    const { db } = database.current;
    const lost = await insertSleeper(db, await sleeperWorkflow(db), longAgo());
    await queues.get("workflow-run").add(QUEUES["workflow-run"].name, { execution_id: lost }, { jobId: lost });
    // What a last attempt that could not record the failure leaves behind.
    const worker = new Worker(QUEUES["workflow-run"].name, null, { connection: duplicateRedis(redis), prefix: namespace.queuePrefix });
    try {
      const taken = await worker.getNextJob("token");
      await taken?.moveToFailed(new Error("the database was away"), "token");
    } finally {
      await worker.close();
    }
    expect(await (await jobOf(lost))?.getState()).toBe("failed");

    expect(await recover()).toEqual({ requeued: 1, cancelled: 0 });
    const replaced = await jobOf(lost);
    expect(await replaced?.getState()).toBe("waiting");
    expect(replaced?.attemptsMade).toBe(0);
  });

  it("cancels a lost execution whose cancel was requested: the step it slept in is cancelled, the rest skipped", async () => {
    const { db } = database.current;
    const lost = await insertSleeper(db, await sleeperWorkflow(db), longAgo(), true);

    expect(await recover()).toEqual({ requeued: 0, cancelled: 1 });
    expect((await findExecution(db, lost)).status).toBe("cancelled");
    expect((await findSteps(db, lost)).map((step) => [step.name, step.status])).toEqual([
      ["call", "completed"],
      ["nap", "cancelled"],
      ["after", "skipped"],
    ]);
    expect(await jobOf(lost)).toBeUndefined();
  });

  it("leaves alone an execution whose job waits or sleeps, and one whose slot a pass still holds", async () => {
    const { db } = database.current;
    const workflow = await sleeperWorkflow(db);
    const [waiting, sleeping, held] = [await insertSleeper(db, workflow, longAgo()), await insertSleeper(db, workflow, longAgo()), await insertSleeper(db, workflow, longAgo())];
    const queue = queues.get("workflow-run");
    await queue.add(QUEUES["workflow-run"].name, { execution_id: waiting }, { jobId: waiting });
    await queue.add(QUEUES["workflow-run"].name, { execution_id: sleeping }, { jobId: sleeping, delay: 3_600_000 });
    // A pass in some engine runs `held`; Redis lost its job under it.
    const slot = await createExecutionSlots(duplicateRedis(redis), { keyPrefix: namespace.keyPrefix, leaseMs: GRACE_MS }).acquire(workflow.userId, held, 10);
    const before = await Promise.all([waiting, sleeping].map(async (id) => (await jobOf(id))?.timestamp));

    expect(await recover()).toEqual({ requeued: 0, cancelled: 0 });
    expect(await Promise.all([waiting, sleeping].map(async (id) => (await jobOf(id))?.timestamp))).toEqual(before);
    expect(await (await jobOf(sleeping))?.getState()).toBe("delayed");
    expect(await jobOf(held)).toBeUndefined();

    await slot?.release();
    expect(await recover()).toEqual({ requeued: 1, cancelled: 0 });
  });

  it("finds a job-less execution behind more than a page of executions whose jobs still exist", async () => {
    const { db } = database.current;
    const userId = (await createAccount(db)).id;
    const workflowId = await insertWorkflow(db, userId, { actions: [{ type: "transform", config: { output: {} } }] });
    const rows = Array.from({ length: 501 }, () => ({ id: newId("exec"), workflow_id: workflowId, user_id: userId, status: "queued", trigger_type: "manual", queued_at: longAgo() }));
    rows.sort((a, b) => a.id.localeCompare(b.id));
    await db.insertInto("executions").values(rows).execute();
    const queue = queues.get("workflow-run");
    // The first 500 (a full page) wait behind others; the last one lost its job.
    await queue.addBulk(rows.slice(0, 500).map((row) => ({ name: "workflow-run", data: { execution_id: row.id }, opts: { jobId: row.id, delay: 60_000 } })));

    expect(await recover()).toEqual({ requeued: 1, cancelled: 0 });
    expect((await jobOf(rows[500]?.id ?? ""))?.data).toEqual({ execution_id: rows[500]?.id });
  });
});
