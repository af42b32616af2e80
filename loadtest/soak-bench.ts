import { sql } from "kysely";
import { z } from "zod";
import { createDb, type Database } from "../core/db/client.js";
import { createRedis } from "../core/redis.js";
import { runLoad, type LoadFigures, type LoadOptions } from "./load-generator.js";
import { rssMb } from "./process-stats.js";

/**
 * `npm run bench -- --soak` (issue 13): mixed traffic against the running gateway and engine for
 * SOAK_MINUTES (10 by default) at half of the capacity measured first (or at SOAK_RATES), in one-minute slices, with
 * the errors of each slice and the memory of each process after it. Mixed traffic: the metered
 * path (GET /v1/whoami), workflow executions (POST .../execute, run by the engine), stream events
 * (batches of 10) and small inline analyses (answered by the engine within the request).
 */
export interface SoakOptions {
  gatewayUrl: string;
  secret: string;
  databaseUrl: string;
  redisUrl: string;
  pids: { gateway: number; engine: number };
  minutes: number;
  /** Fixed rates per second instead of half of the capacity (to compare two commits at the same load). */
  rates?: Record<Kind, number> | undefined;
}

export type Kind = "whoami" | "execute" | "stream" | "analyze";

/** SOAK_RATES, e.g. "whoami=176,execute=78,stream=24,analyze=5": every kind, in requests per second. */
export function parseSoakRates(text: string | undefined): Record<Kind, number> | undefined {
  if (text === undefined || text === "") return undefined;
  const pairs = text.split(",").map((pair) => pair.split("="));
  const rates = z.object({ whoami: z.coerce.number().int().positive(), execute: z.coerce.number().int().positive(), stream: z.coerce.number().int().positive(), analyze: z.coerce.number().int().positive() }).strict();
  return rates.parse(Object.fromEntries(pairs.map(([kind, rate]) => [kind, rate])));
}

interface SoakMinute {
  minute: number;
  requests: Record<Kind, number>;
  /** Non-2xx answers and transport errors in the minute. */
  failures: Record<Kind, number>;
  p99: Record<Kind, number>;
  failedStatuses: Record<Kind, Record<string, number>>;
  rssMb: { gateway: number; engine: number };
  redisMb: number;
}

export interface SoakFigures {
  capacity: Record<Kind, number>;
  rates: Record<Kind, number>;
  minutes: SoakMinute[];
  executions: { accepted: number; completed: number; failed: number; unfinishedAfterDrain: number };
  verdict: { failures: number; failureRatePercent: number; failuresGrow: boolean; rssGrowthPercent: { gateway: number; engine: number }; flat: boolean };
}

const CAPACITY_SECONDS = 15;
/** Memory is compared from the end of this minute (warm) to the end of the last. */
const WARM_MINUTE = 2;
/** Growth beyond this, from the warm minute to the last, is not flat. */
const FLAT_GROWTH_PERCENT = 20;

