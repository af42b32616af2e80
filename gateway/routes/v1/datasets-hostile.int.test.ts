import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { AnalysisSchema } from "../../../core/contracts/analytics.js";
import { resolveStoragePath, uploadKey } from "../../../core/datasets/storage.js";
import { utcMonth } from "../../../core/metering/calendar.js";
import { meterKeys } from "../../../core/metering/redis-keys.js";
import { newId } from "../../../core/ids.js";
import { createKeyedAccount } from "../../../testing/accounts.js";
import { useAnalyticsStack } from "../../../testing/analytics.js";
import type { Auth } from "../../../testing/gateway.js";
import { auditJson, hostileUploads, type HostileUpload } from "../../../testing/hostile-uploads.js";
import { DatasetSchema, type DatasetFormat } from "../../../core/contracts/datasets.js";

/**
 * Issue 35: files built to crash DuckDB. Those DuckDB dies on are refused by the gateway before
 * they are stored, charged or enqueued (and again by the engine); the others fail with a clear
 * message. No analytics worker dies, and the engine keeps serving.
 */
const { dataDir, testApp, testEngine } = useAnalyticsStack({
  gateway: { ANALYSIS_WAIT_MS: "30000" },
  // 100,000 CSV columns exhaust this, quickly, instead of a gigabyte.
  engine: { DUCKDB_MEMORY_LIMIT: "256MB" },
});
const db = () => testApp.current.database.db;
const ErrorSchema = z.object({ error: z.object({ code: z.string(), message: z.string(), details: z.array(z.object({ field: z.string(), message: z.string() })).optional() }) });
const CONTENT_TYPES: Record<DatasetFormat, string> = { csv: "text/csv", json: "application/json", ndjson: "application/x-ndjson", parquet: "application/vnd.apache.parquet" };

const upload = (auth: Auth, body: BodyInit, format: DatasetFormat) =>
  testApp.current.app.request("/v1/datasets", { method: "POST", headers: { ...auth, "Content-Type": CONTENT_TYPES[format] }, body });

/** Files under DATA_DIR outside its scratch directory (uploads and datasets). */
const storedFiles = () =>
  readdirSync(dataDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dataDir.length + 1))
    .filter((path) => !path.startsWith("tmp/"));

const analyticsJobs = () => testEngine.current.queues.get("analytics").getJobCountByTypes("completed", "failed", "active", "waiting", "delayed");

describe("uploads built to crash DuckDB", () => {
  let corpusDir: string;
  let corpus: HostileUpload[];
  beforeAll(async () => {
    corpusDir = mkdtempSync(join(tmpdir(), "sluice-hostile-"));
    corpus = await hostileUploads(corpusDir);
  }, 60_000);
  afterAll(() => rmSync(corpusDir, { recursive: true, force: true }));

  it("refuses the audit's 30 KB JSON nested 5,000 deep with 422 naming the limit, before storing, charging or enqueueing it", async () => {
    const { authorization, userId } = await createKeyedAccount(db());
    const jobsBefore = await analyticsJobs();
    const response = await upload(authorization, auditJson(), "json");
    expect(response.status).toBe(422);
    const { error } = ErrorSchema.parse(await response.json());
    expect(error).toMatchObject({ code: "VALIDATION_FAILED", message: "The JSON file is nested deeper than 64 levels.", details: [{ field: "body", message: "The JSON file is nested deeper than 64 levels." }] });
    expect(await db().selectFrom("datasets").select("id").where("user_id", "=", userId).execute()).toEqual([]);
    expect(Number((await testApp.current.redis.get(meterKeys.dataMonth(userId, "live", utcMonth(new Date())))) ?? 0)).toBe(0);
    expect(await analyticsJobs()).toBe(jobsBefore);
    expect(storedFiles()).toEqual([]);
  });

  it("answers every hostile file with 422 and a clear message; no analytics worker dies and the engine keeps serving", async () => {
    const { authorization } = await createKeyedAccount(db());
    const workers = testEngine.current.engine.analytics.workerPids();
    const unclear: string[] = [];
    for (const file of corpus) {
      const response = await upload(authorization, new Uint8Array(file.body), file.format);
      const body: unknown = await response.json();
      const error = ErrorSchema.safeParse(body).data?.error;
      const clear = response.status === 422 && error?.code === "VALIDATION_FAILED" && file.message.test(error.message) && !error.message.includes(dataDir);
      if (!clear) unclear.push(`${file.name}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
    }
    expect(unclear).toEqual([]);
    expect(testEngine.current.engine.analytics.workerPids()).toEqual(workers);
    expect(storedFiles()).toEqual([]);

    // The engine still ingests and analyses.
    const csv = `day,sales\n${Array.from({ length: 60 }, (_, i) => `2026-01-${String((i % 28) + 1).padStart(2, "0")},${10 + i}`).join("\n")}\n`;
    const ready = await upload(authorization, csv, "csv");
    expect(ready.status).toBe(201);
    const dataset = DatasetSchema.parse(await ready.json());
    const analysis = await testApp.current.app.request("/v1/data/analyze", {
      method: "POST",
      headers: { ...authorization, "Content-Type": "application/json" },
      body: JSON.stringify({ dataset_id: dataset.id, analysis: "summary" }),
    });
    expect(analysis.status).toBe(200);
    expect(AnalysisSchema.parse(await analysis.json()).status).toBe("completed");
  }, 300_000);

  it("accepts JSON nested exactly 64 levels deep", async () => {
    const { authorization } = await createKeyedAccount(db());
    const response = await upload(authorization, `[{"a":${'{"b":'.repeat(62)}1${"}".repeat(62)}}]`, "json");
    expect(response.status, await response.clone().text()).toBe(201);
  });

  it("refuses, in the engine too, an upload nested too deep that reached it without the gateway's check", async () => {
    const { userId } = await createKeyedAccount(db());
    const id = newId("ds");
    const source = resolveStoragePath(dataDir, uploadKey(id, "ndjson"));
    mkdirSync(dirname(source), { recursive: true });
    writeFileSync(source, `{"a":${"[".repeat(100_000)}1${"]".repeat(100_000)}}\n`);
    await db()
      .insertInto("datasets")
      .values({ id, user_id: userId, mode: "live", name: "deep", format: "ndjson", status: "processing", storage_path: `datasets/${userId}/${id}.parquet`, size_bytes: 200_008 })
      .execute();
    const workers = testEngine.current.engine.analytics.workerPids();
    const outcome = await testEngine.current.runJob("analytics", { task: "ingest", dataset_id: id });
    expect(outcome).toEqual({ dataset_id: id, status: "failed", error: { code: "VALIDATION_FAILED", message: "The NDJSON file is nested deeper than 64 levels." } });
    expect(testEngine.current.engine.analytics.workerPids()).toEqual(workers);
    expect(storedFiles().filter((path) => path.includes(id))).toEqual([]);
  });
});
