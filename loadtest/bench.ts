import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, getPriority, setPriority, tmpdir } from "node:os";
import { join } from "node:path";
import { CommonConfigSchema, parseConfig, readEnvironment } from "../core/config.js";
import { ENGINE_HEARTBEATS_KEY } from "../core/liveness.js";
import { createRedis } from "../core/redis.js";
import { freePort, serverProcessArgs } from "../testing/gateway-process.js";
import { GATEWAY_TARGETS } from "./cpu-per-request.js";
import { gatewayTable, measureGateway, type GatewayReport } from "./gateway-bench.js";
import { processIdInRedisInfo } from "./process-stats.js";
import { startRedisServer } from "../testing/redis-server.js";
import { startTestSmtpServer } from "../testing/smtp.js";
import { createBenchFixture } from "./bench-fixture.js";
import { ANALYTICS_TARGETS, measureAnalytics, type AnalysisFigures, type AnalyticsFigures } from "./analytics-bench.js";
import { measureStreams, type StreamFigures } from "./stream-bench.js";
import { measureSoak, parseSoakRates, soakTable, type SoakFigures } from "./soak-bench.js";
import { measureWorkflows, type CpuPerExecution, type WorkflowFigures } from "./workflow-bench.js";
import { footprintTable, measureFootprint } from "./footprint-bench.js";
import { authTimingTable, measureAuthTiming } from "./auth-timing-bench.js";
import { measureRedisLoss, redisLossTable } from "./redis-loss-experiment.js";
import { measureTakeover, takeoverTable } from "./takeover-experiment.js";
import { clusterTable, measureCluster } from "./cluster-bench.js";
import { startRedisCluster } from "../testing/redis-cluster.js";
import { buildServer, serverBuildIsStale } from "../scripts/build.js";

/**
 * `npm run bench` (DESIGN.md section 13): CPU time per request of the full metered path
 * (GET /v1/whoami: key check, cached key record, one Redis round trip for rate limit, quota, key
 * cap and usage) next to a bare Hono hello-world and the Fastify peer, in the same run on this
 * machine (loadtest/gateway-bench.ts); then streams, workflows (execute latency, executions per
 * second end to end, completion to first webhook attempt) and analytics. Loopback only; every
 * phase is bounded.
 */
const WARMUP_SECONDS = 3;
const MEASURE_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** As many as wrk's in the measurements DESIGN.md section 13 quotes. */
const CONNECTIONS = 32;

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

/** Starts a server: a TypeScript file through tsx (hello-world, the peer), or the gateway or engine compiled, as production runs them. */
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

/** SIGTERM, and resolves once the process is gone (at once if it already is). */
function stopProcess(child: ChildProcess): Promise<unknown> {
  const gone = child.exitCode !== null || child.signalCode !== null;
  return new Promise((resolve) => (gone ? resolve(null) : (child.once("exit", resolve), child.kill("SIGTERM"))));
}

/** The pid of the Redis at `url`, for its CPU time; waits until it accepts connections. */
async function redisPid(url: string): Promise<number> {
  const redis = createRedis(url, "worker");
  // Refused while the server starts; ioredis retries, and without a listener it would print each refusal.
  redis.on("error", () => undefined);
  try {
    return processIdInRedisInfo(await redis.info("server"));
  } finally {
    await redis.quit();
  }
}

/** `npm run bench -- --soak` runs the soak alone (loadtest/soak-bench.ts); SOAK_MINUTES sets its length. */
const SOAK = process.argv.includes("--soak");
/** BENCH_ONLY=gateway, streams, workflows, analytics, footprint, auth, cluster, redis-loss or takeover runs one part; all but the last five by default. */
const ONLY = SOAK ? "soak" : process.env.BENCH_ONLY;

