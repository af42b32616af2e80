import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { CommonConfigSchema, parseConfig, readEnvironment } from "../core/config.js";
import { createDb, type Database } from "../core/db/client.js";
import { newId } from "../core/ids.js";
import { createProducerQueues, type ProducerQueues } from "../core/queues.js";
import { createRedis, waitForRedis } from "../core/redis.js";
import { cancelChannel } from "../core/workflows/cancellation.js";
import { startExecution } from "../core/workflows/start-execution.js";
import { startEngineProcess, type EngineProcess } from "../testing/engine-process.js";
import type { ProcessBuild } from "../testing/gateway-process.js";
import { hangFirstCallTo, startHttpReceiver, type HttpReceiver } from "../testing/http-receiver.js";
import { startRedisServer } from "../testing/redis-server.js";
import { waitFor } from "../testing/wait-for.js";
import { createBenchFixture } from "./bench-fixture.js";

/**
 * BENCH_ONLY=redis-loss (or `npx tsx loadtest/redis-loss-experiment.ts`): Redis restarted without
 * its data under executions in every state (issue 35). A private redis-server and a real engine
 * run executions that are asleep in a delay step, inside an HTTP step (its target never answers
 * the first call), or asleep and then cancelled while no engine runs; the engine is killed, more
 * executions are queued, Redis restarts empty, and two fresh engines start. Reported: executions
 * not ended when the wait ends (target 0), and completed steps whose target was called again
 * (target 0).
 */

const EXECUTIONS = Math.max(4, Number(process.env.REDIS_LOSS_EXECUTIONS ?? 200));
/** How long the fresh engines get to end every execution. */
const WAIT_SECONDS = Number(process.env.REDIS_LOSS_WAIT_SECONDS ?? 90);
/** Long enough that every asleep execution still sleeps when Redis goes, short enough to be due when it is back. */
const NAP_SECONDS = 15;
/** Each hangs on a worker of the first engine, which runs at most 32 at once. */
const CALLING = 24;

type Group = "asleep" | "calling" | "queued" | "cancelled";

export interface RedisLossFigures {
  executions: Record<Group, number>;
  /** Per group, how many ended in each status. */
  statuses: Record<Group, Record<string, number>>;
  notEnded: number;
  /** Calls to a step's target after that step had completed. */
  completedStepsRepeated: number;
  /** From the fresh engines' start until every execution ended; null if some never did. */
  secondsToEnd: number | null;
}

