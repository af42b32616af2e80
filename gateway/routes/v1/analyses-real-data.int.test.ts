import { describe, expect, it } from "vitest";
import { AnalysisSchema, type Analysis } from "../../../core/contracts/analytics.js";
import { DatasetSchema } from "../../../core/contracts/datasets.js";
import { ErrorBodySchema } from "../../../core/errors.js";
import { createKeyedAccount } from "../../../testing/accounts.js";
import { useAnalyticsStack } from "../../../testing/analytics.js";
import { createApiCaller, type Auth } from "../../../testing/gateway.js";
import { numbers, rDataFrame, rTimeSeries, runR, vector } from "../../../testing/r-reference.js";
import { waitFor } from "../../../testing/wait-for.js";

/** Real data (DESIGN.md section 8): the grain, the columns chosen and said, checked against R. */
const { testApp } = useAnalyticsStack({ gateway: { ANALYSIS_WAIT_MS: "20000" } });
const db = () => testApp.current.database.db;
const call = createApiCaller(testApp);

/** Posts an analysis and polls it until it has ended; a non-2xx answer fails the test with its body. */
async function analyze(auth: Auth, body: Record<string, unknown>): Promise<Analysis> {
  const response = await call(auth, "POST", "/v1/data/analyze", body);
  const json: unknown = await response.json();
  if (response.status !== 200 && response.status !== 202) throw new Error(`${response.status}: ${JSON.stringify(json)}`);
  const first = AnalysisSchema.parse(json);
  if (first.status === "completed" || first.status === "failed") return first;
  return waitFor(async () => {
    const analysis = AnalysisSchema.parse(await (await call(auth, "GET", `/v1/analyses/${first.analysis_id}`)).json());
    return analysis.status === "completed" || analysis.status === "failed" ? analysis : undefined;
  }, 120_000);
}

async function uploadCsv(auth: Auth, csv: string) {
  const response = await testApp.current.app.request("/v1/datasets", { method: "POST", headers: { ...auth, "Content-Type": "text/csv" }, body: csv });
  const json: unknown = await response.json();
  if (response.status !== 201 && response.status !== 202) throw new Error(`${response.status}: ${JSON.stringify(json)}`);
  const dataset = DatasetSchema.parse(json);
  if (dataset.status === "ready") return dataset;
  return waitFor(async () => {
    const current = DatasetSchema.parse(await (await testApp.current.app.request(`/v1/datasets/${dataset.id}`, { headers: auth })).json());
    return current.status === "processing" ? undefined : current;
  }, 120_000);
}

/** airquality with a date column first (1973, from Month and Day), then its columns in R's order. */
async function airqualityRows() {
  const frame = await rDataFrame("airquality");
  const names = Object.keys(frame);
  const months = numbers(frame, "Month");
  const days = numbers(frame, "Day");
  return months.map((month, i) => ({
    date: `1973-${String(month).padStart(2, "0")}-${String(days[i]).padStart(2, "0")}`,
    ...Object.fromEntries(names.map((name) => [name, frame[name]?.[i] ?? null])),
  }));
}

