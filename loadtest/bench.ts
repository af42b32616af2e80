import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, getPriority, setPriority, tmpdir } from "node:os";
import { join } from "node:path";
import { CommonConfigSchema, parseConfig, readEnvironment } from "../core/config.js";
import { ENGINE_HEARTBEATS_KEY } from "../core/liveness.js";
import { createRedis } from "../core/redis.js";
import { freePort, serverProcessArgs } from "../testing/gateway-process.js";
import { runLoad, type LoadFigures } from "./load-generator.js";
import { cpuMs, measureSteal } from "./process-stats.js";
import { startTestSmtpServer } from "../testing/smtp.js";
import { createBenchFixture } from "./bench-fixture.js";
import { measureAnalytics, type AnalyticsFigures, type LatencyFigures } from "./analytics-bench.js";
import { measureStreams, type StreamFigures } from "./stream-bench.js";
import { measureSoak, parseSoakRates, soakTable, type SoakFigures } from "./soak-bench.js";
import { measureWorkflows, type CpuPerExecution, type WorkflowFigures } from "./workflow-bench.js";
import { footprintTable, measureFootprint } from "./footprint-bench.js";
import { authTimingTable, measureAuthTiming } from "./auth-timing-bench.js";
import { measureRedisLoss, redisLossTable } from "./redis-loss-experiment.js";
import { buildServer, serverBuildIsStale } from "../scripts/build.js";

/**
 * `npm run bench`: the full metered path (GET /v1/whoami: key check, cached key record, one Redis
 * round trip for rate limit, quota, key cap and usage) against a bare Hono hello-world, in the
 * same run on this machine, as ratios, with the gateway's unmetered GET /healthz beside them;
 * then the workflow figures (execute latency, executions per second end to end, completion to
 * first webhook attempt). Loopback only; every phase is bounded.
 */
const WARMUP_SECONDS = 3;
const MEASURE_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;

/** BENCH_PROFILE_DIR=dir writes a CPU profile of each server process there, for finding hot spots. */
const PROFILE = process.env.BENCH_PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];

/**
 * The load generator runs in this process, on the same two cores as the servers it measures. When
 * it waits for a core, requests fall due without being sent, and the wait counts against the
 * server. The metered phase has a third busy process (Redis), so the generator waits more there,
 * and its waits were counted against the gateway. So the generator gets priority (nice -10 by
 * default; BENCH_GENERATOR_NICE, 0 for none) and every server runs at the priority the bench was
 * started with: the nearest thing here to a generator on a machine of its own. Raising a priority
 * needs root or CAP_SYS_NICE; without it the default stays, and the report says so.
 */
const GENERATOR_NICE = Number(process.env.BENCH_GENERATOR_NICE ?? -10);
/** The priority this process started with: the servers'. */
const SERVER_NICE = getPriority();

function prioritizeGenerator(): number {
  try {
    setPriority(GENERATOR_NICE);
  } catch (error) {
    process.stdout.write(`Could not give the load generator nice ${GENERATOR_NICE} (${(error as Error).message}); it runs at the default.\n`);
  }
  return getPriority();
}

