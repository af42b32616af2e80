import { mkdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useAnalyticsStack } from "../../../testing/analytics.js";
import { AnalysisSchema, type Analysis } from "../../../core/contracts/analytics.js";
import { newId } from "../../../core/ids.js";
import { startTestAnalytics } from "../../../testing/duckdb.js";
import { createKeyedAccount } from "../../../testing/accounts.js";
import { waitFor } from "../../../testing/wait-for.js";
import { createApiCaller, type Auth } from "../../../testing/gateway.js";

// The smallest ANALYSIS_TIMEOUT_MS the config accepts, one DuckDB thread, and a dataset whose
const { dataDir, testApp } = useAnalyticsStack({ gateway: { ANALYSIS_WAIT_MS: "0" }, engine: { ANALYSIS_TIMEOUT_MS: "1000", DUCKDB_THREADS: "1" } });

const db = () => testApp.current.database.db;
const call = createApiCaller(testApp);

/** 20 million rows of three numeric columns: exact quartiles of each take DuckDB seconds, the file a few MB. */
async function writeLargeDataset(userId: string): Promise<string> {
  const datasetId = newId("ds");
  const storagePath = `datasets/${userId}/${datasetId}.parquet`;
  mkdirSync(join(dataDir, "datasets", userId), { recursive: true });
  const duck = await startTestAnalytics({ DUCKDB_THREADS: 2, DUCKDB_MEMORY_LIMIT: "512MB" });
  try {
    await duck.run(
      "copy (select (i % 1009)::double as a, (i % 997)::double as b, (i % 991)::double as c from range(0, 20000000) t(i)) to ? (format parquet)",
      [join(dataDir, storagePath)],
    );
  } finally {
    await duck.close();
  }
  await db()
    .insertInto("datasets")
    .values({
      id: datasetId,
      user_id: userId,
      name: "large",
      format: "parquet",
      storage_path: storagePath,
      size_bytes: statSync(join(dataDir, storagePath)).size,
      row_count: 20_000_000,
      status: "ready",
      columns: JSON.stringify([{ name: "a", type: "number" }, { name: "b", type: "number" }, { name: "c", type: "number" }]),
    })
    .execute();
  return datasetId;
}

async function submitAndWait(auth: Auth, body: Record<string, unknown>): Promise<Analysis> {
  const response = await call(auth, "POST", "/v1/data/analyze", body);
  expect(response.status).toBe(202);
  const { analysis_id } = AnalysisSchema.parse(await response.json());
  return waitFor(async () => {
    const polled = AnalysisSchema.parse(await (await call(auth, "GET", `/v1/analyses/${analysis_id}`)).json());
    return polled.status === "completed" || polled.status === "failed" ? polled : undefined;
  });
}

describe("an analysis that runs past ANALYSIS_TIMEOUT_MS", () => {
  it("fails with TIMEOUT and a clear message, and the engine goes on to the next analysis", async () => {
    const { userId, authorization } = await createKeyedAccount(db());
    const datasetId = await writeLargeDataset(userId);

    const slow = await submitAndWait(authorization, { dataset_id: datasetId, analysis: "summary" });
    expect(slow).toMatchObject({ status: "failed", error: { code: "TIMEOUT", message: "The analysis did not finish within 1000 ms." } });
    expect(slow.processing_time_ms).toBeGreaterThanOrEqual(1_000);
    const row = await db().selectFrom("analyses").select(["status", "error"]).where("id", "=", slow.analysis_id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "failed", error: { code: "TIMEOUT", message: "The analysis did not finish within 1000 ms." } });
    const events = await db().selectFrom("webhook_events").select("type").where("user_id", "=", userId).orderBy("created_at").execute();
    expect(events.map((e) => e.type)).toEqual(["processing.started", "processing.failed"]);

    const next = await submitAndWait(authorization, { dataset: [{ a: 1 }, { a: 2 }, { a: 6 }], analysis: "summary" });
    expect(next.status).toBe("completed");
    expect(next.statistics?.a?.mean).toBe(3);
  });
});