describe("the value column: the dataset's order, a documented rule, said in the answer", () => {
  it("analyses passengers, not the row number, in AirPassengers sent as {month, passengers, row}; the trend equals R's lm", async () => {
    const { authorization } = await createKeyedAccount(db());
    const air = await rTimeSeries("AirPassengers");
    const dataset = air.dates.map((month, i) => ({ month, passengers: air.values[i], row: i + 1 }));
    const body = await analyze(authorization, { dataset, analysis: "trend" });
    expect(body.status).toBe("completed");
    expect(body.series).toMatchObject({ time_column: "month", value_column: "passengers", grain: "month", points: 144 });
    expect(body.series?.chosen).toMatchObject({ value_column: "inferred", time_column: "inferred", grain: "inferred", value_column_reason: "the first numeric column" });
    expect(body.notes).toContain("2 numeric columns (passengers, row); analysed passengers; set value_column to choose another");

    // The engine's x is the period index (slope per month): R's lm on t = 1..144 has the same slope and R².
    const r = await runR(`t <- seq_along(AirPassengers); fit <- lm(as.numeric(AirPassengers) ~ t); emit("slope", coef(fit)[2]); emit("r2", summary(fit)$r.squared)`);
    expect(Math.abs((body.insights?.trend?.slope ?? NaN) - (vector(r, "slope")[0] ?? NaN))).toBeLessThan(1e-6);
    expect(Math.abs((body.insights?.trend?.r2 ?? NaN) - (vector(r, "r2")[0] ?? NaN))).toBeLessThan(1e-6);
  });

  it("picks the same column of airquality inline and by dataset_id, says so and warns", async () => {
    const { authorization } = await createKeyedAccount(db(), { mode: "test" });
    const rows = await airqualityRows();
    const columns = Object.keys(rows[0] ?? {});
    const csv = [columns.join(","), ...rows.map((row) => columns.map((name) => row[name as keyof typeof row] ?? "").join(","))].join("\n") + "\n";
    const dataset = await uploadCsv(authorization, csv);
    expect(dataset.status).toBe("ready");

    const inline = await analyze(authorization, { dataset: rows, analysis: "trend" });
    const stored = await analyze(authorization, { dataset_id: dataset.id, analysis: "trend" });
    for (const body of [inline, stored]) {
      expect(body.status).toBe("completed");
      expect(body.series).toMatchObject({ time_column: "date", value_column: "Ozone", grain: "day" });
      expect(body.notes).toContain("6 numeric columns (Ozone, Solar.R, Wind, Temp, Month, Day); analysed Ozone; set value_column to choose another");
    }
    expect(stored.insights?.trend?.slope).toBeCloseTo(inline.insights?.trend?.slope ?? NaN, 9);
  });

  it("summarises airquality, NAs included, in the dataset's column order, as R does", async () => {
    const { authorization } = await createKeyedAccount(db());
    const frame = await rDataFrame("airquality");
    const names = Object.keys(frame);
    const rows = numbers(frame, "Day").map((_, i) => Object.fromEntries(names.map((name) => [name, frame[name]?.[i] ?? null])));
    const body = await analyze(authorization, { dataset: rows, analysis: "summary" });
    expect(body.status).toBe("completed");
    expect(Object.keys(body.statistics ?? {})).toEqual(names);
    const r = await runR(
      `for (column in names(airquality)) { x <- airquality[[column]]; emit(column, c(sum(!is.na(x)), sum(is.na(x)), mean(x, na.rm = TRUE), sd(x, na.rm = TRUE), quantile(x, c(0, 0.25, 0.5, 0.75, 1), na.rm = TRUE, type = 7))) }`,
    );
    for (const name of names) {
      const [count, nulls, mean, sd, min, p25, median, p75, max] = numbers(r, name);
      const stats = body.statistics?.[name];
      expect(stats?.count, name).toBe(count);
      expect(stats?.nulls, name).toBe(nulls);
      const pairs: Array<[number | null | undefined, number | undefined]> = [
        [stats?.mean, mean],
        [stats?.std, sd],
        [stats?.min, min],
        [stats?.p25, p25],
        [stats?.median, median],
        [stats?.p75, p75],
        [stats?.max, max],
      ];
      for (const [ours, theirs] of pairs) expect(Math.abs((ours ?? NaN) - (theirs ?? NaN)), name).toBeLessThan(1e-6);
    }
  });
});

/** Per-minute readings from 2024-01-01: a daily cycle on a slow rise. */
function perMinuteRows(count: number) {
  const start = Date.UTC(2024, 0, 1);
  return Array.from({ length: count }, (_, i) => ({
    ts: new Date(start + i * 60_000).toISOString().slice(0, 19).replace("T", " "),
    value: Math.round(100 * (50 + 10 * Math.sin((2 * Math.PI * i) / 1_440) + i / 20_000)) / 100,
  }));
}

describe("the time grain of event data", () => {
  it("analyses a 1,000,000-row per-minute CSV over two years by day: summary, trend, anomalies and forecast", async () => {
    const { authorization } = await createKeyedAccount(db(), { mode: "test" });
    const csv = `ts,value\n${perMinuteRows(1_000_000)
      .map((row) => `${row.ts},${row.value}`)
      .join("\n")}\n`;
    const dataset = await uploadCsv(authorization, csv);
    expect(dataset).toMatchObject({ status: "ready", row_count: 1_000_000 });
    const results = await Promise.all(["summary", "trend", "anomalies", "forecast"].map((analysis) => analyze(authorization, { dataset_id: dataset.id, analysis })));
    for (const body of results) {
      expect(body.error, body.analysis).toBeNull();
      expect(body.series, body.analysis).toMatchObject({ grain: "day", time_column: "ts", value_column: "value", points: 695, chosen: { grain: "inferred" } });
      expect(body.notes, body.analysis).toContain("values are aggregated by day: by hour the series would have 16,667 periods, more than the limit of 10,000; set time_grain to choose");
    }
    const [summary, trend, anomalies, forecast] = results;
    expect(summary?.statistics?.value?.count).toBe(1_000_000);
    expect(trend?.insights?.trend?.direction).toBe("increasing");
    expect(anomalies?.insights?.anomalies).toBeDefined();
    expect(forecast?.insights?.forecast?.next_30_days).toHaveLength(30);
  }, 240_000);

  it("honours time_grain hour, and refuses an impossible grain with 422 naming the limit and the finest acceptable grain", async () => {
    const { authorization } = await createKeyedAccount(db());
    const dataset = perMinuteRows(5_000);
    const hourly = await analyze(authorization, { dataset, analysis: "trend", time_grain: "hour" });
    expect(hourly.series).toMatchObject({ grain: "hour", points: 84, chosen: { grain: "requested", grain_reason: "named in time_grain" } });
    expect(hourly.insights?.trend?.per).toBe("hour");

    const daily = perMinuteRows(5_000).filter((_, i) => i % 1_440 === 0);
    const response = await call(authorization, "POST", "/v1/data/analyze", { dataset: daily, analysis: "trend", time_grain: "minute" });
    expect(response.status).toBe(422);
    const { error } = ErrorBodySchema.parse(await response.json());
    expect(error.details).toEqual([{ field: "time_grain", message: expect.stringContaining('the finest grain this data allows is "day"') }]);
    expect(error.message).toContain("is finer than the data");
  });
});