/** Starts a server: a TypeScript file through tsx (hello-world), or the gateway or engine compiled, as production runs them. */
async function startProcess(args: string[], env: Record<string, string>, isReady: string | (() => Promise<boolean>)): Promise<ChildProcess> {
  const [script = "", ...rest] = args;
  const command = [process.execPath, ...PROFILE, ...(script === "gateway/main.ts" || script === "engine/main.ts" ? serverProcessArgs(script, "compiled") : ["--import", "tsx/esm", script]), ...rest];
  // Servers run at the bench's starting priority, not at the generator's: `nice` lowers it before
  // Node starts, so every thread of the server has it.
  const lower = SERVER_NICE - getPriority();
  const [file, ...commandArgs] = lower > 0 ? ["nice", "-n", String(lower), ...command] : command;
  const child = spawn(file!, commandArgs, { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"] });
  const ready = typeof isReady === "string" ? () => fetch(isReady).then((r) => r.ok, () => false) : isReady;
  const deadline = Date.now() + 60_000;
  while (!(await ready())) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${args.join(" ")} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return child;
}

/** A server under load: where to send requests, and its process (for its CPU time). */
type Server = { url: string; pid: number };

/** A load phase's figures, with the server's CPU per answer and the machine's steal time. */
type Figures = LoadFigures & { serverCpuUsPerRequest: number; stealPercent: number };

async function measure(target: Server, headers: Record<string, string>, rate?: number): Promise<Figures> {
  const load = (seconds: number) => runLoad({ url: target.url, headers, connections: CONNECTIONS, seconds, ...(rate ? { rate } : {}) });
  await load(WARMUP_SECONDS);
  const [cpuBefore, steal] = [cpuMs(target.pid), measureSteal()];
  const figures = await load(MEASURE_SECONDS);
  const serverCpuUsPerRequest = Math.round(((cpuMs(target.pid) - cpuBefore) * 1_000) / Math.max(1, figures.requests));
  return { ...figures, serverCpuUsPerRequest, stealPercent: steal.stop() };
}

/** `npm run bench -- --soak` runs the soak alone (loadtest/soak-bench.ts); SOAK_MINUTES sets its length. */
const SOAK = process.argv.includes("--soak");
/** BENCH_ONLY=gateway, streams, workflows, analytics, footprint, auth or redis-loss runs one part; all but the last three by default. */
const ONLY = SOAK ? "soak" : process.env.BENCH_ONLY;

/**
 * Saturation and half-saturation pairs (hello-world, then metered) are measured this many times,
 * alternated: on a shared two-core machine one pair's ratio varies by a third between runs of
 * the same build, so the headline figures are the median pair's (BENCH_GATEWAY_ROUNDS).
 */
const GATEWAY_ROUNDS = Math.max(1, Number(process.env.BENCH_GATEWAY_ROUNDS ?? 3));

/**
 * The gateway's cheapest answer (GET /healthz: request id, security headers, logging and
 * metrics, no key and no meter), measured in each saturation round beside the metered path.
 * Against hello-world it shows what every gateway answer pays; the metered path's ratio to it is
 * what the key check and the meter themselves cost.
 */
interface UnmeteredFigures {
  figures: Figures;
  /** Metered / unmetered requests per second, in the same round. */
  meteredRatio: number;
}

interface GatewayReport {
  saturation: { baseline: Figures; metered: Figures; ratio: number; ratios: number[]; unmetered: UnmeteredFigures; metered_to_unmetered_ratios: number[] };
  half_saturation: { rate: number; baseline: Figures; metered: Figures; added_p99_ms: number; added_p99s_ms: number[] };
  /** Non-2xx answers and errors of the gateway (metered and unmetered) over every round. */
  gateway_failures: number;
}

/** The element at the middle of `values` by `score` (the upper one of an even count). */
function median<T>(values: T[], score: (value: T) => number): T {
  return [...values].sort((a, b) => score(a) - score(b))[Math.floor(values.length / 2)]!;
}

async function measureGateway(hello: Server, metered: Server, unmetered: Server, auth: Record<string, string>): Promise<GatewayReport> {
  process.stdout.write(`Saturation: ${CONNECTIONS} connections, ${MEASURE_SECONDS} s each after ${WARMUP_SECONDS} s warm-up, ${GATEWAY_ROUNDS} alternated rounds\n`);
  const saturated: Array<{ baseline: Figures; metered: Figures; ratio: number; unmetered: UnmeteredFigures }> = [];
  for (let round = 0; round < GATEWAY_ROUNDS; round++) {
    const baseline = await measure(hello, {});
    const gateway = await measure(metered, auth);
    const cheapest = await measure(unmetered, {});
    saturated.push({
      baseline,
      metered: gateway,
      ratio: Number((gateway.rps / baseline.rps).toFixed(3)),
      unmetered: { figures: cheapest, meteredRatio: Number((gateway.rps / cheapest.rps).toFixed(3)) },
    });
  }
  const saturation = median(saturated, (pair) => pair.ratio);
  const halfRate = Math.max(1, Math.round(median(saturated, (pair) => pair.metered.rps).metered.rps / 2));
  process.stdout.write(`Half of the metered path's median saturation: ${halfRate} requests/s for both\n`);
  const halves: Array<{ baseline: Figures; metered: Figures; added: number }> = [];
  for (let round = 0; round < GATEWAY_ROUNDS; round++) {
    const baseline = await measure(hello, {}, halfRate);
    const gateway = await measure(metered, auth, halfRate);
    halves.push({ baseline, metered: gateway, added: Number((gateway.p99 - baseline.p99).toFixed(2)) });
  }
  const half = median(halves, (pair) => pair.added);
  const gatewayFigures = [...saturated, ...halves].map((pair) => pair.metered).concat(saturated.map((round) => round.unmetered.figures));
  return {
    gateway_failures: gatewayFigures.reduce((sum, figures) => sum + figures.non2xx + figures.errors, 0),
    saturation: { ...saturation, ratios: saturated.map((pair) => pair.ratio), metered_to_unmetered_ratios: saturated.map((pair) => pair.unmetered.meteredRatio) },
    half_saturation: { rate: halfRate, baseline: half.baseline, metered: half.metered, added_p99_ms: half.added, added_p99s_ms: halves.map((pair) => pair.added) },
  };
}

function gatewayTable(report: GatewayReport): string[] {
  const row = (name: string, f: Figures) => `| ${name} | ${f.rps} | ${f.p50} | ${f.p99} | ${f.non2xx} | ${f.errors} | ${f.serverCpuUsPerRequest} | ${f.stealPercent} |`;
  const half = report.half_saturation;
  return [
    "| run | requests/s | p50 ms | p99 ms | non-2xx | errors | server CPU µs per request | CPU steal % |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
    row("hello-world, saturated", report.saturation.baseline),
    row("metered /v1/whoami, saturated", report.saturation.metered),
    row("gateway unmetered /healthz, saturated", report.saturation.unmetered.figures),
    row(`hello-world at ${half.rate}/s`, half.baseline),
    row(`metered at ${half.rate}/s`, half.metered),
    "",
    `(the median round of ${report.saturation.ratios.length} at saturation and of ${half.added_p99s_ms.length} at half)`,
    `ratio (metered / hello-world requests per second): ${report.saturation.ratio} (target >= 0.6); each round: ${report.saturation.ratios.join(", ")}`,
    `added p99 at half saturation: ${half.added_p99_ms} ms (target < 2 ms); each round: ${half.added_p99s_ms.join(", ")} ms`,
    `metered / the gateway's unmetered answer (what the key check and the meter cost): ${report.saturation.unmetered.meteredRatio}; each round: ${report.saturation.metered_to_unmetered_ratios.join(", ")}`,
    "",
  ];
}

function workflowTable(workflows: WorkflowFigures): string[] {
  const { execute, endToEnd, firstWebhookAttempt, cpuPerExecutionMs: cpu, cpuPerExecutionMsInLatencyPhase: latencyCpu } = workflows;
  const processes = (each: CpuPerExecution) => `engine ${each.engine}, gateway ${each.gateway}, PostgreSQL ${each.postgres}, Redis ${each.redis}, bench ${each.bench}`;
  return [
    "| workflows | figure | target |",
    "| --- | --- | --- |",
    `| execute API at ${execute.rate}/s: p50 / p99 ms | ${execute.p50} / ${execute.p99} (non-2xx ${execute.non2xx}) | p99 < 20 |`,
    `| one-step executions end to end | ${endToEnd.perSecond}/s (${endToEnd.executions} in ${endToEnd.seconds} s, ${endToEnd.failed} failed) | >= 500/s |`,
    `| completion to first webhook attempt: p50 / p99 ms | ${firstWebhookAttempt.p50} / ${firstWebhookAttempt.p99} (${firstWebhookAttempt.samples} samples) | p99 < 200 |`,
    `| CPU ms per execution in the burst | ${processes(cpu)} | |`,
    `| CPU ms per execution at ${execute.rate}/s | ${processes(latencyCpu)} | |`,
    "",
  ];
}

function streamTable(streams: StreamFigures): string[] {
  const { ingest, eventToSse } = streams;
  return [
    "| streams | figure |",
    "| --- | --- |",
    `| events ingested, batches of 100, 8 connections | ${ingest.eventsPerSecond.toLocaleString("en")}/s (batch p50 / p99 ${ingest.batchP50} / ${ingest.batchP99} ms, non-2xx ${ingest.non2xx}) |`,
    `| event to SSE subscriber: p50 / p99 ms | ${eventToSse.p50} / ${eventToSse.p99} (${eventToSse.samples} samples) |`,
    "",
  ];
}

function analyticsTable(analytics: AnalyticsFigures): string[] {
  const row = (name: string, f: LatencyFigures, target: string) =>
    `| ${name} | ${f.engine.p50} / ${f.engine.p95} | ${f.endToEnd.p50} / ${f.endToEnd.p95} | ${target} |`;
  const { ingest } = analytics;
  return [
    `ingest: ${ingest.rows.toLocaleString("en")}-row CSV, ${ingest.megabytes} MB in ${ingest.seconds} s = ${ingest.megabytesPerSecond} MB/s (upload to ready)`,
    "",
    "| analysis (10 runs after one warm-up) | engine p50 / p95 ms | end to end p50 / p95 ms | target (engine p50) |",
    "| --- | --- | --- | --- |",
    row("1e5-row JSON, trend", analytics.json1e5.trend, "< 50"),
    row("1e5-row JSON, auto", analytics.json1e5.auto, "< 50"),
    row("1e6-row CSV, trend", analytics.csv1e6.trend, "< 200"),
    row("1e6-row CSV, auto", analytics.csv1e6.auto, "< 200"),
    "",
  ];
}

async function main() {
  const config = parseConfig(CommonConfigSchema, readEnvironment());
  if (serverBuildIsStale()) {
    process.stdout.write("Compiling the server into dist/ (the bench runs what production runs)...\n");
    await buildServer();
  }
  if (ONLY === "redis-loss") {
    // Its own database, Redis and engines: it restarts that Redis empty.
    const figures = await measureRedisLoss(config.DATABASE_URL, "compiled");
    process.stdout.write(["", ...redisLossTable(figures)].join("\n"));
    if (figures.notEnded > 0 || figures.completedStepsRepeated > 0) process.exitCode = 1;
    return;
  }
  const generatorNice = prioritizeGenerator();
  const fixture = await createBenchFixture(config.DATABASE_URL);
  const prefix = `bench:${process.pid}:`;
  const [helloPort, gatewayPort] = [await freePort(), await freePort()];
  const children: ChildProcess[] = [];
  const closers: Array<() => Promise<void>> = [];
  try {
    const dataDir = mkdtempSync(join(tmpdir(), "sluice-bench-"));
    closers.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const shared = { NODE_ENV: "production", LOG_LEVEL: "warn", DATABASE_URL: fixture.databaseUrl, REDIS_KEY_PREFIX: prefix, QUEUE_PREFIX: `{${prefix}}`, DATA_DIR: dataDir };
    const gatewayEnv = {
      ...shared,
      HOST: "127.0.0.1",
      PORT: String(gatewayPort),
      PUBLIC_URL: `http://127.0.0.1:${gatewayPort}`,
      JWT_SECRET: randomBytes(32).toString("hex"),
      // Production refuses the payment sandbox; the bench makes no payment.
      PAYMENT_PROVIDER: "pesapal",
      PESAPAL_CONSUMER_KEY: randomBytes(16).toString("hex"),
      PESAPAL_CONSUMER_SECRET: randomBytes(16).toString("hex"),
    };
    if (ONLY === "footprint") {
      const smtp = await startTestSmtpServer();
      closers.push(smtp.close);
      const rows = await measureFootprint([
        { name: "gateway", source: "gateway/main.ts", env: gatewayEnv, isReady: () => fetch(`http://127.0.0.1:${gatewayPort}/healthz`).then((r) => r.ok, () => false) },
        { name: "engine", source: "engine/main.ts", env: { ...shared, LOG_LEVEL: "info", SMTP_URL: smtp.url }, isReady: async (output) => output.includes('"msg":"engine running"') },
      ]);
      writeFileSync("loadtest/last-footprint.json", `${JSON.stringify({ date: new Date().toISOString(), machine: { cpus: cpus().length, node: process.version }, rows }, null, 2)}\n`);
      process.stdout.write(["", ...footprintTable(rows)].join("\n"));
      return;
    }
    if (ONLY === "auth") {
      // Each request comes from its own client address, read from X-Forwarded-For as behind a proxy.
      const gatewayProcess = await startProcess(["gateway/main.ts"], { ...gatewayEnv, TRUST_PROXY: "true" }, `http://127.0.0.1:${gatewayPort}/healthz`);
      children.push(gatewayProcess);
      const rows = await measureAuthTiming({ gatewayUrl: `http://127.0.0.1:${gatewayPort}`, databaseUrl: fixture.databaseUrl });
      process.stdout.write(["", ...authTimingTable(rows)].join("\n"));
      if (rows.some((row) => row.statuses.some((status) => status >= 300))) process.exitCode = 1;
      return;
    }
    const helloProcess = await startProcess(["loadtest/hello-server.ts", String(helloPort)], {}, `http://127.0.0.1:${helloPort}/`);
    children.push(helloProcess);
    const gatewayProcess = await startProcess(["gateway/main.ts"], gatewayEnv, `http://127.0.0.1:${gatewayPort}/healthz`);
    children.push(gatewayProcess);
    const auth = { Authorization: `Bearer ${fixture.secret}` };
    const helloServer = { url: `http://127.0.0.1:${helloPort}/`, pid: helloProcess.pid ?? 0 };
    const meteredServer = { url: `http://127.0.0.1:${gatewayPort}/v1/whoami`, pid: gatewayProcess.pid ?? 0 };
    const unmeteredServer = { url: `http://127.0.0.1:${gatewayPort}/healthz`, pid: gatewayProcess.pid ?? 0 };
    if (ONLY === undefined || ONLY === "gateway") process.stdout.write(`Load generator at nice ${generatorNice}, servers at ${SERVER_NICE}\n`);
    const gateway = ONLY !== undefined && ONLY !== "gateway" ? undefined : await measureGateway(helloServer, meteredServer, unmeteredServer, auth);

    // Streams need only the gateway and Redis, so they run before the engine starts too.
    const streams = ONLY === undefined || ONLY === "streams" ? await measureStreams({ gatewayUrl: `http://127.0.0.1:${gatewayPort}`, secret: fixture.secret, seconds: MEASURE_SECONDS }) : undefined;

    let workflows: WorkflowFigures | undefined;
    let analytics: AnalyticsFigures | undefined;
    let soak: SoakFigures | undefined;
    if (ONLY === undefined || ONLY === "workflows" || ONLY === "analytics" || ONLY === "soak") {
      // The engine runs only for its own phases, so it takes no CPU from the gateway's.
      // Production engines require SMTP; a local stand-in answers (the bench sends no mail).
      const smtp = await startTestSmtpServer();
      closers.push(smtp.close);
      const redis = createRedis(config.REDIS_URL, "worker");
      const engineProcess = await startProcess(["engine/main.ts"], { ...shared, SMTP_URL: smtp.url, OUTBOUND_ALLOW_PRIVATE: "true" }, async () => (await redis.hlen(`${prefix}${ENGINE_HEARTBEATS_KEY}`)) > 0);
      children.push(engineProcess);
      await redis.quit();
      const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
      const pids = { gateway: gatewayProcess.pid ?? 0, engine: engineProcess.pid ?? 0 };
      if (ONLY === "soak") {
        soak = await measureSoak({ gatewayUrl, secret: fixture.secret, databaseUrl: fixture.databaseUrl, redisUrl: config.REDIS_URL, pids, minutes: Number(process.env.SOAK_MINUTES ?? 10), rates: parseSoakRates(process.env.SOAK_RATES) });
      } else {
        if (ONLY !== "analytics") workflows = await measureWorkflows({ gatewayUrl, secret: fixture.secret, databaseUrl: fixture.databaseUrl, seconds: MEASURE_SECONDS, pids });
        if (ONLY !== "workflows") analytics = await measureAnalytics({ gatewayUrl, secret: fixture.secret });
      }
    }

    if (soak) {
      writeFileSync("loadtest/last-soak.json", `${JSON.stringify({ date: new Date().toISOString(), machine: { cpus: cpus().length, node: process.version }, ...soak }, null, 2)}\n`);
      process.stdout.write(["", ...soakTable(soak)].join("\n"));
      if (soak.verdict.failuresGrow || soak.verdict.failureRatePercent > 0.05 || !soak.verdict.flat || soak.executions.unfinishedAfterDrain !== 0 || soak.executions.failed > 0) process.exitCode = 1;
      return;
    }

    const report = {
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, node: process.version, generator_nice: generatorNice },
      ...gateway,
      streams,
      workflows,
      analytics,
      targets: { ratio_at_least: 0.6, added_p99_ms_below: 2, execute_p99_ms_below: 20, executions_per_second_at_least: 500, first_webhook_attempt_p99_ms_below: 200, analysis_json_1e5_engine_p50_ms_below: 50, analysis_csv_1e6_engine_p50_ms_below: 200 },
    };
    writeFileSync("loadtest/last-bench.json", `${JSON.stringify(report, null, 2)}\n`);
    process.stdout.write(["", ...(gateway ? gatewayTable(gateway) : []), ...(streams ? streamTable(streams) : []), ...(workflows ? workflowTable(workflows) : []), ...(analytics ? analyticsTable(analytics) : [])].join("\n"));
    if ((gateway && gateway.gateway_failures > 0) || (streams && (streams.ingest.non2xx > 0 || streams.ingest.errors > 0)) || (workflows && (workflows.execute.non2xx > 0 || workflows.endToEnd.failed > 0))) process.exitCode = 1;
  } finally {
    await Promise.all(
      children.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : (child.once("exit", resolve), child.kill("SIGTERM"))))),
    );
    await Promise.all(closers.map((close) => close()));
    // The run's keys: the gateway's and the engine's (prefix) and the queues' ({prefix}).
    const redis = createRedis(config.REDIS_URL, "worker");
    for (const pattern of [`${prefix}*`, `{${prefix}}*`]) {
      let cursor = "0";
      do {
        const [next, keys] = await redis.scan(cursor, "MATCH", pattern, "COUNT", 1_000);
        cursor = next;
        if (keys.length) await redis.del(...keys);
      } while (cursor !== "0");
    }
    await redis.quit();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await fixture.drop();
  }
}

await main();