export async function measureRedisLoss(serverDatabaseUrl: string, build: ProcessBuild = "source"): Promise<RedisLossFigures> {
  const redisServer = await startRedisServer();
  const fixture = await createBenchFixture(serverDatabaseUrl);
  const db = createDb({ url: fixture.databaseUrl, poolSize: 4 });
  const receiver = await startHttpReceiver();
  const connection = createRedis(redisServer.url, "worker");
  connection.on("error", () => undefined);
  const queues = createProducerQueues(connection, "{sluice}");
  const engines: EngineProcess[] = [];
  const env = { DATABASE_URL: fixture.databaseUrl, REDIS_URL: redisServer.url, OUTBOUND_ALLOW_PRIVATE: "true" };
  try {
    await waitForRedis(connection, 10_000);
    receiver.respondWith(hangFirstCallTo("/slow"));
    const { id: userId } = await db.selectFrom("users").select("id").executeTakeFirstOrThrow();
    const workflows = await insertWorkflows(db, userId, receiver.url);
    const counts = splitExecutions(EXECUTIONS);
    const ids: Record<Group, string[]> = { asleep: [], calling: [], queued: [], cancelled: [] };
    const start = async (group: Group) => {
      for (let i = 0; i < counts[group]; i++) ids[group].push(await startRun({ db, queues }, workflows[group], userId));
    };

    engines.push(await startEngineProcess(env, build));
    for (const group of ["asleep", "calling", "cancelled"] as const) await start(group);
    // Every asleep execution sleeps in its delay step, every calling one waits on its target.
    await waitFor(async () => ((await countRunningSteps(db, [...ids.asleep, ...ids.cancelled])) === ids.asleep.length + ids.cancelled.length ? true : undefined), 60_000);
    await waitFor(() => (receiver.received.filter((request) => request.path === "/slow").length >= ids.calling.length ? true : undefined), 60_000);

    await engines[0]?.kill();
    await start("queued");
    await db.updateTable("executions").set({ cancel_requested_at: new Date() }).where("id", "in", ids.cancelled).execute();
    for (const id of ids.cancelled) await connection.publish(cancelChannel("sluice:"), id);
    await redisServer.kill();
    redisServer.start();
    await waitForRedis(connection, 10_000);

    const restartedAt = Date.now();
    engines.push(...(await Promise.all([startEngineProcess(env, build), startEngineProcess(env, build)])));
    let secondsToEnd: number | null = null;
    const all = Object.values(ids).flat();
    while (Date.now() - restartedAt < WAIT_SECONDS * 1_000) {
      if ((await countNotEnded(db, all)) === 0) {
        secondsToEnd = Math.round((Date.now() - restartedAt) / 100) / 10;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    return {
      executions: counts,
      statuses: await countStatuses(db, ids),
      notEnded: await countNotEnded(db, all),
      completedStepsRepeated: await countRepeatedCalls(db, receiver),
      secondsToEnd,
    };
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

export function redisLossTable(figures: RedisLossFigures): string[] {
  const groups = Object.keys(figures.executions) as Group[];
  return [
    "| executions | count | ended as |",
    "| --- | --- | --- |",
    ...groups.map((group) => `| ${group} | ${figures.executions[group]} | ${Object.entries(figures.statuses[group]).map(([status, count]) => `${status} ${count}`).join(", ")} |`),
    "",
    `not ended after ${WAIT_SECONDS} s: ${figures.notEnded} (target 0)`,
    `completed steps whose target was called again: ${figures.completedStepsRepeated} (target 0)`,
    `every execution ended ${figures.secondsToEnd === null ? "- never within the wait" : `${figures.secondsToEnd} s after the fresh engines started`}`,
    "",
  ];
}

function splitExecutions(total: number): Record<Group, number> {
  const cancelled = Math.max(1, Math.round(total / 10));
  const calling = Math.min(CALLING, Math.max(1, Math.round(total / 4)));
  const asleep = Math.floor((total - cancelled - calling) / 2);
  return { asleep, calling, queued: total - cancelled - calling - asleep, cancelled };
}

async function insertWorkflows(db: Database, userId: string, target: string): Promise<Record<Group, string>> {
  const call = (name: string, path = "/fast") => ({ type: "http_request", name, config: { url: `${target}${path}`, body: { step: name } } });
  const definitions: Record<Group, unknown[]> = {
    asleep: [call("before"), { type: "delay", name: "nap", config: { seconds: NAP_SECONDS } }, call("after")],
    calling: [call("first"), call("slow", "/slow"), { type: "transform", name: "done", config: { output: { ok: true } } }],
    queued: [call("only")],
    cancelled: [call("before"), { type: "delay", name: "long", config: { seconds: 3_600 } }, call("never")],
  };
  const ids = {} as Record<Group, string>;
  for (const [group, actions] of Object.entries(definitions) as Array<[Group, unknown[]]>) {
    ids[group] = newId("wf");
    await db
      .insertInto("workflows")
      .values({ id: ids[group], user_id: userId, name: `redis loss ${group}`, status: "active", trigger: JSON.stringify({ type: "manual", config: {} }), actions: JSON.stringify(actions), hook_secret: newId("req"), mode: "live" })
      .execute();
  }
  return ids;
}

async function startRun(deps: { db: Database; queues: ProducerQueues }, workflowId: string, userId: string): Promise<string> {
  const started = await startExecution(deps, { workflowId, userId, triggerType: "manual", triggerData: {}, mode: "live", now: new Date() });
  return started.executionId;
}

/** Delay steps claimed and sleeping, among these executions. */
async function countRunningSteps(db: Database, executionIds: string[]): Promise<number> {
  const row = await db
    .selectFrom("execution_steps")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("execution_id", "in", executionIds)
    .where("type", "=", "delay")
    .where("status", "=", "running")
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function countNotEnded(db: Database, executionIds: string[]): Promise<number> {
  const row = await db
    .selectFrom("executions")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("id", "in", executionIds)
    .where("status", "in", ["queued", "running"])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function countStatuses(db: Database, ids: Record<Group, string[]>): Promise<Record<Group, Record<string, number>>> {
  const statuses = {} as Record<Group, Record<string, number>>;
  for (const [group, executionIds] of Object.entries(ids) as Array<[Group, string[]]>) {
    const rows = await db.selectFrom("executions").select(["status", sql<string>`count(*)`.as("count")]).where("id", "in", executionIds).groupBy("status").execute();
    statuses[group] = Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
  }
  return statuses;
}

/** Calls (by their Idempotency-Key, `{execution}:{step}`) that reached a target after their step had completed. */
async function countRepeatedCalls(db: Database, receiver: HttpReceiver): Promise<number> {
  const completed = await db.selectFrom("execution_steps").select(["execution_id", "name", "finished_at"]).where("status", "=", "completed").where("type", "=", "http_request").execute();
  const finishedAt = new Map(completed.map((step) => [`${step.execution_id}:${step.name}`, step.finished_at ? new Date(step.finished_at).getTime() : Infinity]));
  return receiver.received.filter((request) => request.receivedAt > (finishedAt.get(String(request.headers["idempotency-key"])) ?? Infinity)).length;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const config = parseConfig(CommonConfigSchema, readEnvironment());
  const figures = await measureRedisLoss(config.DATABASE_URL);
  process.stdout.write(["", ...redisLossTable(figures)].join("\n"));
  if (figures.notEnded > 0 || figures.completedStepsRepeated > 0) process.exitCode = 1;
}
