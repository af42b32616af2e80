import { mkdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { useAnalyticsStack } from "../../../testing/analytics.js";
import { AnalysisSchema, type Analysis } from "../../../core/contracts/analytics.js";
import { WebhookEndpointWithSecretSchema } from "../../../core/contracts/webhook-endpoints.js";
import { ErrorBodySchema } from "../../../core/errors.js";
import { newId } from "../../../core/ids.js";
import { utcMonth } from "../../../core/metering/calendar.js";
import { meterKeys } from "../../../core/metering/redis-keys.js";
import { startTestAnalytics } from "../../../testing/duckdb.js";
import { createKeyedAccount } from "../../../testing/accounts.js";
import { createApiCaller, type Auth } from "../../../testing/gateway.js";

const { dataDir, testApp } = useAnalyticsStack({ gateway: { ANALYSIS_WAIT_MS: "15000" } });

const db = () => testApp.current.database.db;
const call = createApiCaller(testApp);
const codeOf = async (response: Response) => ErrorBodySchema.parse(await response.json()).error;

/** 60 days: a rising line with a weekly cycle and one spike on day 40. */
function dailyRows(days = 60) {
  return Array.from({ length: days }, (_, i) => ({
    date: new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10),
    revenue: 100 + 2 * i + 10 * Math.sin((2 * Math.PI * i) / 7) + (i === 40 ? 200 : 0),
    visitors: 1_000 + 15 * i + (i % 7) * 3,
    region: i % 2 ? "north" : "south",
  }));
}

/** Two well separated groups of points. */
function clusteredRows() {
  return Array.from({ length: 40 }, (_, i) => ({ x: (i < 20 ? 0 : 100) + (i % 5), y: (i < 20 ? 0 : 50) + (i % 3), z: i % 4 }));
}

async function analyze(auth: Auth, body: Record<string, unknown>): Promise<{ status: number; body: Analysis }> {
  const response = await call(auth, "POST", "/v1/data/analyze", body);
  const json: unknown = await response.json();
  if (response.status !== 200 && response.status !== 202) throw new Error(`${response.status}: ${JSON.stringify(json)}`);
  return { status: response.status, body: AnalysisSchema.parse(json) };
}

