import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ExecutionStartedSchema } from "../core/contracts/workflow-responses.js";
import { createKeyedAccount } from "../testing/accounts.js";
import { useTestDatabase } from "../testing/database.js";
import { randomSuffix } from "../testing/environment.js";
import type { GatewayProcess } from "../testing/gateway-process.js";
import { startTwoOfEach } from "../testing/two-of-each.js";
import { startHttpReceiver, type HttpReceiver } from "../testing/http-receiver.js";
import { meteredBurst, whoami } from "../testing/metered-burst.js";
import { startRedisCluster, type RedisCluster } from "../testing/redis-cluster.js";
import { insertWorkflow, waitForExecution } from "../testing/workflow-runs.js";

/**
 * A Redis Cluster primary failed over under load (issue 39): two gateways and two engines on a
 * six-node cluster of their own (so the failover does not reach other suites' shared cluster),
 * metered requests and workflow executions in flight, and the primary that serves the
 * account's meter and the queues failed over to its replica, then stopped.
 */
const database = useTestDatabase();
let cluster: RedisCluster;
let gateways: GatewayProcess[] = [];
let stopProcesses: (() => Promise<void>) | undefined;
let receiver: HttpReceiver;
type Account = Awaited<ReturnType<typeof createKeyedAccount>>;
/** The account under load, and one on the same primary for the admission burst after recovery. */
let loaded: Account;
let afterwards: Account;
let failingPrimary: number;

const METERED_REQUESTS = 400;
const EXECUTIONS = 30;
const LOAD_MS = 4_000;

beforeAll(async () => {
  const { db } = database.current;
  [cluster, receiver] = await Promise.all([startRedisCluster(), startHttpReceiver()]);
  loaded = await createKeyedAccount(db, { requestLimit: null });
  await db.updateTable("user_packages").set({ package_name: "enterprise" }).where("user_id", "=", loaded.userId).execute();
  failingPrimary = await cluster.primaryOf(`{${loaded.userId}}`);
  afterwards = await accountServedBy(failingPrimary);
  // The queues share the account's hash tag, so the failover reaches them too.
  const shared = {
    DATABASE_URL: database.current.url,
    REDIS_CLUSTER_NODES: cluster.nodes,
    REDIS_KEY_PREFIX: `test:${randomSuffix()}:`,
    QUEUE_PREFIX: `{${loaded.userId}}`,
  };
  ({ gateways, stop: stopProcesses } = await startTwoOfEach(shared));
}, 120_000);
afterAll(async () => {
  await stopProcesses?.();
  await Promise.allSettled([receiver?.close(), cluster?.stop()]);
});

/** A new keyed account whose meter keys lie on the primary on `port` (a third of accounts do). */
async function accountServedBy(port: number): Promise<Account> {
  for (let attempt = 0; attempt < 30; attempt++) {
    const account = await createKeyedAccount(database.current.db);
    if ((await cluster.primaryOf(`{${account.userId}}`)) === port) return account;
  }
  throw new Error(`no account's slot on the primary on ${port}`);
}

/** Runs `send(i)` for i < count at an even pace over `durationMs`; resolves to every answer. */
async function paced<T>(count: number, durationMs: number, send: (i: number) => Promise<T>): Promise<T[]> {
  const started: Array<Promise<T>> = [];
  for (let i = 0; i < count; i++) {
    started.push(send(i));
    await new Promise((resolve) => setTimeout(resolve, durationMs / count));
  }
  return Promise.all(started);
}

async function execute(gateway: GatewayProcess, workflowId: string, n: number): Promise<{ status: number; executionId?: string }> {
  const response = await fetch(`${gateway.url}/v1/workflows/${workflowId}/execute`, {
    method: "POST",
    headers: { ...loaded.authorization, "Content-Type": "application/json" },
    body: JSON.stringify({ data: { n } }),
  });
  if (response.status !== 202) return { status: response.status };
  return { status: 202, executionId: ExecutionStartedSchema.parse(await response.json()).execution_id };
}

describe("a primary failed over under load", () => {
  it("answers within the documented fail mode, loses and repeats no execution, and admits exactly N afterwards", async () => {
    const { db } = database.current;
    receiver.respondWith((_request, response) => {
      setTimeout(() => response.writeHead(200, { "Content-Type": "application/json" }).end('{"ok":true}'), 50);
    });
    const workflowId = await insertWorkflow(db, loaded.userId, {
      actions: [{ type: "http_request", name: "call", config: { url: `${receiver.url}/call`, body: { n: "{{trigger.data.n}}" } } }],
    });

    const failedOver = (async () => {
      await new Promise((resolve) => setTimeout(resolve, LOAD_MS / 3));
      const startedAt = Date.now();
      const newPrimary = await cluster.failOver(failingPrimary);
      return { newPrimary, ms: Date.now() - startedAt };
    })();
    const [requests, executions, failover] = await Promise.all([
      paced(METERED_REQUESTS, LOAD_MS, (i) => whoami(gateways[i % 2]!, loaded.authorization)),
      paced(EXECUTIONS, LOAD_MS, (n) => execute(gateways[n % 2]!, workflowId, n)),
      failedOver,
    ]);

    // The documented fail mode of a metered request is to fail open (200) or refuse by quota (429); executions are accepted (202).
    const requestsBeyond = requests.filter((status) => status !== 200 && status !== 429);
    const executionsBeyond = executions.filter((execution) => execution.status !== 202).map((execution) => execution.status);
    const executionIds = executions.flatMap((execution) => (execution.executionId ? [execution.executionId] : []));
    const finished = await Promise.all(executionIds.map((id) => waitForExecution(db, id, undefined, 30_000).then((run) => run.status, () => "unfinished")));
    const lost = finished.filter((status) => status !== "completed").length;
    const callsPerExecution = new Map<string, number>();
    for (const call of receiver.received.filter((request) => request.path === "/call")) {
      const key = String(call.headers["idempotency-key"]);
      callsPerExecution.set(key, (callsPerExecution.get(key) ?? 0) + 1);
    }
    const repeated = [...callsPerExecution.values()].reduce((sum, calls) => sum + calls - 1, 0);
    const missing = executionIds.filter((id) => !callsPerExecution.has(`${id}:call`)).length;

    const { warmUp, burst } = await meteredBurst(db, gateways, afterwards, { requestLimit: 102, count: 300 });
    const admitted = burst.filter((status) => status === 200).length;

    const counts = {
      failoverMs: failover.ms,
      requests: requests.length,
      requestsBeyondFailMode: requestsBeyond.length,
      executionsStarted: executionIds.length,
      executionsBeyondFailMode: executionsBeyond.length,
      executionsLost: lost,
      sideEffectsMissing: missing,
      sideEffectsRepeated: repeated,
      admittedAfterRecovery: admitted,
    };
    process.stdout.write(`failover: ${JSON.stringify(counts)}\n`);
    expect(failover.newPrimary).not.toBe(failingPrimary);
    expect({ requestsBeyond, executionsBeyond, lost, missing, repeated }).toEqual({ requestsBeyond: [], executionsBeyond: [], lost: 0, missing: 0, repeated: 0 });
    expect(executionIds).toHaveLength(EXECUTIONS);
    expect(warmUp).toEqual([200, 200]);
    expect(admitted).toBe(100);
    expect(burst.filter((status) => status === 429)).toHaveLength(200);
  }, 90_000);
});
