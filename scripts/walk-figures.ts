/**
 * The two walks of docs/ARCHITECTURE.md, measured: the project files a metered
 * `POST /v1/workflows/{id}/execute` and the workflow-run job of that execution go through, their
 * lines, and how often each walk comes back to a file it left. `npx tsx scripts/walk-figures.ts`
 * (a scratch database and a Redis of its own; about a minute).
 *
 * Method. Gateway and engine run in this process (the engine with only its workflow-run and
 * webhook-delivery workers, so no recurring job runs meanwhile). After warm-up requests and jobs:
 * - files: V8's precise coverage (call counts) over one walk lists the functions that ran; the
 *   files are those of `core/`, `gateway/` and `engine/` with at least one; lines are their lines.
 * - re-entries: a logpoint (a breakpoint whose condition records its file and answers false, so
 *   nothing stops) at the first breakable location of every project function that ran during the
 *   warm-up gives the sequence of function entries. Consecutive entries into one file are one
 *   visit; a re-entry is a visit to a file visited before. Returns and resumptions after an await
 *   are not entries, so a walk that goes back to its caller's file only by returning is not
 *   counted.
 * Each walk is measured RUNS times; the figures are the medians, the files those of the median run.
 */
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { Session } from "node:inspector";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { EngineConfigSchema, GatewayConfigSchema, parseConfig, readEnvironment } from "../core/config.js";
import { createLogger } from "../core/logger.js";
import { createProducerQueues } from "../core/queues.js";
import { createRedis } from "../core/redis.js";
import { startEngine } from "../engine/engine.js";
import { WORKERS } from "../engine/workers.js";
import { startGateway } from "../gateway/server.js";
import { createBenchFixture } from "../loadtest/bench-fixture.js";
import { PRODUCTION_LIKE_SETTINGS } from "../testing/environment.js";
import { startRedisServer } from "../testing/redis-server.js";

const RUNS = Number(process.env.WALK_RUNS ?? 5);
const ROOT = fileURLToPath(new URL("..", import.meta.url));
const PROJECT = /^(core|gateway|engine)\//;

interface ScriptCoverage {
  scriptId: string;
  url: string;
  functions: Array<{ functionName: string; ranges: Array<{ startOffset: number; endOffset: number; count: number }> }>;
}

const session = new Session();
session.connect();
function post<T>(method: string, params: object = {}): Promise<T> {
  return new Promise((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result as T))));
}

/** The project file of a script URL (`gateway/app.ts`), or undefined for anything else. */
function projectFile(url: string): string | undefined {
  if (!url.startsWith("file://")) return undefined;
  const path = fileURLToPath(url);
  if (!path.startsWith(ROOT)) return undefined;
  const relative = path.slice(ROOT.length);
  return PROJECT.test(relative) && !relative.includes(".test.") ? relative : undefined;
}

async function takeCoverage(): Promise<ScriptCoverage[]> {
  return (await post<{ result: ScriptCoverage[] }>("Profiler.takePreciseCoverage")).result;
}

/** Project files with at least one function run since the last take. */
function filesRun(coverage: ScriptCoverage[]): string[] {
  const files = new Set<string>();
  for (const script of coverage) {
    const file = projectFile(script.url);
    if (file && script.functions.some((fn) => fn.ranges[0]!.startOffset > 0 && fn.ranges[0]!.count > 0)) files.add(file);
  }
  return [...files].sort();
}

const fileIds: string[] = [];
const logpointsSet = new Set<string>();

/** Logpoints on every project function that ran in `coverage` and has none yet. */
async function setLogpoints(coverage: ScriptCoverage[]): Promise<void> {
  for (const script of coverage) {
    const file = projectFile(script.url);
    if (!file) continue;
    let id = fileIds.indexOf(file);
    if (id < 0) id = fileIds.push(file) - 1;
    const { scriptSource } = await post<{ scriptSource: string }>("Debugger.getScriptSource", { scriptId: script.scriptId });
    const lineStarts = [0];
    for (let index = 0; index < scriptSource.length; index += 1) if (scriptSource[index] === "\n") lineStarts.push(index + 1);
    const location = (offset: number) => {
      let line = 0;
      while (line + 1 < lineStarts.length && lineStarts[line + 1]! <= offset) line += 1;
      return { scriptId: script.scriptId, lineNumber: line, columnNumber: offset - lineStarts[line]! };
    };
    for (const fn of script.functions) {
      const range = fn.ranges[0]!;
      const key = `${script.scriptId}:${range.startOffset}`;
      if (range.startOffset === 0 || range.count === 0 || logpointsSet.has(key)) continue;
      logpointsSet.add(key);
      const { locations } = await post<{ locations: Array<{ lineNumber: number; columnNumber: number }> }>("Debugger.getPossibleBreakpoints", {
        start: location(range.startOffset),
        end: location(range.endOffset),
        restrictToFunction: true,
      });
      const first = locations[0];
      if (!first) continue;
      await post("Debugger.setBreakpoint", {
        location: { scriptId: script.scriptId, lineNumber: first.lineNumber, columnNumber: first.columnNumber },
        condition: `globalThis.__sluiceWalk !== undefined && globalThis.__sluiceWalk.push(${id}), false`,
      });
    }
  }
}

interface Walk {
  files: string[];
  lines: number;
  reentries: number;
  /** Visits per file beyond the first, for the files visited more than once. */
  returns: Record<string, number>;
}