describe("POST /v1/data/analyze with inline rows", () => {
  it("answers a trend analysis inline: direction, slopes, Mann–Kendall and growth, with a line chart", async () => {
    const { authorization } = await createKeyedAccount(db());
    const { status, body } = await analyze(authorization, { dataset: dailyRows(), analysis: "trend", value_column: "revenue" });
    expect(status).toBe(200);
    expect(body.status).toBe("completed");
    expect(body.analysis_id).toMatch(/^an_/);
    expect(body.series).toMatchObject({ time_column: "date", value_column: "revenue", grain: "day", points: 60, seasonality: 7 });
    const trend = body.insights?.trend;
    expect(trend?.direction).toBe("increasing");
    expect(trend?.theil_sen_slope).toBeGreaterThan(1.5);
    expect(trend?.theil_sen_slope).toBeLessThan(2.5);
    expect(trend?.mann_kendall.p_value).toBeLessThan(0.001);
    expect(body.insights?.growth_rate?.cagr).toBeGreaterThan(0);
    expect(body.insights?.forecast).toBeUndefined();
    expect(body.visualizations?.[0]).toMatchObject({ type: "line", x: { label: "date" } });
    expect(body.visualizations?.[0]?.series.map((s) => s.name)).toEqual(["sum of revenue", "trend (OLS)"]);
    expect(body.processing_time_ms).toBeGreaterThanOrEqual(0);
  });

  it("finds the spike as an anomaly at its date", async () => {
    const { authorization } = await createKeyedAccount(db());
    const { body } = await analyze(authorization, { dataset: dailyRows(), analysis: "anomalies", value_column: "revenue" });
    expect(body.insights?.anomalies?.map((a) => a.timestamp)).toEqual(["2026-02-10T00:00:00.000Z"]);
    expect(body.insights?.anomalies?.[0]?.score).toBeGreaterThan(3.5);
  });

  it("scores every period, the newest included, and finds a spike on the last day", async () => {
    const { authorization } = await createKeyedAccount(db());
    const rows = dailyRows();
    const last = rows[rows.length - 1]!;
    rows[rows.length - 1] = { ...last, revenue: last.revenue + 100 };
    const { body } = await analyze(authorization, { dataset: rows, analysis: "anomalies", value_column: "revenue" });
    expect(body.insights?.anomalies?.map((a) => a.timestamp)).toEqual(["2026-02-10T00:00:00.000Z", "2026-03-01T00:00:00.000Z"]);
    const scoring = body.insights?.anomaly_scoring;
    expect(scoring).toMatchObject({ method: "robust_stl", threshold: 4 });
    expect(scoring?.scores).toHaveLength(body.series?.points ?? -1);
    expect(scoring?.scores.at(-1)).toBe(body.insights?.anomalies?.[1]?.score);
  });

  it("forecasts the horizon asked for, with widening intervals, dated after the series", async () => {
    const { authorization } = await createKeyedAccount(db());
    const { body } = await analyze(authorization, { dataset: dailyRows(), analysis: "forecast", value_column: "visitors", options: { horizon: 14 } });
    const forecast = body.insights?.forecast;
    expect(forecast?.next_30_days).toHaveLength(14);
    expect(forecast?.next_30_days[0]?.timestamp).toBe("2026-03-02T00:00:00.000Z");
    const first = forecast?.next_30_days[0];
    const last = forecast?.next_30_days[13];
    expect(first && first.lower_95 <= first.lower_80 && first.lower_80 <= first.value && first.value <= first.upper_80 && first.upper_80 <= first.upper_95).toBe(true);
    expect(last!.upper_95 - last!.lower_95).toBeGreaterThanOrEqual(first!.upper_95 - first!.lower_95);
    expect(last!.value).toBeGreaterThan(1_800);
    // A weekly season: each fold forecasts one week, from origins a week apart.
    expect(forecast?.cv).toEqual({ mae: expect.any(Number), mase: expect.any(Number), folds: 4, horizon: 7 });
  });

  it("forecasts with the method named in the options, scored on the same folds", async () => {
    const { authorization } = await createKeyedAccount(db());
    const { body } = await analyze(authorization, { dataset: dailyRows(), analysis: "forecast", value_column: "visitors", options: { horizon: 14, method: "seasonal_naive" } });
    const forecast = body.insights?.forecast;
    expect(forecast?.method).toBe("seasonal_naive");
    expect(forecast?.next_30_days.slice(0, 7).map((point) => point.value)).toEqual(dailyRows().slice(53).map((row) => row.visitors));
  });

  it("summarises every numeric column with type-7 quartiles", async () => {
    const { authorization } = await createKeyedAccount(db());
    const { body } = await analyze(authorization, { dataset: [{ a: 1, b: "x" }, { a: 2, b: "y" }, { a: 3, b: "z" }, { a: 10, b: "w" }], analysis: "summary" });
    expect(body.statistics).toEqual({ a: { count: 4, mean: 4, std: expect.closeTo(4.082, 3), min: 1, p25: 1.75, median: 2.5, p75: 4.75, max: 10 } });
    expect(body.row_count).toBe(4);
  });

  it("correlates numeric columns (pearson and spearman) and clusters them", async () => {
    const { authorization } = await createKeyedAccount(db());
    const correlation = await analyze(authorization, { dataset: dailyRows(), analysis: "correlation" });
    expect(correlation.body.correlations?.pearson.revenue?.visitors).toBeGreaterThan(0.8);
    expect(correlation.body.correlations?.spearman.visitors?.visitors).toBeCloseTo(1);
    expect(correlation.body.visualizations?.[0]?.type).toBe("bar");

    const clustering = await analyze(authorization, { dataset: clusteredRows(), analysis: "clustering", options: { k: 2 } });
    expect(clustering.body.clusters).toMatchObject({ k: 2, k_chosen_by: "request", standardized: true });
    expect(clustering.body.clusters?.sizes.slice().sort()).toEqual([20, 20]);
    const xs = clustering.body.clusters?.centroids.map((c) => Math.round(c.x ?? 0)).sort((a, b) => a - b);
    expect(xs).toEqual([2, 102]);
    expect(clustering.body.visualizations?.[0]).toMatchObject({ type: "scatter", x: { label: "x" }, y: { label: "y" } });
  });

  it("chooses k by the silhouette when none is given, in the columns' own units when asked", async () => {
    const { authorization } = await createKeyedAccount(db());
    // In raw units x (0 or 100) dominates and separates two groups; standardised, z's four levels count as much as x.
    const raw = await analyze(authorization, { dataset: clusteredRows(), analysis: "clustering", options: { standardize: false } });
    expect(raw.body.clusters).toMatchObject({ k: 2, k_chosen_by: "silhouette", standardized: false, sizes: [20, 20] });
    expect(raw.body.clusters?.silhouette).toBeGreaterThan(0.9);
    const scaled = await analyze(authorization, { dataset: clusteredRows(), analysis: "clustering" });
    expect(scaled.body.clusters).toMatchObject({ k_chosen_by: "silhouette", standardized: true });
    expect(scaled.body.clusters?.silhouette).toBeLessThan(raw.body.clusters?.silhouette ?? 0);
  });

  it("runs everything that applies on auto and notes what does not", async () => {
    const { authorization } = await createKeyedAccount(db());
    const full = await analyze(authorization, { dataset: dailyRows(), analysis: "auto", value_column: "revenue", timeframe: "last_30_days" });
    expect(full.body.series?.points).toBe(30);
    expect(Object.keys(full.body.insights ?? {}).sort()).toEqual(["anomalies", "anomaly_scoring", "forecast", "growth_rate", "trend"]);
    expect(full.body.insights?.forecast?.next_30_days).toHaveLength(30);
    expect(full.body.statistics?.revenue?.count).toBe(30);
    expect(full.body.correlations).toBeDefined();
    expect(full.body.clusters).toMatchObject({ k_chosen_by: "silhouette", standardized: true });
    expect(full.body.clusters?.k).toBeGreaterThanOrEqual(2);

    const noTime = await analyze(authorization, { dataset: [{ a: 1 }, { a: 2 }, { a: 4 }], analysis: "auto" });
    expect(noTime.body.status).toBe("completed");
    expect(noTime.body.insights).toEqual({});
    expect(noTime.body.notes).toEqual(expect.arrayContaining([expect.stringMatching(/^trend, growth_rate, anomalies and forecast omitted: no date/), expect.stringMatching(/^correlations and clusters omitted/)]));
  });

  it("fails a requested analysis that cannot apply, with a clear error", async () => {
    const { authorization } = await createKeyedAccount(db());
    const { status, body } = await analyze(authorization, { dataset: [{ a: 1 }, { a: 2 }], analysis: "forecast" });
    expect(status).toBe(200);
    expect(body.status).toBe("failed");
    expect(body.error).toEqual({ code: "INVALID_INPUT", message: expect.stringContaining("needs a time series") });
  });
});

