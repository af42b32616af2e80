import { mkdirSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { datasetStoragePath, resolveStoragePath, uploadKey } from "../../core/datasets/storage.js";
import { newId } from "../../core/ids.js";
import { insertAnalysis } from "../../gateway/analytics/analysis-queries.js";
import { createAccount } from "../../testing/accounts.js";
import { useAnalyticsStack } from "../../testing/analytics.js";
import { waitFor } from "../../testing/wait-for.js";
import { requeueQueuedAnalytics } from "./requeue-queued-analytics.js";

const { dataDir, testApp, testEngine } = useAnalyticsStack();
const db = () => testApp.current.database.db;
const MINUTE_MS = 60_000;

/** An upload whose ingest job never reached the queue, written `ageMs` ago. */
async function lostUpload(userId: string, ageMs: number): Promise<string> {
  const id = newId("ds");
  const source = resolveStoragePath(dataDir, uploadKey(id, "csv"));
  mkdirSync(`${dataDir}/uploads`, { recursive: true });
  writeFileSync(source, "day,visits\n1,10\n2,12\n3,15\n");
  await db()
    .insertInto("datasets")
    .values({ id, user_id: userId, mode: "live", name: "visits.csv", format: "csv", status: "processing", storage_path: datasetStoragePath(userId, id), size_bytes: 30, created_at: new Date(Date.now() - ageMs) })
    .execute();
  return id;
}

/** An analysis whose job never reached the queue, written `ageMs` ago. */
async function lostAnalysis(userId: string, ageMs: number): Promise<string> {
  const id = newId("an");
  const request = { dataset: [{ x: 1 }, { x: 2 }, { x: 4 }], analysis: "summary" };
  await insertAnalysis(db(), { id, user_id: userId, mode: "live", dataset_id: null, analysis: "summary", request, bytes_processed: 30, created_at: new Date(Date.now() - ageMs) });
  return id;
}

const statusOf = async (table: "datasets" | "analyses", id: string) => (await db().selectFrom(table).select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;

describe("requeue-queued-analytics", () => {
  it("is scheduled every minute", async () => {
    const schedulers = await testEngine.current.queues.get("maintenance").getJobSchedulers();
    expect(schedulers.find((s) => s.key === "requeue-queued-analytics-every-minute")?.every).toBe(MINUTE_MS);
  });

  it("re-adds the job of an upload and an analysis left without one for a minute, once; fresh rows are left to their own job", async () => {
    const { id: userId } = await createAccount(db());
    const [dataset, analysis] = [await lostUpload(userId, 5 * MINUTE_MS), await lostAnalysis(userId, 5 * MINUTE_MS)];
    const [freshDataset, freshAnalysis] = [await lostUpload(userId, 0), await lostAnalysis(userId, 0)];

    // The engine's own every-minute sweep may get there first (its first run is at boot): either
    // way, each lost row gets its job once.
    await testEngine.current.runJob("maintenance", { task: "requeue-queued-analytics" });
    await waitFor(async () => ((await statusOf("datasets", dataset)) === "ready" ? true : undefined));
    await waitFor(async () => ((await statusOf("analyses", analysis)) === "completed" ? true : undefined));
    expect(await statusOf("datasets", freshDataset)).toBe("processing");
    expect(await statusOf("analyses", freshAnalysis)).toBe("queued");

    // Their jobs exist now (finished): a second sweep adds nothing.
    expect(await requeueQueuedAnalytics(db(), testEngine.current.queues)).toEqual({ datasets: 0, analyses: 0 });
    const row = await db().selectFrom("datasets").select(["row_count"]).where("id", "=", dataset).executeTakeFirstOrThrow();
    expect(row.row_count).toBe(3);
  });
});
