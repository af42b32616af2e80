import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProducerQueues, type ProducerQueues } from "../core/queues.js";
import { createRedis, waitForRedis, type Redis } from "../core/redis.js";
import { requeueQueuedAnalytics } from "../engine/analytics/requeue-queued-analytics.js";
import { recoverLostExecutions } from "../engine/workflows/recover-lost-executions.js";
import { createKeyedAccount } from "../testing/accounts.js";
import { useTestDatabase } from "../testing/database.js";
import { startEngineProcess, type EngineProcess } from "../testing/engine-process.js";
import { waitFor } from "../testing/wait-for.js";
import { startGatewayProcess, type GatewayProcess } from "../testing/gateway-process.js";
import { startRedisServer, type RedisServer } from "../testing/redis-server.js";
import { insertWorkflow } from "../testing/workflow-runs.js";

/**
 * Redis restarted under load (issue 13), with the real gateway and engine processes: Redis is
 * killed while clients keep calling, and comes back empty (no persistence). No request gets a
 * 500; what was accepted during the outage is in PostgreSQL and completes once the engine's
 * sweeps run; the engine re-creates its recurring jobs in the empty Redis; new work runs at once.
 */
const database = useTestDatabase();
const dataDir = mkdtempSync(join(tmpdir(), "sluice-data-"));
let redisServer: RedisServer;
let gateway: GatewayProcess;
let engine: EngineProcess;
let connection: Redis;
let queues: ProducerQueues;

beforeAll(async () => {
  redisServer = await startRedisServer();
  const env = { DATABASE_URL: database.current.url, REDIS_URL: redisServer.url, DATA_DIR: dataDir };
  [gateway, engine] = await Promise.all([
    startGatewayProcess({ ...env, ANALYSIS_WAIT_MS: "0" }),
    startEngineProcess({ ...env, JOB_LOCK_MS: "1000", SCHEDULE_CHECK_INTERVAL_MS: "500" }),
  ]);
  connection = createRedis(redisServer.url, "worker");
  connection.on("error", () => undefined);
  queues = createProducerQueues(connection, "{sluice}");
}, 90_000);
afterAll(async () => {
  await Promise.allSettled([gateway?.stop(), engine?.stop()]);
  await queues?.close();
  connection?.disconnect();
  await redisServer?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("Redis restarted under load", () => {
  it("answers no 500, loses no accepted execution or analysis, and the queues and schedules resume", async () => {
    const { db } = database.current;
    const { userId, authorization } = await createKeyedAccount(db);
    await db.updateTable("user_packages").set({ package_name: "enterprise", request_limit: null }).where("user_id", "=", userId).execute();
    const workflowId = await insertWorkflow(db, userId, { actions: [{ type: "transform", name: "echo", config: { output: { ok: true } } }] });
    const headers = { ...authorization, "Content-Type": "application/json" };
    const calls = [
      () => fetch(`${gateway.url}/v1/workflows/${workflowId}/execute`, { method: "POST", headers, body: JSON.stringify({ data: {} }) }),
      () => fetch(`${gateway.url}/v1/data/analyze`, { method: "POST", headers, body: JSON.stringify({ dataset: [{ x: 1 }, { x: 2 }, { x: 4 }], analysis: "summary" }) }),
      () => fetch(`${gateway.url}/v1/whoami`, { headers }),
    ];

    const statuses: number[] = [];
    let phase: "before" | "outage" | "after" = "before";
    const byPhase = { before: [] as number[], outage: [] as number[], after: [] as number[] };
    let stop = false;
    const client = async (offset: number) => {
      for (let i = offset; !stop; i++) {
        const response = await (calls[i % calls.length] ?? calls[0])!();
        await response.body?.cancel();
        statuses.push(response.status);
        byPhase[phase].push(response.status);
      }
    };
    const clients = [0, 1, 2, 3].map(client);
    await sleep(2_000);
    phase = "outage";
    await redisServer.kill();
    await sleep(3_000);
    redisServer.start();
    await waitForRedis(connection, 10_000);
    phase = "after";
    await sleep(4_000);
    stop = true;
    await Promise.all(clients);

    expect(statuses.filter((status) => status >= 500 && status !== 503), "no 500 at any time").toEqual([]);
    expect(byPhase.outage.length, "requests were made during the outage").toBeGreaterThan(10);
    expect(byPhase.outage.filter((status) => status < 300).length, "answered from PostgreSQL and the local limiter while Redis was away").toBeGreaterThan(0);
    expect(byPhase.after.slice(-20).every((status) => status < 300), "recovered without a restart").toBe(true);

    // The engine re-created its recurring jobs in the empty Redis.
    await waitFor(async () => ((await queues.get("maintenance").getJobSchedulers()).length >= 10 ? true : undefined), 15_000);

    // What the sweeps do once the rows are old enough: every row whose job Redis lost gets one again.
    const aMinuteLater = new Date(Date.now() + 61_000);
    await recoverLostExecutions({ db, queues, redis: connection, keyPrefix: "sluice:" }, { graceMs: 60_000, now: aMinuteLater });
    await requeueQueuedAnalytics(db, queues, aMinuteLater);
    const open = async () => ({
      executions: (await db.selectFrom("executions").select("status").where("user_id", "=", userId).execute()).filter((row) => row.status !== "completed").length,
      analyses: (await db.selectFrom("analyses").select("status").where("user_id", "=", userId).execute()).filter((row) => row.status !== "completed").length,
    });
    await waitFor(async () => {
      const left = await open();
      return left.executions === 0 && left.analyses === 0 ? true : undefined;
    }, 60_000);
    const accepted = await db.selectFrom("executions").select((eb) => eb.fn.countAll<string>().as("count")).where("user_id", "=", userId).executeTakeFirstOrThrow();
    expect(Number(accepted.count)).toBeGreaterThan(5);
  }, 120_000);
});