describe("POST /v1/data/analyze with a dataset_id", () => {
  it("reads the dataset's Parquet file and records processing events", async () => {
    const { userId, authorization } = await createKeyedAccount(db());
    const datasetId = newId("ds");
    const storagePath = `datasets/${userId}/${datasetId}.parquet`;
    mkdirSync(join(dataDir, "datasets", userId), { recursive: true });
    const duck = await startTestAnalytics();
    try {
      await duck.run("copy (select date '2026-01-01' + i::int as day, 50 + 3 * i as sales from range(0, 40) t(i)) to ? (format parquet)", [join(dataDir, storagePath)]);
    } finally {
      await duck.close();
    }
    const size = statSync(join(dataDir, storagePath)).size;
    await db()
      .insertInto("datasets")
      .values({ id: datasetId, user_id: userId, name: "sales", format: "csv", storage_path: storagePath, size_bytes: size, row_count: 40, status: "ready", columns: JSON.stringify([{ name: "day", type: "date" }, { name: "sales", type: "integer" }]) })
      .execute();

    const { body } = await analyze(authorization, { dataset_id: datasetId, analysis: "trend" });
    expect(body).toMatchObject({ status: "completed", dataset_id: datasetId, series: { time_column: "day", value_column: "sales", points: 40 } });
    expect(body.insights?.trend?.slope).toBeCloseTo(3);

    const row = await db().selectFrom("analyses").select(["bytes_processed", "status"]).where("id", "=", body.analysis_id).executeTakeFirstOrThrow();
    expect(Number(row.bytes_processed)).toBe(size);
    const events = await db().selectFrom("webhook_events").select(["type", "payload"]).where("user_id", "=", userId).orderBy("created_at").execute();
    expect(events.map((e) => e.type)).toEqual(["processing.started", "processing.completed"]);
    expect(events[1]?.payload).toMatchObject({ data: { analysis_id: body.analysis_id, dataset_id: datasetId, analysis: "trend", status: "completed" } });
  });

  it("answers 404 for another account's dataset and another account's analysis", async () => {
    const owner = await createKeyedAccount(db());
    const other = await createKeyedAccount(db());
    const { body } = await analyze(owner.authorization, { dataset: [{ a: 1 }, { a: 2 }], analysis: "summary" });
    const own = await call(owner.authorization, "GET", `/v1/analyses/${body.analysis_id}`);
    expect(own.status).toBe(200);
    expect(AnalysisSchema.parse(await own.json()).statistics?.a?.mean).toBe(1.5);
    const foreign = await call(other.authorization, "GET", `/v1/analyses/${body.analysis_id}`);
    expect(foreign.status).toBe(404);
    const datasetId = newId("ds");
    await db().insertInto("datasets").values({ id: datasetId, user_id: owner.userId, name: "x", format: "csv", storage_path: `datasets/${owner.userId}/${datasetId}.parquet`, size_bytes: 10, status: "ready" }).execute();
    const foreignDataset = await call(other.authorization, "POST", "/v1/data/analyze", { dataset_id: datasetId, analysis: "summary" });
    expect(foreignDataset.status).toBe(404);
  });
});

