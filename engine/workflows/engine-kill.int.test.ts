import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StoredAttemptSchema } from "../../core/contracts/step-attempts.js";
import { createProducerQueues, type ProducerQueues } from "../../core/queues.js";
import { connectRedis, type Redis } from "../../core/redis.js";
import { createAccount } from "../../testing/accounts.js";
import { useTestDatabase } from "../../testing/database.js";
import { startEngineProcess, type EngineProcess } from "../../testing/engine-process.js";
import { baseTestConfig } from "../../testing/environment.js";
import { startHttpReceiver, type HttpReceiver } from "../../testing/http-receiver.js";
import { useRedisNamespace } from "../../testing/redis.js";
import { serializeAttemptHistory } from "../../gateway/workflows/attempt-history.js";
import { findSteps, insertWorkflow, startRun, waitForExecution } from "../../testing/workflow-runs.js";

const database = useTestDatabase();
const namespace = useRedisNamespace();
let connection: Redis;
let queues: ProducerQueues;
let receiverA: HttpReceiver;
let receiverB: HttpReceiver;
const engines: EngineProcess[] = [];

const engineEnv = () => ({
  DATABASE_URL: database.current.url,
  REDIS_KEY_PREFIX: namespace.keyPrefix,
  QUEUE_PREFIX: namespace.queuePrefix,
  OUTBOUND_ALLOW_PRIVATE: "true",
  // A dead engine's job is taken over about a second after its lock lapses.
  JOB_LOCK_MS: "1000",
});

beforeAll(async () => {
  connection = connectRedis(baseTestConfig(), "worker");
  queues = createProducerQueues(connection, namespace.queuePrefix);
  [receiverA, receiverB] = await Promise.all([startHttpReceiver(), startHttpReceiver()]);
});
afterAll(async () => {
  await Promise.allSettled(engines.map((engine) => engine.stop()));
  await queues.close();
  await connection.quit();
  await Promise.allSettled([receiverA.close(), receiverB.close()]);
});

describe("an engine killed mid-run", () => {
  it("loses no execution and repeats no completed step: another engine resumes from the step that was running", async () => {
    // B hangs on its first request (the engine is killed while waiting) and answers the next.
    receiverB.respondWith((request, response) => {
      if (receiverB.received.indexOf(request) === 0) return;
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end('{"second":true}');
    });
    const { db } = database.current;
    const userId = (await createAccount(db)).id;
    const workflowId = await insertWorkflow(db, userId, {
      actions: [
        { type: "http_request", name: "a", config: { url: `${receiverA.url}/a`, body: { n: 1 } } },
        { type: "http_request", name: "b", config: { url: `${receiverB.url}/b`, body: { from_a: "{{steps.a.output.status}}" } } },
        { type: "transform", name: "done", config: { output: { b: "{{steps.b.output.body.second}}" } } },
      ],
    });

    const first = await startEngineProcess(engineEnv());
    engines.push(first);
    const executionId = await startRun({ db, queues }, { id: workflowId, userId });
    await receiverB.waitForRequests(1, 15_000);
    expect((await findSteps(db, executionId)).map((step) => step.status)).toEqual(["completed", "running"]);

    await first.kill();
    const second = await startEngineProcess(engineEnv());
    engines.push(second);

    const execution = await waitForExecution(db, executionId, undefined, 30_000);
    expect(execution.status).toBe("completed");
    expect(receiverA.received).toHaveLength(1);
    expect(receiverB.received).toHaveLength(2);
    expect(receiverB.received.map((request) => request.headers["idempotency-key"])).toEqual([`${executionId}:b`, `${executionId}:b`]);
    const steps = await findSteps(db, executionId);
    expect(steps.map((step) => [step.name, step.status, step.attempts])).toEqual([
      ["a", "completed", 1],
      ["b", "completed", 2],
      ["done", "completed", 1],
    ]);
    expect(steps[2]?.output).toEqual({ b: true });

    // One history entry per attempt: the killed engine's never ended (interrupted), the second
    // engine's ended once. Neither is written twice.
    const history = StoredAttemptSchema.array().parse(steps[1]?.attempt_history);
    expect(history.map((entry) => [entry.attempt, entry.outcome, entry.response?.status])).toEqual([
      [1, undefined, undefined],
      [2, "succeeded", 200],
    ]);
    expect(serializeAttemptHistory(steps[1]!).map((entry) => entry.outcome)).toEqual(["interrupted", "succeeded"]);
  }, 60_000);
});
