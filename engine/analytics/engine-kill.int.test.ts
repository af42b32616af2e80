import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { AnalysisSchema } from "../../core/contracts/analytics.js";
import { DatasetSchema } from "../../core/contracts/datasets.js";
import { scratchPath } from "../../core/datasets/storage.js";
import { createKeyedAccount } from "../../testing/accounts.js";
import { startEngineProcess, type EngineProcess } from "../../testing/engine-process.js";
import { waitFor } from "../../testing/wait-for.js";
import { createApiCaller, useTestApp, type Auth } from "../../testing/gateway.js";

/**
 * Issue 13: an engine killed (SIGKILL) in the middle of an analytics job. Its analytics worker
 * processes exit with it; another engine takes the job over once its lock lapses; the dataset or analysis ends exactly as if nothing had
 * happened, its events are recorded once, and no half-written file is left behind.
 */
const dataDir = mkdtempSync(join(tmpdir(), "sluice-data-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const testApp = useTestApp({ DATA_DIR: dataDir, ANALYSIS_WAIT_MS: "0" });
const db = () => testApp.current.database.db;
const call = createApiCaller(testApp);
const engines: EngineProcess[] = [];
afterAll(() => Promise.allSettled(engines.map((engine) => engine.stop())));

/** A CSV (about 45 MB, under the Free plan's 50 MB) big enough that ingesting or analysing it takes seconds on this machine, not milliseconds. */
const ROWS = 1_500_000;
function largeCsv(): string {
  const lines = ["at,load,region"];
  const start = Date.UTC(2026, 0, 1);
  for (let i = 0; i < ROWS; i++) lines.push(`${new Date(start + i * 60_000).toISOString().slice(0, 19)},${(100 + 20 * Math.sin(i / 60) + (i % 7)).toFixed(2)},r${i % 5}`);
  return `${lines.join("\n")}\n`;
}

async function startEngine(): Promise<EngineProcess> {
  const engine = await startEngineProcess({
    DATABASE_URL: testApp.current.database.url,
    REDIS_KEY_PREFIX: testApp.current.config.REDIS_KEY_PREFIX,
    QUEUE_PREFIX: testApp.current.config.QUEUE_PREFIX,
    DATA_DIR: dataDir,
    // A dead engine's job is taken over about a second after its lock lapses.
    JOB_LOCK_MS: "1000",
  });
  engines.push(engine);
  return engine;
}

// Polled in the database: polling the API this often would meet the plan's rate limit.
const datasetStatus = async (id: string) => (await db().selectFrom("datasets").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
const analysisStatus = async (id: string) => (await db().selectFrom("analyses").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;

async function eventTypes(subject: string): Promise<string[]> {
  const rows = await db().selectFrom("webhook_events").select(["type", "payload"]).orderBy("created_at").execute();
  return rows.filter((row) => JSON.stringify(row.payload).includes(subject)).map((row) => row.type);
}

/** The process's children (Linux /proc). */
const childPids = (pid: number) =>
  readdirSync(`/proc/${pid}/task`).flatMap((task) => readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").split(/\s+/).filter(Boolean).map(Number));

/** Alive and not a zombie waiting for its parent to collect it. */
function isRunning(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0] !== "Z";
  } catch {
    return false;
  }
}

const files = () => readdirSync(dataDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => entry.name);

describe("an engine killed during an analytics job", () => {
  let auth: Auth;
  let datasetId: string;

  it("ingest: another engine ingests the upload from the start; one Parquet file, no staging file left", async () => {
    auth = (await createKeyedAccount(db())).authorization;
    const first = await startEngine();
    const response = await testApp.current.app.request("/v1/datasets", { method: "POST", headers: { ...auth, "Content-Type": "text/csv" }, body: largeCsv() });
    expect(response.status, await response.clone().text()).toBe(202);
    datasetId = DatasetSchema.parse(await response.json()).id;
    // Killed once the engine is writing the Parquet file (staged under DATA_DIR/tmp/ingest).
    await waitFor(() => existsSync(scratchPath(dataDir, "ingest", `${datasetId}.parquet`)) || undefined, 30_000);
    // Its analytics workers (a pool of two; on a loaded machine one may be on its way out while its
    // replacement starts, so there can briefly be three).
    const analyticsWorkers = childPids(first.process.pid ?? 0).filter(isRunning);
    expect(analyticsWorkers.length).toBeGreaterThanOrEqual(2);
    await first.kill();
    expect(await datasetStatus(datasetId)).toBe("processing");
    // Its analytics workers go with it: none keeps writing the staging file the next engine writes.
    await waitFor(() => (analyticsWorkers.some(isRunning) ? undefined : true), 5_000);

    await startEngine();
    await waitFor(async () => ((await datasetStatus(datasetId)) === "processing" ? undefined : true), 60_000);
    const ready = DatasetSchema.parse(await (await call(auth, "GET", `/v1/datasets/${datasetId}`)).json());
    expect(ready).toMatchObject({ status: "ready", row_count: ROWS });
    const own = files().filter((name) => name.startsWith(datasetId));
    expect(own).toEqual([`${datasetId}.parquet`]);
  }, 120_000);

  it("analysis: another engine runs it again; it completes once, with one started and one completed event", async () => {
    const [running] = engines.filter((engine) => engine.process.exitCode === null && engine.process.signalCode === null);
    const response = await call(auth, "POST", "/v1/data/analyze", { dataset_id: datasetId, analysis: "auto" });
    expect(response.status).toBe(202);
    const { analysis_id } = AnalysisSchema.parse(await response.json());
    await waitFor(async () => ((await analysisStatus(analysis_id)) === "running" ? true : undefined), 30_000);
    await running?.kill();
    expect(await analysisStatus(analysis_id)).toBe("running");

    await startEngine();
    // The `auto` analysis of 1.5M rows alone takes 10-35 s here depending on the machine's load.
    await waitFor(async () => ((await analysisStatus(analysis_id)) === "running" ? undefined : true), 150_000);
    const done = AnalysisSchema.parse(await (await call(auth, "GET", `/v1/analyses/${analysis_id}`)).json());
    expect(done.status).toBe("completed");
    expect(done.insights).toBeDefined();
    expect(await eventTypes(analysis_id)).toEqual(["processing.started", "processing.completed"]);
  }, 240_000);
});