describe("key modes", () => {
  it("answers 404 to a test key for a live analysis and to a live key for a test analysis; each one's events reach its own mode's endpoints", async () => {
    const live = await createKeyedAccount(db(), { permission: "admin" });
    const test = await createKeyedAccount(db(), { userId: live.userId, mode: "test", permission: "admin" });
    const endpoints: Record<string, string> = {};
    for (const [mode, auth] of [["live", live.authorization], ["test", test.authorization]] as const) {
      const created = await call(auth, "POST", "/v1/webhook-endpoints", { url: `https://example.com/${mode}`, events: ["processing.started", "processing.completed"] });
      expect(created.status).toBe(201);
      endpoints[WebhookEndpointWithSecretSchema.parse(await created.json()).id] = mode;
    }
    const { body: liveAnalysis } = await analyze(live.authorization, { dataset: [{ a: 1 }, { a: 2 }], analysis: "summary" });
    const { body: testAnalysis } = await analyze(test.authorization, { dataset: [{ a: 3 }, { a: 4 }], analysis: "summary" });
    expect((await call(live.authorization, "GET", `/v1/analyses/${liveAnalysis.analysis_id}`)).status).toBe(200);
    expect((await call(test.authorization, "GET", `/v1/analyses/${testAnalysis.analysis_id}`)).status).toBe(200);
    expect((await call(test.authorization, "GET", `/v1/analyses/${liveAnalysis.analysis_id}`)).status).toBe(404);
    expect((await call(live.authorization, "GET", `/v1/analyses/${testAnalysis.analysis_id}`)).status).toBe(404);
    const modes = await db().selectFrom("analyses").select(["id", "mode"]).where("user_id", "=", live.userId).orderBy("created_at").execute();
    expect(modes).toEqual([
      { id: liveAnalysis.analysis_id, mode: "live" },
      { id: testAnalysis.analysis_id, mode: "test" },
    ]);
    const deliveries = await db()
      .selectFrom("webhook_deliveries as d")
      .innerJoin("webhook_events as ev", "ev.id", "d.event_id")
      .select(["ev.mode", "ev.type", "d.endpoint_id", sql<string>`ev.payload -> 'data' ->> 'analysis_id'`.as("analysis_id")])
      .where("ev.user_id", "=", live.userId)
      .execute();
    expect(deliveries.map((row) => [row.analysis_id, row.type, row.mode, endpoints[row.endpoint_id]]).sort()).toEqual(
      [
        [liveAnalysis.analysis_id, "processing.completed", "live", "live"],
        [liveAnalysis.analysis_id, "processing.started", "live", "live"],
        [testAnalysis.analysis_id, "processing.completed", "test", "test"],
        [testAnalysis.analysis_id, "processing.started", "test", "test"],
      ].sort(),
    );
  });

  it("answers 404 to a test key for a live dataset", async () => {
    const live = await createKeyedAccount(db());
    const test = await createKeyedAccount(db(), { userId: live.userId, mode: "test" });
    const datasetId = newId("ds");
    await db().insertInto("datasets").values({ id: datasetId, user_id: live.userId, mode: "live", name: "x", format: "csv", storage_path: `datasets/${live.userId}/${datasetId}.parquet`, size_bytes: 10, status: "ready" }).execute();
    const response = await call(test.authorization, "POST", "/v1/data/analyze", { dataset_id: datasetId, analysis: "summary" });
    expect(response.status).toBe(404);
  });
});

