import { createDb } from "../core/db/client.js";
import { createProducerQueues } from "../core/queues.js";
import { createRedis, waitForRedis } from "../core/redis.js";
import { startEngineProcess, type EngineProcess } from "../testing/engine-process.js";
import type { ProcessBuild } from "../testing/gateway-process.js";
import { hangFirstCallTo, startHttpReceiver } from "../testing/http-receiver.js";
import { startRedisServer } from "../testing/redis-server.js";
import { insertTakeoverWorkflow, killEngineMidStep } from "../testing/takeover.js";
import { createBenchFixture } from "./bench-fixture.js";

/**
 * BENCH_ONLY=takeover: how long a dead engine's execution shows running before another engine
 * takes it over (issue 40). Two engines with the default settings (JOB_LOCK_MS) on a private
 * Redis; each trial kills the engine running an execution mid-step with SIGKILL (testing/
 * takeover.ts), 0.7 s later into the step than the trial before (the lock renewed 0 to 3 times),
 * and starts a fresh engine for the next, so two always run. TAKEOVER_TRIALS sets how many (5).
 */
const TRIALS = Math.max(1, Number(process.env.TAKEOVER_TRIALS ?? 5));

export interface TakeoverFigures {
  trials: Array<{ killAfterSeconds: number; takeoverSeconds: number; completedSeconds: number; status: string; firstStepCalls: number }>;
}

export async function measureTakeover(serverDatabaseUrl: string, build: ProcessBuild = "source"): Promise<TakeoverFigures> {
  const redisServer = await startRedisServer();
  const fixture = await createBenchFixture(serverDatabaseUrl);
  const db = createDb({ url: fixture.databaseUrl, poolSize: 4 });
  const receiver = await startHttpReceiver();
  const connection = createRedis(redisServer.url, "worker");
  connection.on("error", () => undefined);
  const queues = createProducerQueues(connection, "{sluice}");
  const env = { DATABASE_URL: fixture.databaseUrl, REDIS_URL: redisServer.url, OUTBOUND_ALLOW_PRIVATE: "true" };
  let engines: EngineProcess[] = [];
  try {
    await waitForRedis(connection, 10_000);
    receiver.respondWith(hangFirstCallTo("/hang"));
    const { id: userId } = await db.selectFrom("users").select("id").executeTakeFirstOrThrow();
    const workflowId = await insertTakeoverWorkflow(db, userId, receiver);
    engines = await Promise.all([startEngineProcess(env, build), startEngineProcess(env, build)]);
    const figures: TakeoverFigures = { trials: [] };
    for (let trial = 0; trial < TRIALS; trial++) {
      const killAfterMs = trial * 700;
      const outcome = await killEngineMidStep({ db, queues, receiver }, { id: workflowId, userId }, engines, killAfterMs);
      figures.trials.push({
        killAfterSeconds: seconds(killAfterMs),
        takeoverSeconds: seconds(outcome.takeoverMs),
        completedSeconds: seconds(outcome.completedMs),
        status: outcome.status,
        firstStepCalls: outcome.firstStepCalls,
      });
      process.stdout.write(`trial ${trial + 1}: killed ${seconds(killAfterMs)} s into the step, taken over after ${seconds(outcome.takeoverMs)} s, ${outcome.status} after ${seconds(outcome.completedMs)} s\n`);
      engines = [...engines.filter((engine) => engine !== outcome.killed), await startEngineProcess(env, build)];
    }
    return figures;
  } finally {
    await Promise.allSettled(engines.map((engine) => engine.stop()));
    await queues.close();
    connection.disconnect();
    await redisServer.kill();
    await receiver.close();
    await db.destroy();
    await fixture.drop();
  }
}

export function takeoverTable(figures: TakeoverFigures): string[] {
  const spread = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `${sorted[0]} / ${sorted[Math.floor((sorted.length - 1) / 2)]} / ${sorted[sorted.length - 1]}`;
  };
  const { trials } = figures;
  return [
    `| engine killed (SIGKILL) mid-step, ${trials.length} trials, two engines | min / median / max seconds |`,
    "| --- | --- |",
    `| until the other engine runs the step again | ${spread(trials.map((trial) => trial.takeoverSeconds))} |`,
    `| until the execution ended | ${spread(trials.map((trial) => trial.completedSeconds))} |`,
    "",
    `ended: ${trials.map((trial) => trial.status).join(", ")}; completed steps repeated: ${trials.filter((trial) => trial.firstStepCalls !== 1).length} (target 0)`,
    "",
  ];
}

function seconds(ms: number): number {
  return Math.round(ms / 100) / 10;
}
