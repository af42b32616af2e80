import { existsSync, readdirSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AnalysisSchema } from "../../core/contracts/analytics.js";
import { DatasetSchema } from "../../core/contracts/datasets.js";
import { scratchPath } from "../../core/datasets/storage.js";
import { createKeyedAccount } from "../../testing/accounts.js";
import { useAnalyticsStack } from "../../testing/analytics.js";
import { createApiCaller, type Auth } from "../../testing/gateway.js";
import { waitFor } from "../../testing/wait-for.js";

/**
 * Issue 35: an analytics worker process dies (SIGKILL here; a segfault in DuckDB, the OOM killer)
 * in the middle of an ingest or an analysis. That job fails for good with a clear error, nothing
 * of it is left on disk, BullMQ does not run it again, and the engine (which never died) serves
 * the next ingest and analysis on the replacement workers.
 */
const { dataDir, testApp, testEngine } = useAnalyticsStack({ gateway: { ANALYSIS_WAIT_MS: "0" } });
const db = () => testApp.current.database.db;
const call = createApiCaller(testApp);

/** A CSV (about 30 MB) that takes DuckDB seconds, not milliseconds, to ingest and analyse on this machine. */
const ROWS = 1_000_000;
function largeCsv(): string {
  const lines = ["at,load,region"];
  const start = Date.UTC(2026, 0, 1);
  for (let i = 0; i < ROWS; i++) lines.push(`${new Date(start + i * 60_000).toISOString().slice(0, 19)},${(100 + 20 * Math.sin(i / 60) + (i % 7)).toFixed(2)},r${i % 5}`);
  return `${lines.join("\n")}\n`;
}

const files = () => readdirSync(dataDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => entry.name);
const workerPids = () => testEngine.current.engine.analytics.workerPids();

/** Polls fast: the moment to kill is short. */
async function pollUntil(probe: () => Promise<boolean> | boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`nothing after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** SIGKILLs every analytics worker (the job's is among them) and waits for their replacements. */
async function killWorkers(): Promise<number[]> {
  const victims = workerPids();
  for (const pid of victims) process.kill(pid, "SIGKILL");
  await waitFor(() => (workerPids().length === victims.length && workerPids().every((pid) => !victims.includes(pid)) ? true : undefined), 30_000);
  return victims;
}

async function upload(auth: Auth, csv: string): Promise<string> {
  const response = await testApp.current.app.request("/v1/datasets", { method: "POST", headers: { ...auth, "Content-Type": "text/csv" }, body: csv });
  expect(response.status, await response.clone().text()).toBe(202);
  return DatasetSchema.parse(await response.json()).id;
}

const datasetRow = (id: string) => db().selectFrom("datasets").select(["status", "error"]).where("id", "=", id).executeTakeFirstOrThrow();
const analysisRow = (id: string) => db().selectFrom("analyses").select(["status", "error"]).where("id", "=", id).executeTakeFirstOrThrow();

async function eventTypes(subject: string): Promise<string[]> {
  const rows = await db().selectFrom("webhook_events").select(["type", "payload"]).orderBy("created_at").execute();
  return rows.filter((row) => JSON.stringify(row.payload).includes(subject)).map((row) => row.type);
}

/** The job ran once and completed (recording the failure): BullMQ will not run it again. */
async function expectRunOnce(jobId: string): Promise<void> {
  // Longer than the analytics queue's retry back-off (1 s).
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const job = await testEngine.current.queues.get("analytics").getJob(jobId);
  expect(await job?.getState()).toBe("completed");
  expect(job?.attemptsStarted).toBe(1);
  expect(job?.returnvalue).toMatchObject({ status: "failed" });
}

describe("an analytics worker killed during a job", () => {
  let auth: Auth;
  let csv: string;
  let datasetId: string;

  it("ingest: the dataset fails with INGEST_CRASHED, no file of it is left, it is not retried, and the next upload ingests", async () => {
    auth = (await createKeyedAccount(db())).authorization;
    csv = largeCsv();
    const doomed = await upload(auth, csv);
    // Killed once the worker is writing the Parquet file.
    await pollUntil(() => existsSync(scratchPath(dataDir, "ingest", `${doomed}.parquet`)), 60_000);
    const victims = await killWorkers();

    await waitFor(async () => ((await datasetRow(doomed)).status === "processing" ? undefined : true), 30_000);
    const failed = DatasetSchema.parse(await (await call(auth, "GET", `/v1/datasets/${doomed}`)).json());
    expect(failed).toMatchObject({ status: "failed", error: { code: "INGEST_CRASHED", message: "The file could not be read: the reader stopped unexpectedly." } });
    expect(files().filter((name) => name.startsWith(doomed))).toEqual([]);
    for (const pid of victims) expect(existsSync(join(dataDir, "tmp", "duckdb", `${hostname()}-${pid}`))).toBe(false);
    await expectRunOnce(doomed);
    expect((await datasetRow(doomed)).status).toBe("failed");

    datasetId = await upload(auth, csv);
    await waitFor(async () => ((await datasetRow(datasetId)).status === "processing" ? undefined : true), 90_000);
    const ready = DatasetSchema.parse(await (await call(auth, "GET", `/v1/datasets/${datasetId}`)).json());
    expect(ready).toMatchObject({ status: "ready", row_count: ROWS });
  }, 180_000);

  it("analysis: it fails with ANALYSIS_CRASHED and its processing.failed event, is not retried, and the next analysis completes", async () => {
    const response = await call(auth, "POST", "/v1/data/analyze", { dataset_id: datasetId, analysis: "auto" });
    expect(response.status).toBe(202);
    const { analysis_id } = AnalysisSchema.parse(await response.json());
    await pollUntil(async () => (await analysisRow(analysis_id)).status === "running", 30_000);
    await killWorkers();

    await waitFor(async () => ((await analysisRow(analysis_id)).status === "running" ? undefined : true), 30_000);
    const failed = AnalysisSchema.parse(await (await call(auth, "GET", `/v1/analyses/${analysis_id}`)).json());
    expect(failed).toMatchObject({ status: "failed", error: { code: "ANALYSIS_CRASHED", message: "The analysis could not finish: the data reader stopped unexpectedly." } });
    expect(await eventTypes(analysis_id)).toEqual(["processing.started", "processing.failed"]);
    await expectRunOnce(analysis_id);

    const next = await call(auth, "POST", "/v1/data/analyze", { dataset_id: datasetId, analysis: "auto" });
    const { analysis_id: nextId } = AnalysisSchema.parse(await next.json());
    await waitFor(async () => (["queued", "running"].includes((await analysisRow(nextId)).status) ? undefined : true), 60_000);
    expect(AnalysisSchema.parse(await (await call(auth, "GET", `/v1/analyses/${nextId}`)).json())).toMatchObject({ status: "completed", error: null, row_count: ROWS });
  }, 180_000);
});