describe("input and allowance checks", () => {
  it("refuses bodies without exactly one of dataset and dataset_id, unknown columns and bad options with 422", async () => {
    const { userId, authorization } = await createKeyedAccount(db());
    const neither = await call(authorization, "POST", "/v1/data/analyze", { analysis: "summary" });
    expect(neither.status).toBe(422);
    expect((await codeOf(neither)).details?.map((d) => d.field)).toEqual(["dataset", "dataset_id"]);
    const both = await call(authorization, "POST", "/v1/data/analyze", { analysis: "summary", dataset: [{ a: 1 }], dataset_id: "ds_x" });
    expect(both.status).toBe(422);
    const column = await call(authorization, "POST", "/v1/data/analyze", { analysis: "trend", dataset: [{ a: 1 }], value_column: "b" });
    expect(column.status).toBe(422);
    expect((await codeOf(column)).details).toEqual([{ field: "value_column", message: '"b" is not a column of the dataset' }]);
    const kind = await call(authorization, "POST", "/v1/data/analyze", { analysis: "magic", dataset: [{ a: 1 }] });
    expect(kind.status).toBe(422);
    const options = await call(authorization, "POST", "/v1/data/analyze", { analysis: "clustering", dataset: [{ a: 1 }], options: { k: 1 } });
    expect(options.status).toBe(422);
    const empty = await call(authorization, "POST", "/v1/data/analyze", { analysis: "summary", dataset: [] });
    expect(empty.status).toBe(422);
    expect(await db().selectFrom("analyses").select("id").where("user_id", "=", userId).execute()).toEqual([]);
  });

  it("answers 429 naming the data policy when the month's data allowance is used up, and writes nothing", async () => {
    const { userId, authorization } = await createKeyedAccount(db());
    await testApp.current.redis.set(meterKeys.dataMonth(userId, "live", utcMonth(new Date())), String(1e15));
    const refused = await call(authorization, "POST", "/v1/data/analyze", { analysis: "summary", dataset: [{ a: 1 }] });
    expect(refused.status).toBe(429);
    const error = await codeOf(refused);
    expect(error.code).toBe("QUOTA_EXCEEDED");
    expect(error.message).toContain("data-month");
    expect(refused.headers.get("X-RateLimit-Resource")).toBe("data");
    expect(await db().selectFrom("analyses").select("id").where("user_id", "=", userId).execute()).toEqual([]);
  });

  it("completes five analyses sent at once", async () => {
    const { authorization } = await createKeyedAccount(db());
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => analyze(authorization, { dataset: dailyRows(30 + i), analysis: "auto", value_column: "revenue" })));
    expect(answers.map((a) => a.body.status)).toEqual(Array(5).fill("completed"));
    expect(answers.map((a) => a.body.series?.points)).toEqual([30, 31, 32, 33, 34]);
  });
});

