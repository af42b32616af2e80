import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createRedis, waitForRedis, type Redis } from "../../core/redis.js";
import { createAccount } from "../../testing/accounts.js";
import { useTestDatabase } from "../../testing/database.js";
import { useTestEngine } from "../../testing/engine.js";
import { startHttpReceiver, type HttpReceiver } from "../../testing/http-receiver.js";
import { startRedisServer, type RedisServer } from "../../testing/redis-server.js";
import { waitFor } from "../../testing/wait-for.js";
import { findExecution, findSteps, insertWorkflow, requestCancel, startRun, waitForExecution, type ActionInput } from "../../testing/workflow-runs.js";
import { recoverLostExecutions } from "./recover-lost-executions.js";

/**
 * Redis loses its data (FLUSHALL on a private redis-server) under executions an engine is
 * running or has put to sleep (issue 35). The sweep is called directly, with no grace period,
 * where the engine's own would come within JOB_LOCK_MS plus 30 s.
 */
let redisServer: RedisServer;
let redis: Redis;
let receiver: HttpReceiver;
beforeAll(async () => {
  redisServer = await startRedisServer();
  redis = createRedis(redisServer.url, "worker");
  redis.on("error", () => undefined);
  await waitForRedis(redis, 10_000);
  receiver = await startHttpReceiver();
});
// Registered before the engine's hooks, so it runs after the engine has stopped.
afterAll(async () => {
  await receiver.close();
  await redis.quit();
  await redisServer.kill();
});
const database = useTestDatabase();
const engine = useTestEngine(database, () => ({ REDIS_URL: redisServer.url, OUTBOUND_ALLOW_PRIVATE: "true", JOB_LOCK_MS: "1000" }));
beforeEach(() => {
  receiver.received.length = 0;
  receiver.respondWith((_request, response) => {
    response.writeHead(200, { "Content-Type": "application/json" });
    response.end('{"ok":true}');
  });
});

const db = () => database.current.db;
const call = (name: string): ActionInput => ({ type: "http_request", name, config: { url: `${receiver.url}/${name}` } });
const nap = (seconds: number): ActionInput => ({ type: "delay", name: "nap", config: { seconds } });
const recover = () => recoverLostExecutions({ db: db(), queues: engine.current.queues, redis, keyPrefix: engine.current.config.REDIS_KEY_PREFIX }, { graceMs: 0 });

async function run(actions: ActionInput[]): Promise<string> {
  const userId = (await createAccount(db())).id;
  const workflowId = await insertWorkflow(db(), userId, { actions });
  return startRun({ db: db(), queues: engine.current.queues }, { id: workflowId, userId });
}

/** Waits until the execution's job sleeps in the delayed set (its delay step claimed). */
async function untilAsleep(executionId: string): Promise<void> {
  const queue = engine.current.queues.get("workflow-run");
  await waitFor(async () => ((await queue.getJob(executionId))?.isDelayed().then((delayed) => delayed || undefined)), 10_000);
}

/** When the execution's delay step wakes up, as its claim recorded. */
async function resumeAt(executionId: string): Promise<number> {
  const step = (await findSteps(db(), executionId)).find((row) => row.type === "delay");
  return Date.parse((step?.output as { resume_at: string }).resume_at);
}

describe("Redis loses its data", () => {
  it("is swept every 30 s by the engines", async () => {
    const schedulers = await engine.current.queues.get("maintenance").getJobSchedulers();
    expect(schedulers.find((scheduler) => scheduler.key === "recover-lost-executions-every-30s")?.every).toBe(30_000);
  });

  it("resumes executions asleep in a delay step: a due one at once, one not due after the rest of its sleep, no completed step repeated", async () => {
    const [due, notDue] = [await run([call("before"), nap(1), call("after")]), await run([call("before"), nap(4), call("after")])];
    await Promise.all([untilAsleep(due), untilAsleep(notDue)]);
    await redis.flushall();
    const dueAt = await resumeAt(due);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, dueAt + 1_000 - Date.now())));
    // Nothing would ever wake them.
    expect((await findExecution(db(), due)).status).toBe("running");

    expect(await recover()).toEqual({ requeued: 2, cancelled: 0 });
    const [dueRun, notDueRun] = await Promise.all([waitForExecution(db(), due, undefined, 5_000), waitForExecution(db(), notDue, undefined, 10_000)]);
    expect([dueRun.status, notDueRun.status]).toEqual(["completed", "completed"]);
    expect(new Date(notDueRun.finished_at!).getTime()).toBeGreaterThanOrEqual(await resumeAt(notDue));
    for (const executionId of [due, notDue]) {
      expect((await findSteps(db(), executionId)).map((step) => [step.name, step.status, step.attempts])).toEqual([
        ["before", "completed", 1],
        ["nap", "completed", 1],
        ["after", "completed", 1],
      ]);
      expect(receiver.received.filter((request) => String(request.headers["idempotency-key"]).startsWith(`${executionId}:`)).map((request) => request.path)).toEqual(["/before", "/after"]);
    }
  });

  it("ends a cancelled execution whose job Redis lost: at once when an engine hears the cancel, or by the sweep when none did", async () => {
    const [heard, unheard] = [await run([nap(60), call("never")]), await run([nap(60), call("never")])];
    await Promise.all([untilAsleep(heard), untilAsleep(unheard)]);
    await redis.flushall();

    const asked = Date.now();
    await requestCancel(db(), redis, engine.current.config.REDIS_KEY_PREFIX, heard);
    expect((await waitForExecution(db(), heard, ["cancelled", "completed", "failed"], 5_000)).status).toBe("cancelled");
    expect(Date.now() - asked).toBeLessThan(1_000);
    // No engine was up to hear this one's cancel: only the row says so.
    await db().updateTable("executions").set({ cancel_requested_at: new Date() }).where("id", "=", unheard).execute();
    expect((await findExecution(db(), unheard)).status).toBe("running");

    expect(await recover()).toEqual({ requeued: 0, cancelled: 1 });
    for (const executionId of [heard, unheard]) {
      expect((await findExecution(db(), executionId)).status).toBe("cancelled");
      expect((await findSteps(db(), executionId)).map((step) => step.status)).toEqual(["cancelled", "skipped"]);
    }
    expect(receiver.received).toHaveLength(0);
  });

  it("never touches an execution whose job sleeps or runs", async () => {
    const held: ServerResponse[] = [];
    receiver.respondWith((_request, response) => void held.push(response));
    const [sleeping, calling] = [await run([nap(60), call("never")]), await run([call("slow")])];
    await untilAsleep(sleeping);
    await receiver.waitForRequests(1);
    const queue = engine.current.queues.get("workflow-run");
    const before = await Promise.all([sleeping, calling].map(async (id) => [(await queue.getJob(id))?.timestamp, await queue.getJobState(id)]));
    expect(before.map(([, state]) => state)).toEqual(["delayed", "active"]);

    expect(await recover()).toEqual({ requeued: 0, cancelled: 0 });
    expect(await Promise.all([sleeping, calling].map(async (id) => [(await queue.getJob(id))?.timestamp, await queue.getJobState(id)]))).toEqual(before);

    for (const response of held) response.writeHead(200).end("{}");
    expect((await waitForExecution(db(), calling)).status).toBe("completed");
    expect(receiver.received).toHaveLength(1);
    await requestCancel(db(), redis, engine.current.config.REDIS_KEY_PREFIX, sleeping);
    await waitForExecution(db(), sleeping);
  });
});