export async function measureSoak(options: SoakOptions): Promise<SoakFigures> {
  const db = createDb({ url: options.databaseUrl, poolSize: 2 });
  const redis = createRedis(options.redisUrl, "worker");
  try {
    const loads = await prepareLoads(options);
    const kinds = Object.keys(loads) as Kind[];

    process.stdout.write(`Soak: capacity of the mix, ${CAPACITY_SECONDS} s closed loop\n`);
    const saturated = await Promise.all(kinds.map((kind) => runLoad({ ...loads[kind], seconds: CAPACITY_SECONDS })));
    const refused = kinds.filter((kind, i) => (saturated[i]?.non2xx ?? 0) + (saturated[i]?.errors ?? 0) > 0);
    if (refused.length) throw new Error(`the capacity run met failures (${refused.join(", ")}): capacity is what is answered 2xx`);
    const completedBefore = await countExecutions(db);
    const settleStart = Date.now();
    await waitForExecutions(db, 300_000);
    // Executions are accepted faster than the engine runs them: the engine's rate is their capacity.
    const engineRate = completedBefore.accepted / ((Date.now() - settleStart) / 1_000 + CAPACITY_SECONDS);
    const capacity = Object.fromEntries(kinds.map((kind, i) => [kind, Math.round(saturated[i]?.rps ?? 0)])) as Record<Kind, number>;
    capacity.execute = Math.min(capacity.execute, Math.round(engineRate));
    const rates = options.rates ?? (Object.fromEntries(kinds.map((kind) => [kind, Math.max(1, Math.round(capacity[kind] / 2))])) as Record<Kind, number>);
    process.stdout.write(`Soak: ${options.minutes} minutes at ${kinds.map((kind) => `${kind} ${rates[kind]}/s`).join(", ")}\n`);

    const before = await countExecutions(db);
    const minutes: SoakMinute[] = [];
    for (let minute = 1; minute <= options.minutes; minute++) {
      const slice = await Promise.all(kinds.map((kind) => runLoad({ ...loads[kind], seconds: 60, rate: rates[kind] })));
      const figures = Object.fromEntries(kinds.map((kind, i) => [kind, slice[i]])) as Record<Kind, LoadFigures>;
      const entry: SoakMinute = {
        minute,
        requests: mapKinds(kinds, (kind) => figures[kind].requests),
        failures: mapKinds(kinds, (kind) => figures[kind].non2xx + figures[kind].errors),
        p99: mapKinds(kinds, (kind) => figures[kind].p99),
        failedStatuses: mapKinds(kinds, (kind) => figures[kind].failedStatuses),
        rssMb: { gateway: rssMb(options.pids.gateway), engine: rssMb(options.pids.engine) },
        redisMb: await redisMb(redis),
      };
      minutes.push(entry);
      process.stdout.write(`  minute ${minute}: failures ${kinds.map((kind) => `${kind} ${figures[kind].non2xx} non-2xx ${JSON.stringify(figures[kind].failedStatuses)} + ${figures[kind].errors} unanswered`).join(", ")}; p99 ms ${kinds.map((kind) => `${kind} ${entry.p99[kind]}`).join(" ")}, RSS MB gateway ${entry.rssMb.gateway} engine ${entry.rssMb.engine}, Redis ${entry.redisMb} MB\n`);
    }

    const unfinished = await waitForExecutions(db, 120_000).then(() => 0, (error: unknown) => (error instanceof UnfinishedError ? error.unfinished : Number.NaN));
    const after = await countExecutions(db);
    const warm = minutes[Math.min(WARM_MINUTE, minutes.length) - 1];
    const last = minutes[minutes.length - 1];
    const growth = (from = 0, to = 0) => (from > 0 ? Number((((to - from) / from) * 100).toFixed(1)) : 0);
    const rssGrowthPercent = { gateway: growth(warm?.rssMb.gateway, last?.rssMb.gateway), engine: growth(warm?.rssMb.engine, last?.rssMb.engine) };
    const failures = minutes.reduce((sum, entry) => sum + total(entry.failures), 0);
    const requests = minutes.reduce((sum, entry) => sum + total(entry.requests), 0);
    // Growth: the last third of the minutes fails more often than the first third.
    const third = Math.max(1, Math.floor(minutes.length / 3));
    const rate = (slice: SoakMinute[]) => slice.reduce((sum, m) => sum + total(m.failures), 0) / Math.max(1, slice.reduce((sum, m) => sum + total(m.requests), 0));
    const failuresGrow = minutes.length >= 3 && rate(minutes.slice(-third)) > rate(minutes.slice(0, third)) * 1.5 + 1e-4;
    return {
      capacity,
      rates,
      minutes,
      executions: {
        accepted: after.accepted - before.accepted,
        completed: after.completed - before.completed,
        failed: after.failed - before.failed,
        unfinishedAfterDrain: unfinished,
      },
      verdict: { failures, failureRatePercent: Number(((failures / Math.max(1, requests)) * 100).toFixed(4)), failuresGrow, rssGrowthPercent, flat: rssGrowthPercent.gateway < FLAT_GROWTH_PERCENT && rssGrowthPercent.engine < FLAT_GROWTH_PERCENT },
    };
  } finally {
    await redis.quit();
    await db.destroy();
  }
}