/** Saturation rounds of the gateway phase; each server's median round is reported (BENCH_GATEWAY_ROUNDS). */
const GATEWAY_ROUNDS = Math.max(1, Number(process.env.BENCH_GATEWAY_ROUNDS ?? 3));

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
  const row = (name: string, f: AnalysisFigures) =>
    `| ${name} | ${f.sluiceCpuMs} (${f.sluiceCpuMs - f.workersCpuMs} + ${f.workersCpuMs}) | ${f.duckdbAloneCpuMs} | ${f.ratio} | ${f.ratio <= ANALYTICS_TARGETS.sluiceToDuckdbAloneCpuAtMost ? "met" : "not met"} | ${f.processingMs.p50} / ${f.endToEndMs.p50} | ${f.duckdbAloneWallMs.p50} | ${f.gatewayCpuMs} |`;
  const { ingest, duckdbAlone, csv1e6, inline16k } = analytics;
  return [
    `ingest: ${ingest.rows.toLocaleString("en")}-row CSV, ${ingest.megabytes} MB in ${ingest.seconds} s = ${ingest.megabytesPerSecond} MB/s (upload to ready)`,
    "",
    `Medians of ${inline16k.summary.runs} runs after one warm-up; DuckDB alone with threads ${duckdbAlone.threads}, memory_limit ${duckdbAlone.memoryLimit}; engine and its ${analytics.sluiceProcesses - 1} workers idle: ${analytics.sluiceIdleCpuMsPerSecond} CPU ms/s.`,
    "",
    `| analysis | Sluice CPU ms (engine + analytics workers) | DuckDB alone CPU ms | ratio | target <= ${ANALYTICS_TARGETS.sluiceToDuckdbAloneCpuAtMost}x | Sluice wall ms: processing / end to end | DuckDB alone wall ms | gateway CPU ms (not in ratio) |`,
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ...Object.entries(csv1e6).map(([analysis, figures]) => row(`1e6-row CSV, ${analysis}`, figures)),
    row("16k-row inline JSON, summary", inline16k.summary),
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
  if (ONLY === "takeover") {
    // Its own database, Redis and engines: it kills engines.
    const figures = await measureTakeover(config.DATABASE_URL, "compiled");
    process.stdout.write(["", ...takeoverTable(figures)].join("\n"));
    if (figures.trials.some((trial) => trial.status !== "completed" || trial.firstStepCalls !== 1)) process.exitCode = 1;
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
    // A Redis of the bench's own (no persistence, as the local service runs): other sessions' tests
    // on the shared Redis would count as the measured servers' Redis CPU. Its keys die with it.
    const redisServer = await startRedisServer();
    closers.push(redisServer.kill);
    const redisUrl = redisServer.url;
    // Answers once Redis accepts connections, before any server needs it.
    const redisProcessId = await redisPid(redisUrl);
    const shared = {
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      DATABASE_URL: fixture.databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: prefix,
      QUEUE_PREFIX: `{${prefix}}`,
      DATA_DIR: dataDir,
      ENGINE_METRICS_PORT: "0",
      // Production refuses the payment sandbox in both processes; the bench makes no payment.
      PAYMENT_PROVIDER: "pesapal",
      PESAPAL_CONSUMER_KEY: randomBytes(16).toString("hex"),
      PESAPAL_CONSUMER_SECRET: randomBytes(16).toString("hex"),
    };
    const gatewayEnv = {
      ...shared,
      HOST: "127.0.0.1",
      PORT: String(gatewayPort),
      PUBLIC_URL: `http://127.0.0.1:${gatewayPort}`,
      JWT_SECRET: randomBytes(32).toString("hex"),
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
    if (ONLY === "cluster") {
      // A second gateway, alike but on a six-node Redis Cluster of its own; each is idle while the other is measured.
      const cluster = await startRedisCluster();
      closers.push(cluster.stop);
      const clusterPort = await freePort();
      const clusterEnv = { ...gatewayEnv, REDIS_CLUSTER_NODES: cluster.nodes, PORT: String(clusterPort), PUBLIC_URL: `http://127.0.0.1:${clusterPort}` };
      const singleProcess = await startProcess(["gateway/main.ts"], gatewayEnv, `http://127.0.0.1:${gatewayPort}/healthz`);
      children.push(singleProcess);
      const clusterProcess = await startProcess(["gateway/main.ts"], clusterEnv, `http://127.0.0.1:${clusterPort}/healthz`);
      children.push(clusterProcess);
      process.stdout.write(`Load generator at nice ${generatorNice}, servers at ${SERVER_NICE}\n`);
      const auth = { Authorization: `Bearer ${fixture.secret}` };
      const report = await measureCluster({
        single: { url: `http://127.0.0.1:${gatewayPort}/v1/whoami`, headers: auth, pid: singleProcess.pid ?? 0, redisPids: [redisProcessId] },
        cluster: { url: `http://127.0.0.1:${clusterPort}/v1/whoami`, headers: auth, pid: clusterProcess.pid ?? 0, redisPids: cluster.pids },
        connections: CONNECTIONS,
        warmupSeconds: WARMUP_SECONDS,
        measureSeconds: MEASURE_SECONDS,
        rounds: GATEWAY_ROUNDS,
      });
      process.stdout.write(["", ...clusterTable(report)].join("\n"));
      if (report.failures > 0) process.exitCode = 1;
      return;
    }
    const helloProcess = await startProcess(["loadtest/hello-server.ts", String(helloPort)], {}, `http://127.0.0.1:${helloPort}/`);
    children.push(helloProcess);
    const gatewayProcess = await startProcess(["gateway/main.ts"], gatewayEnv, `http://127.0.0.1:${gatewayPort}/healthz`);
    children.push(gatewayProcess);
    let gateway: GatewayReport | undefined;
    if (ONLY === undefined || ONLY === "gateway") {
      process.stdout.write(`Load generator at nice ${generatorNice}, servers at ${SERVER_NICE}\n`);
      const auth = { Authorization: `Bearer ${fixture.secret}` };
      // The peer runs for this phase only, on the bench's database and Redis, under the run's key prefix.
      const peerUrl = `http://127.0.0.1:${await freePort()}/v1/whoami`;
      const peerEnv = { DATABASE_URL: fixture.databaseUrl, REDIS_URL: redisUrl, PEER_REDIS_PREFIX: `${prefix}peer:` };
      const peerProcess = await startProcess(["loadtest/fastify-peer.ts", new URL(peerUrl).port], peerEnv, () => fetch(peerUrl, { headers: auth }).then((r) => r.ok, () => false));
      children.push(peerProcess);
      gateway = await measureGateway({
        servers: {
          hello: { url: `http://127.0.0.1:${helloPort}/`, headers: {}, pid: helloProcess.pid ?? 0 },
          peer: { url: peerUrl, headers: auth, pid: peerProcess.pid ?? 0 },
          metered: { url: `http://127.0.0.1:${gatewayPort}/v1/whoami`, headers: auth, pid: gatewayProcess.pid ?? 0 },
          unmetered: { url: `http://127.0.0.1:${gatewayPort}/healthz`, headers: {}, pid: gatewayProcess.pid ?? 0 },
        },
        redisPids: [redisProcessId],
        connections: CONNECTIONS,
        warmupSeconds: WARMUP_SECONDS,
        measureSeconds: MEASURE_SECONDS,
        rounds: GATEWAY_ROUNDS,
      });
      await stopProcess(peerProcess);
    }

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
      const redis = createRedis(redisUrl, "worker");
      const engineProcess = await startProcess(["engine/main.ts"], { ...shared, SMTP_URL: smtp.url, OUTBOUND_ALLOW_PRIVATE: "true" }, async () => (await redis.hlen(`${prefix}${ENGINE_HEARTBEATS_KEY}`)) > 0);
      children.push(engineProcess);
      await redis.quit();
      const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
      const pids = { gateway: gatewayProcess.pid ?? 0, engine: engineProcess.pid ?? 0 };
      if (ONLY === "soak") {
        soak = await measureSoak({ gatewayUrl, secret: fixture.secret, databaseUrl: fixture.databaseUrl, redisUrl, pids, minutes: Number(process.env.SOAK_MINUTES ?? 10), rates: parseSoakRates(process.env.SOAK_RATES) });
      } else {
        if (ONLY !== "analytics") workflows = await measureWorkflows({ gatewayUrl, secret: fixture.secret, databaseUrl: fixture.databaseUrl, seconds: MEASURE_SECONDS, pids });
        if (ONLY !== "workflows") analytics = await measureAnalytics({ gatewayUrl, secret: fixture.secret, databaseUrl: fixture.databaseUrl, dataDir, pids, lowerPriorityBy: SERVER_NICE - getPriority() });
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
      targets: { metered_to_peer_cpu_at_most: GATEWAY_TARGETS.meteredToPeerAtMost, metered_to_hello_cpu_at_most: GATEWAY_TARGETS.meteredToHelloAtMost, execute_p99_ms_below: 20, executions_per_second_at_least: 500, first_webhook_attempt_p99_ms_below: 200, analysis_cpu_to_duckdb_alone_at_most: ANALYTICS_TARGETS.sluiceToDuckdbAloneCpuAtMost },
    };
    writeFileSync("loadtest/last-bench.json", `${JSON.stringify(report, null, 2)}\n`);
    process.stdout.write(["", ...(gateway ? gatewayTable(gateway) : []), ...(streams ? streamTable(streams) : []), ...(workflows ? workflowTable(workflows) : []), ...(analytics ? analyticsTable(analytics) : [])].join("\n"));
    if ((gateway && gateway.failures.gateway + gateway.failures.peer > 0) || (streams && (streams.ingest.non2xx > 0 || streams.ingest.errors > 0)) || (workflows && (workflows.execute.non2xx > 0 || workflows.endToEnd.failed > 0))) process.exitCode = 1;
  } finally {
    await Promise.all(children.map(stopProcess));
    await Promise.all(closers.map((close) => close()));
    await new Promise((resolve) => setTimeout(resolve, 500));
    await fixture.drop();
  }
}

await main();