describe("POST /v1/data/clean", () => {
  it("returns cleaned rows and a report of each change type", async () => {
    const { authorization } = await createKeyedAccount(db());
    const dataset = [
      { city: " New York ", amount: "1,200", day: "01/15/2026" },
      { city: "new york", amount: "$300", day: "01/16/2026" },
      { city: "Boston", amount: "N/A", day: "Jan 17, 2026" },
      { city: "Boston", amount: 250, day: "2026-01-18" },
      { city: "Bostn", amount: 260, day: "2026-01-19" },
      { city: "Boston", amount: 250, day: "2026-01-18" },
      { city: "Chicago", amount: 99999, day: "2026-01-20" },
      { city: "Chicago", amount: 270, day: "2026-01-21" },
    ];
    const response = await call(authorization, "POST", "/v1/data/clean", { dataset, options: { impute: "median", cluster_keys: ["city"], apply_clusters: "all" } });
    expect(response.status).toBe(200);
    const body = AnalysisSchema.parse(await response.json());
    expect(body).toMatchObject({ analysis: "clean", status: "completed", summary: { rows_in: 8, rows_out: 7 } });
    expect(new Set(body.report?.map((entry) => entry.action))).toEqual(
      new Set(["normalise_whitespace", "standardise_null", "convert_type", "flag_ambiguous_number", "normalise_case", "merge_cluster", "remove_duplicate", "flag_outlier", "impute"]),
    );
    expect(body.rows?.[0]).toEqual({ city: "New York", amount: 1200, day: "2026-01-15" });
    expect(body.rows?.map((row) => row.city)).not.toContain("Bostn");
  });

  it("changes no value's meaning by default: identifiers stay text, ambiguous values and fuzzy merges are reported", async () => {
    const { authorization } = await createKeyedAccount(db());
    const dataset = [
      { zip: "02134", price: "1.234,56", day: "03/04/2026", reading: "12", owner: "John Smith", status: "active" },
      { zip: "10001", price: "3,5", day: "05/06/2026", reading: "Infinity", owner: "John Smith", status: "inactive" },
      { zip: "94105", price: "7", day: "07/08/2026", reading: "14", owner: "Jan Smith", status: "active" },
    ];
    const response = await call(authorization, "POST", "/v1/data/clean", { dataset, options: { cluster_keys: ["owner", "status"] } });
    expect(response.status).toBe(200);
    const body = AnalysisSchema.parse(await response.json());
    expect(body.rows).toEqual([
      { zip: "02134", price: 1234.56, day: "03/04/2026", reading: 12, owner: "John Smith", status: "active" },
      { zip: "10001", price: 3.5, day: "05/06/2026", reading: null, owner: "John Smith", status: "inactive" },
      { zip: "94105", price: 7, day: "07/08/2026", reading: 14, owner: "Jan Smith", status: "active" },
    ]);
    // Stored as jsonb, the rows come back to the engine with their keys in jsonb's order.
    expect(Object.fromEntries(body.columns?.map((column) => [column.name, column.type]) ?? [])).toEqual({
      zip: "string",
      price: "number",
      day: "string",
      reading: "integer",
      owner: "string",
      status: "string",
    });
    const notes = body.report?.filter((entry) => entry.action !== "convert_type").map(({ row, column, action }) => ({ row, column, action }));
    expect(notes?.sort((a, b) => a.action.localeCompare(b.action))).toEqual([
      { row: 0, column: "day", action: "flag_ambiguous_date" },
      { row: 0, column: "zip", action: "keep_text" },
      { row: 1, column: "reading", action: "replace_non_finite" },
      { row: 2, column: "owner", action: "suggest_merge" },
    ]);
    expect(body.report?.find((entry) => entry.action === "suggest_merge")).toMatchObject({ before: "Jan Smith", after: "Jan Smith", suggestion: "John Smith" });
  });

  it("gives the rows back as sent when every option is off", async () => {
    const { authorization } = await createKeyedAccount(db());
    const dataset = [{ zip: "02134", amount: "1,000", day: "03/04/2026", note: " N/A " }, { zip: "02134", amount: "1,000", day: "03/04/2026", note: " N/A " }];
    const options = { deduplicate: false, impute: "none", outliers: "none", normalise_strings: false, infer_types: false, cluster_keys: [] };
    const response = await call(authorization, "POST", "/v1/data/clean", { dataset, options });
    const body = AnalysisSchema.parse(await response.json());
    expect(body.rows).toEqual(dataset);
    expect(body.report).toEqual([]);
  });

  it("refuses cluster keys that are not columns with 422", async () => {
    const { authorization } = await createKeyedAccount(db());
    const response = await call(authorization, "POST", "/v1/data/clean", { dataset: [{ a: "x" }], options: { cluster_keys: ["b"] } });
    expect(response.status).toBe(422);
  });
});