export function soakTable(soak: SoakFigures): string[] {
  const kinds = Object.keys(soak.rates) as Kind[];
  return [
    `soak: ${soak.minutes.length} minutes at ${kinds.map((kind) => `${kind} ${soak.rates[kind]}/s of ${soak.capacity[kind]}/s`).join(", ")} (rate of capacity)`,
    "",
    `| minute | requests | failures | p99 ms (${kinds.join(" / ")}) | gateway RSS MB | engine RSS MB | Redis MB |`,
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...soak.minutes.map(
      (m) => `| ${m.minute} | ${kinds.reduce((sum, kind) => sum + m.requests[kind], 0)} | ${total(m.failures)} | ${kinds.map((kind) => m.p99[kind]).join(" / ")} | ${m.rssMb.gateway} | ${m.rssMb.engine} | ${m.redisMb} |`,
    ),
    "",
    `executions: ${soak.executions.accepted} accepted, ${soak.executions.completed} completed, ${soak.executions.failed} failed, ${soak.executions.unfinishedAfterDrain} unfinished after the drain`,
    `failures: ${soak.verdict.failures} (${soak.verdict.failureRatePercent} % of requests; growing: ${soak.verdict.failuresGrow ? "yes" : "no"}); RSS growth from minute ${WARM_MINUTE} to the last: gateway ${soak.verdict.rssGrowthPercent.gateway} %, engine ${soak.verdict.rssGrowthPercent.engine} % (flat: under ${FLAT_GROWTH_PERCENT} %)`,
    "",
  ];
}

/** The request of each kind, made against a workflow and a stream created here. */
async function prepareLoads(options: SoakOptions): Promise<Record<Kind, Omit<LoadOptions, "seconds">>> {
  const headers = { Authorization: `Bearer ${options.secret}`, "Content-Type": "application/json" };
  const response = await fetch(`${options.gatewayUrl}/v1/workflows`, {
    method: "POST",
    headers,
    body: JSON.stringify({ name: "soak one-step", trigger: { type: "manual" }, actions: [{ type: "transform", name: "shape", config: { output: { order: "{{trigger.data.order}}" } } }] }),
  });
  if (!response.ok) throw new Error(`could not create the soak workflow: ${response.status} ${await response.text()}`);
  const workflowId = String(((await response.json()) as { id: unknown }).id);
  let batches = 0;
  const rows = Array.from({ length: 50 }, (_, i) => ({ day: i + 1, visits: 100 + ((i * 37) % 23), revenue: 1_000 + i * 12.5 }));
  return {
    whoami: { url: `${options.gatewayUrl}/v1/whoami`, headers, connections: 8 },
    execute: { url: `${options.gatewayUrl}/v1/workflows/${workflowId}/execute`, method: "POST", headers, body: JSON.stringify({ data: { order: 42 } }), connections: 8 },
    stream: {
      url: `${options.gatewayUrl}/v1/streams/soak/events`,
      method: "POST",
      headers,
      // Ids unique across the whole soak (each slice numbers its requests from 0 again).
      body: () => {
        batches += 1;
        return JSON.stringify({ events: Array.from({ length: 10 }, (_, i) => ({ id: `soak-${batches}-${i}`, timestamp: new Date().toISOString(), fields: { load: 50 + ((batches * 10 + i) % 17) } })) });
      },
      connections: 4,
    },
    analyze: { url: `${options.gatewayUrl}/v1/data/analyze`, method: "POST", headers, body: JSON.stringify({ dataset: rows, analysis: "summary" }), connections: 4 },
  };
}

function total(byKind: Record<Kind, number>): number {
  return Object.values(byKind).reduce((sum, value) => sum + value, 0);
}

function mapKinds<T>(kinds: Kind[], value: (kind: Kind) => T): Record<Kind, T> {
  return Object.fromEntries(kinds.map((kind) => [kind, value(kind)])) as Record<Kind, T>;
}

async function countExecutions(db: Database) {
  const row = await db
    .selectFrom("executions")
    .select([sql<number>`count(*)::int`.as("accepted"), sql<number>`count(*) filter (where status = 'completed')::int`.as("completed"), sql<number>`count(*) filter (where status = 'failed')::int`.as("failed")])
    .executeTakeFirstOrThrow();
  return row;
}

class UnfinishedError extends Error {
  constructor(readonly unfinished: number) {
    super(`${unfinished} executions unfinished`);
  }
}

async function waitForExecutions(db: Database, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { open } = await db
      .selectFrom("executions")
      .select(sql<number>`count(*)::int`.as("open"))
      .where("status", "in", ["queued", "running"])
      .executeTakeFirstOrThrow();
    if (open === 0) return;
    if (Date.now() > deadline) throw new UnfinishedError(open);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function redisMb(redis: ReturnType<typeof createRedis>): Promise<number> {
  const used = /used_memory:(\d+)/.exec(await redis.info("memory"))?.[1];
  return Math.round(Number(used) / 1024 / 1024);
}
