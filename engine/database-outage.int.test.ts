import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProducerQueues, type ProducerQueues } from "../core/queues.js";
import { connectRedis, type Redis } from "../core/redis.js";
import { createAccount } from "../testing/accounts.js";
import { useTestDatabase } from "../testing/database.js";
import { startEngineProcess, type EngineProcess } from "../testing/engine-process.js";
import { baseTestConfig } from "../testing/environment.js";
import { startHttpReceiver, type HttpReceiver } from "../testing/http-receiver.js";
import { useRedisNamespace } from "../testing/redis.js";
import { startTcpProxy, type TcpProxy } from "../testing/tcp-proxy.js";
import { findSteps, insertWorkflow, startRun, waitForExecution } from "../testing/workflow-runs.js";

/**
 * PostgreSQL restarted while the engine works (issue 13): the real engine process reaches the
 * database through a proxy that drops every connection and refuses new ones for a while. The
 * engine does not crash, the run that was in flight finishes after the database is back (its
 * step's outside call made again with the same idempotency key), and new runs complete, without
 * restarting the engine.
 */
const database = useTestDatabase();
const namespace = useRedisNamespace();
let proxy: TcpProxy;
let engine: EngineProcess;
let receiver: HttpReceiver;
let connection: Redis;
let queues: ProducerQueues;

beforeAll(async () => {
  const url = new URL(database.current.url);
  proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.host = `127.0.0.1:${proxy.port}`;
  receiver = await startHttpReceiver();
  engine = await startEngineProcess({
    DATABASE_URL: url.toString(),
    REDIS_KEY_PREFIX: namespace.keyPrefix,
    QUEUE_PREFIX: namespace.queuePrefix,
    OUTBOUND_ALLOW_PRIVATE: "true",
    JOB_LOCK_MS: "1000",
  });
  connection = connectRedis(baseTestConfig(), "worker");
  queues = createProducerQueues(connection, namespace.queuePrefix);
}, 60_000);
afterAll(async () => {
  await engine?.stop();
  await queues?.close();
  await connection?.quit();
  await receiver?.close();
  await proxy?.close();
});

describe("PostgreSQL restarted while the engine runs", () => {
  it("keeps the engine alive, finishes the run in flight and runs new ones once the database is back", async () => {
    const { db } = database.current;
    const userId = (await createAccount(db)).id;
    // The outside call is answered slowly: the database goes away while the step waits for it.
    receiver.respondWith((_request, response) => {
      setTimeout(() => {
        response.writeHead(200, { "Content-Type": "application/json" });
        response.end('{"ok":true}');
      }, 500);
    });
    const workflowId = await insertWorkflow(db, userId, {
      actions: [
        { type: "http_request", name: "call", config: { url: `${receiver.url}/call`, body: { n: 1 } } },
        { type: "transform", name: "done", config: { output: { ok: "{{steps.call.output.body.ok}}" } } },
      ],
    });

    const inFlight = await startRun({ db, queues }, { id: workflowId, userId });
    await receiver.waitForRequests(1, 15_000);
    proxy.cut();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(engine.process.exitCode, "the engine is still running").toBeNull();
    proxy.restore();

    const finished = await waitForExecution(db, inFlight, undefined, 30_000);
    expect(finished.status).toBe("completed");
    const keys = new Set(receiver.received.map((request) => request.headers["idempotency-key"]));
    expect([...keys]).toEqual([`${inFlight}:call`]);
    expect((await findSteps(db, inFlight)).map((step) => [step.name, step.status])).toEqual([
      ["call", "completed"],
      ["done", "completed"],
    ]);

    const after = await startRun({ db, queues }, { id: workflowId, userId });
    expect((await waitForExecution(db, after, undefined, 15_000)).status).toBe("completed");
    expect(engine.process.exitCode, "never restarted").toBeNull();
    expect(engine.output()).not.toContain('"level":"fatal"');
  }, 90_000);
});
