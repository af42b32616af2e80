import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { AnalysisSchema } from "../../../core/contracts/analytics.js";
import { DatasetSchema } from "../../../core/contracts/datasets.js";
import { createDatasetStore } from "../../../core/datasets/create-dataset-store.js";
import { datasetStoragePath, scratchPath, uploadKey } from "../../../core/datasets/storage.js";
import { ErrorBodySchema } from "../../../core/errors.js";
import { newId } from "../../../core/ids.js";
import { insertAnalysis } from "../../analytics/analysis-queries.js";
import { createKeyedAccount } from "../../../testing/accounts.js";
import { useAnalyticsStack } from "../../../testing/analytics.js";
import { useTestEngine } from "../../../testing/engine.js";
import { createApiCaller, type Auth } from "../../../testing/gateway.js";
import { startS3Server } from "../../../testing/s3-server.js";

// DATASET_STORAGE=s3 against a local S3-compatible server: the gateway and engine A share only the
// bucket (each DATA_DIR is its own scratch); engine B has a third DATA_DIR and its own queues.
const s3 = await startS3Server();
afterAll(() => s3.stop());
const { dataDir: gatewayDir, testApp } = useAnalyticsStack({
  gateway: { ...s3.env, ANALYSIS_WAIT_MS: "15000" },
  engine: { ...s3.env, DATA_DIR: mkdtempSync(join(tmpdir(), "sluice-engine-a-")) },
});
const engineBDir = mkdtempSync(join(tmpdir(), "sluice-engine-b-"));
afterAll(() => rmSync(engineBDir, { recursive: true, force: true }));
const engineB = useTestEngine({ get current() { return testApp.current.database; } }, () => ({ ...s3.env, DATA_DIR: engineBDir }));

const db = () => testApp.current.database.db;
const call = createApiCaller(testApp);
const DAILY_CSV = "day,sales\n" + Array.from({ length: 40 }, (_, i) => `${new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10)},${50 + 3 * i}`).join("\n") + "\n";

async function uploadCsv(auth: Auth, csv: string) {
  const response = await testApp.current.app.request("/v1/datasets", { method: "POST", headers: { ...auth, "Content-Type": "text/csv" }, body: csv });
  const body: unknown = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(201);
  return DatasetSchema.parse(body);
}

/** Files a process left under its DATA_DIR, scratch included: object storage leaves none behind. */
function filesUnder(directory: string): string[] {
  return readdirSync(directory, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile() && !entry.parentPath.includes(join("tmp", "duckdb"))).map((entry) => entry.name);
}

describe("datasets on S3-compatible object storage", () => {
  it("uploads, analyzes and deletes through the bucket: the Parquet object is stored, read and removed", async () => {
    const { authorization, userId } = await createKeyedAccount(db());
    const dataset = await uploadCsv(authorization, DAILY_CSV);
    expect(dataset).toMatchObject({ status: "ready", row_count: 40, size_bytes: Buffer.byteLength(DAILY_CSV) });
    // The raw upload object is gone once ingested; only the dataset's Parquet object stays.
    expect(await s3.objectKeys()).toContain(datasetStoragePath(userId, dataset.id));
    expect(await s3.objectKeys()).not.toContain(uploadKey(dataset.id, "csv"));
    expect(filesUnder(gatewayDir)).toEqual([]);

    const analyzed = await call(authorization, "POST", "/v1/data/analyze", { dataset_id: dataset.id, analysis: "trend" });
    const analysis = AnalysisSchema.parse(await analyzed.json());
    expect(analyzed.status).toBe(200);
    expect(analysis).toMatchObject({ status: "completed", dataset_id: dataset.id, series: { time_column: "day", value_column: "sales", points: 40 } });
    expect(analysis.insights?.trend?.slope).toBeCloseTo(3);

    const deleted = await call(authorization, "DELETE", `/v1/datasets/${dataset.id}`);
    expect(deleted.status).toBe(200);
    expect((await s3.objectKeys()).filter((key) => key.includes(dataset.id))).toEqual([]);
  });

  it("lets an engine with another DATA_DIR read what a different engine ingested, and the other way round", async () => {
    const { authorization, userId } = await createKeyedAccount(db());
    // Ingested by engine A (the gateway's queues), analysed by engine B.
    const fromA = await uploadCsv(authorization, DAILY_CSV);
    const analysisId = newId("an");
    await insertAnalysis(db(), { id: analysisId, user_id: userId, mode: "live", dataset_id: fromA.id, analysis: "summary", request: { dataset_id: fromA.id, analysis: "summary" }, bytes_processed: fromA.size_bytes, created_at: new Date() });
    await engineB.current.runJob("analytics", { task: "analyze", analysis_id: analysisId });
    const row = await db().selectFrom("analyses").select(["status", "error"]).where("id", "=", analysisId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "completed", error: null });

    // Stored by another gateway, ingested by engine B, analysed by engine A through the API.
    const toB = newId("ds");
    const store = createDatasetStore(engineB.current.config);
    const staged = scratchPath(engineBDir, "uploads", `${toB}.csv`);
    await mkdir(dirname(staged), { recursive: true });
    await writeFile(staged, DAILY_CSV);
    await store.putFile(uploadKey(toB, "csv"), staged);
    store.close();
    await db()
      .insertInto("datasets")
      .values({ id: toB, user_id: userId, mode: "live", name: "b.csv", format: "csv", status: "processing", storage_path: datasetStoragePath(userId, toB), size_bytes: Buffer.byteLength(DAILY_CSV) })
      .execute();
    expect(await engineB.current.runJob("analytics", { task: "ingest", dataset_id: toB })).toMatchObject({ status: "ready", row_count: 40 });
    const analyzed = await call(authorization, "POST", "/v1/data/analyze", { dataset_id: toB, analysis: "summary" });
    expect(analyzed.status, await analyzed.clone().text()).toBe(200);
    expect(filesUnder(engineBDir)).toEqual([]);
  });

  it("answers an analysis of a dataset whose object is gone with a clear 422, never a 500", async () => {
    const { authorization, userId } = await createKeyedAccount(db());
    const dataset = await uploadCsv(authorization, DAILY_CSV);
    const store = createDatasetStore(engineB.current.config);
    await store.delete(datasetStoragePath(userId, dataset.id));
    store.close();

    const response = await call(authorization, "POST", "/v1/data/analyze", { dataset_id: dataset.id, analysis: "summary" });
    expect(response.status).toBe(422);
    expect(ErrorBodySchema.parse(await response.json()).error.message).toContain("The dataset's file is no longer in storage; upload it again.");
  });

  // Last: it stops the bucket's server.
  it("answers an upload while the bucket does not answer with 503, charging nothing", async () => {
    const { authorization, userId } = await createKeyedAccount(db());
    await s3.stop();
    const response = await testApp.current.app.request("/v1/datasets", { method: "POST", headers: { ...authorization, "Content-Type": "text/csv" }, body: DAILY_CSV });
    expect(response.status).toBe(503);
    expect(ErrorBodySchema.parse(await response.json()).error.code).toBe("SERVICE_UNAVAILABLE");
    expect(await db().selectFrom("datasets").select("id").where("user_id", "=", userId).execute()).toEqual([]);
    expect(filesUnder(gatewayDir)).toEqual([]);
  });
});
