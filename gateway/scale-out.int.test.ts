import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ExecutionStartedSchema } from "../core/contracts/workflow-responses.js";
import { createKeyedAccount } from "../testing/accounts.js";
import { useTestDatabase } from "../testing/database.js";
import type { EngineProcess } from "../testing/engine-process.js";
import type { GatewayProcess } from "../testing/gateway-process.js";
import { startTwoOfEach } from "../testing/two-of-each.js";
import { startHttpReceiver, type HttpReceiver } from "../testing/http-receiver.js";
import { meteredBurst } from "../testing/metered-burst.js";
import { useRedisNamespace, useTestQueues } from "../testing/redis.js";
import { readEvents } from "../testing/sse.js";
import { findSteps, insertWorkflow, waitForExecution } from "../testing/workflow-runs.js";

/**
 * Two gateways and two engines on one Redis (in the integration-cluster project, a six-node
 * Redis Cluster reached through REDIS_CLUSTER_NODES): what a customer who outgrows one machine
 * relies on.
 */
const database = useTestDatabase();
const namespace = useRedisNamespace();
const queues = useTestQueues(namespace);
let gateways: GatewayProcess[] = [];
let engines: EngineProcess[] = [];
let stopProcesses: (() => Promise<void>) | undefined;
let receiver: HttpReceiver;

beforeAll(async () => {
  const shared = { DATABASE_URL: database.current.url, REDIS_KEY_PREFIX: namespace.keyPrefix, QUEUE_PREFIX: namespace.queuePrefix };
  receiver = await startHttpReceiver();
  ({ gateways, engines, stop: stopProcesses } = await startTwoOfEach(shared));
}, 120_000);
afterAll(async () => {
  await stopProcesses?.();
  await receiver?.close();
});

/** An account on a plan without a request limit, for the tests that are not about admission. */
async function unlimitedAccount() {
  const account = await createKeyedAccount(database.current.db, { requestLimit: null });
  await database.current.db.updateTable("user_packages").set({ package_name: "enterprise" }).where("user_id", "=", account.userId).execute();
  return account;
}

describe("two gateways and two engines on one Redis", () => {
  it("admit exactly N of 1,000 parallel requests at a monthly quota of N (here 300 left of 302)", async () => {
    const account = await createKeyedAccount(database.current.db);
    const { warmUp, burst } = await meteredBurst(database.current.db, gateways, account, { requestLimit: 302, count: 1_000 });
    expect(warmUp).toEqual([200, 200]);
    expect(burst.filter((s) => s === 200)).toHaveLength(300);
    expect(burst.filter((s) => s === 429)).toHaveLength(700);
  }, 60_000);

  it("spread executions started through both gateways over both engines, each step run once", async () => {
    const { db } = database.current;
    const { userId, authorization } = await unlimitedAccount();
    // Each call is held a little, so that executions overlap and both engines take some.
    receiver.respondWith((_request, response) => {
      setTimeout(() => response.writeHead(200, { "Content-Type": "application/json" }).end('{"ok":true}'), 100);
    });
    const workflowId = await insertWorkflow(db, userId, {
      actions: [
        { type: "http_request", name: "call", config: { url: `${receiver.url}/call`, body: { n: "{{trigger.data.n}}" } } },
        { type: "transform", name: "done", config: { output: { ok: "{{steps.call.output.body.ok}}" } } },
      ],
    });
    const count = 40;
    const executionIds = await Promise.all(
      Array.from({ length: count }, async (_, n) => {
        const response = await fetch(`${gateways[n % 2]!.url}/v1/workflows/${workflowId}/execute`, {
          method: "POST",
          headers: { ...authorization, "Content-Type": "application/json" },
          body: JSON.stringify({ data: { n } }),
        });
        expect(response.status).toBe(202);
        return ExecutionStartedSchema.parse(await response.json()).execution_id;
      }),
    );

    for (const id of executionIds) expect((await waitForExecution(db, id, undefined, 60_000)).status).toBe("completed");
    const calls = receiver.received.filter((request) => request.path === "/call");
    expect(calls).toHaveLength(count);
    expect(new Set(calls.map((request) => request.headers["idempotency-key"]))).toEqual(new Set(executionIds.map((id) => `${id}:call`)));
    for (const id of executionIds) {
      expect((await findSteps(db, id)).map((step) => [step.name, step.status, step.attempts])).toEqual([
        ["call", "completed", 1],
        ["done", "completed", 1],
      ]);
    }
    const ranBy = await Promise.all(executionIds.map(async (id) => (await queues.current.get("workflow-run").getJob(id))?.processedBy));
    const perEngine = engines.map((engine) => ranBy.filter((instanceId) => instanceId === engine.instanceId).length);
    expect(perEngine.reduce((sum, n) => sum + n, 0)).toBe(count);
    expect(Math.min(...perEngine)).toBeGreaterThan(0);
  }, 120_000);

  it("push a stream's statistics written through one gateway to a live subscriber on the other", async () => {
    const { authorization } = await unlimitedAccount();
    const [writer, reader] = gateways as [GatewayProcess, GatewayProcess];
    const post = (events: Array<{ id: string; latency: number }>) =>
      fetch(`${writer.url}/v1/streams/scaled/events`, {
        method: "POST",
        headers: { ...authorization, "Content-Type": "application/json" },
        body: JSON.stringify({ events: events.map(({ id, latency }) => ({ id, timestamp: "2026-11-21T12:00:00Z", fields: { latency } })) }),
      }).then((r) => r.status);
    expect(await post(Array.from({ length: 10 }, (_, i) => ({ id: `s-${i}`, latency: 100 + i })))).toBe(200);

    const live = await fetch(`${reader.url}/v1/streams/scaled/live`, { headers: authorization });
    expect(live.status).toBe(200);
    const events = readEvents(live);
    try {
      const snapshot = await events.next();
      expect(snapshot.event).toBe("statistics");
      expect(JSON.parse(snapshot.data)).toMatchObject({ events: 10 });
      expect(await post([{ id: "s-10", latency: 120 }])).toBe(200);
      const update = await events.next();
      expect(update.event).toBe("statistics");
      expect(JSON.parse(update.data)).toMatchObject({ events: 11, fields: { latency: { count: 11, max: 120 } } });
    } finally {
      await events.close();
    }
  }, 60_000);
});