function describeWalk(coverage: ScriptCoverage[], entries: number[]): Walk {
  const files = filesRun(coverage);
  const lines = files.reduce((sum, file) => sum + readFileSync(`${ROOT}${file}`, "utf8").split("\n").length - 1, 0);
  const visits = entries.filter((id, index) => index === 0 || entries[index - 1] !== id);
  const seen = new Set<number>();
  const returns: Record<string, number> = {};
  let reentries = 0;
  for (const id of visits) {
    if (seen.has(id)) {
      reentries += 1;
      returns[fileIds[id]!] = (returns[fileIds[id]!] ?? 0) + 1;
    }
    seen.add(id);
  }
  return { files, lines, reentries, returns };
}

/** Runs `walk` traced: coverage reset before, taken after `settle`. */
async function measure(walk: () => Promise<void>): Promise<Walk> {
  await takeCoverage();
  const entries: number[] = [];
  (globalThis as { __sluiceWalk?: number[] }).__sluiceWalk = entries;
  await walk();
  (globalThis as { __sluiceWalk?: number[] }).__sluiceWalk = undefined;
  return describeWalk(await takeCoverage(), entries);
}

function median(walks: Walk[]): Walk {
  const sorted = [...walks].sort((a, b) => a.reentries - b.reentries || a.files.length - b.files.length);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function main(): Promise<void> {
  const base = parseConfig(GatewayConfigSchema, readEnvironment());
  const redisServer = await startRedisServer();
  const fixture = await createBenchFixture(base.DATABASE_URL);
  const receiver = createServer((_request, response) => response.writeHead(200, { "Content-Type": "application/json" }).end('{"ok":true}'));
  receiver.listen(0, "127.0.0.1");
  await once(receiver, "listening");
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const env = { ...readEnvironment(), ...PRODUCTION_LIKE_SETTINGS, DATABASE_URL: fixture.databaseUrl, REDIS_URL: redisServer.url, LOG_LEVEL: "warn", SMTP_URL: "smtp://127.0.0.1:9", OUTBOUND_ALLOW_PRIVATE: "true" };
  const quiet = createLogger({ level: "warn", name: "walk", destination: process.stderr });
  const gateway = await startGateway(parseConfig(GatewayConfigSchema, { ...env, HOST: "127.0.0.1", PORT: "0" }), quiet);
  // The walk's own polling goes through a plain pool, so none of its queries count as the job's
  // (core/db/ would put each of them in the walk).
  const poll = new pg.Pool({ connectionString: fixture.databaseUrl, max: 1 });
  const queueConnection = createRedis(redisServer.url, "producer");
  const queues = createProducerQueues(queueConnection, parseConfig(EngineConfigSchema, env).QUEUE_PREFIX);
  try {
    const api = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${gateway.url}${path}`, {
        method,
        headers: { Authorization: `Bearer ${fixture.secret}`, "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const parsed = (await response.json()) as Record<string, unknown>;
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(parsed)}`);
      return parsed;
    };
    await api("POST", "/v1/webhook-endpoints", { url: `${receiverUrl}/hooks`, events: ["workflow.completed"] });
    const workflow = await api("POST", "/v1/workflows", {
      name: "walk",
      trigger: { type: "manual" },
      actions: [{ type: "transform", name: "shape", config: { output: { order: "{{trigger.data.order}}" } } }],
    });
    const execute = async () => String((await api("POST", `/v1/workflows/${String(workflow.id)}/execute`, { data: { order: 1 } })).execution_id);

    await post("Profiler.enable");
    await post("Debugger.enable");
    await post("Profiler.startPreciseCoverage", { callCount: true, detailed: true });

    // The request: no engine yet, so nothing else runs in this process meanwhile.
    for (let n = 0; n < 20; n += 1) await execute();
    await setLogpoints(await takeCoverage());
    const requests: Walk[] = [];
    for (let n = 0; n < RUNS; n += 1) {
      requests.push(
        await measure(async () => {
          await execute();
          await new Promise((resolve) => setTimeout(resolve, 100));
        }),
      );
    }

    // The job: the engine takes the queued executions (warm-up), then one at a time, traced.
    const engine = await startEngine(parseConfig(EngineConfigSchema, env), quiet, {
      workers: WORKERS.filter((worker) => worker.queue === "workflow-run" || worker.queue === "webhook-delivery"),
    });
    const finished = async (executionId: string) => {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const { rows } = await poll.query<{ status: string; delivery: string | null }>(
          `select e.status, d.status as delivery from executions e
           left join webhook_events w on w.type = 'workflow.completed' and w.payload -> 'data' ->> 'execution_id' = e.id
           left join webhook_deliveries d on d.event_id = w.id
           where e.id = $1`,
          [executionId],
        );
        const row = rows[0];
        if (row?.status === "completed" && row.delivery === "succeeded") return;
        if (Date.now() > deadline) throw new Error(`execution ${executionId} did not finish: ${JSON.stringify(row)}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    try {
      for (let n = 0; n < 10; n += 1) await finished(await execute());
      const run = queues.get("workflow-run");
      await setLogpoints(await takeCoverage());
      const jobs: Walk[] = [];
      for (let n = 0; n < RUNS; n += 1) {
        await run.pause();
        const executionId = await execute();
        await new Promise((resolve) => setTimeout(resolve, 200));
        jobs.push(
          await measure(async () => {
            await run.resume();
            await finished(executionId);
            await new Promise((resolve) => setTimeout(resolve, 100));
          }),
        );
      }
      const report = { request: median(requests), job: median(jobs), runs: { request: requests.map(summary), job: jobs.map(summary) } };
      process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    } finally {
      await engine.shutdown();
    }
  } finally {
    await post("Profiler.stopPreciseCoverage").catch(() => undefined);
    session.disconnect();
    await queues.close();
    await queueConnection.quit();
    await poll.end();
    await gateway.shutdown();
    receiver.close();
    await fixture.drop();
    await redisServer.stop();
  }
}

function summary(walk: Walk): string {
  return `${walk.files.length} files, ${walk.lines} lines, ${walk.reentries} re-entries`;
}

await main();
