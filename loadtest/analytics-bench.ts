import { z } from "zod";

/**
 * The analytics part of `npm run bench` (DESIGN.md section 13), against a running gateway and
 * engine: ingest speed of an uploaded CSV, then the latency of analyses of a 1e5-row JSON
 * dataset and a 1e6-row CSV dataset, both as the engine's own processing_time_ms and end to end
 * (the HTTP request until its answer).
 */
export interface LatencyFigures {
  runs: number;
  engine: { p50: number; p95: number };
  endToEnd: { p50: number; p95: number };
}

export interface AnalyticsFigures {
  ingest: { rows: number; megabytes: number; seconds: number; megabytesPerSecond: number };
  json1e5: Record<"trend" | "auto", LatencyFigures>;
  csv1e6: Record<"trend" | "auto", LatencyFigures>;
}

const RUNS = 10;
const DAYS = 1_000;

const DatasetSchema = z.object({ id: z.string(), status: z.string() });
const AnalysisSchema = z.object({ status: z.string(), processing_time_ms: z.number().nullable().optional(), error: z.unknown().optional() });

/**
 * Rows over DAYS consecutive days (a daily series of DAYS points once aggregated): a date, a
 * value with trend, weekly season and noise, and a region.
 */
function* rows(count: number): Generator<{ date: string; value: number; region: string }> {
  const perDay = Math.max(1, Math.floor(count / DAYS));
  const start = Date.UTC(2023, 0, 1);
  let seed = 42;
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
  for (let i = 0; i < count; i++) {
    const day = Math.floor(i / perDay);
    const date = new Date(start + day * 86_400_000).toISOString().slice(0, 10);
    const value = 100 + day * 0.05 + 10 * Math.sin((2 * Math.PI * (day % 7)) / 7) + random() * 5;
    yield { date, value: Math.round(value * 100) / 100, region: ["north", "south", "east", "west"][i % 4] ?? "north" };
  }
}

function csvOf(count: number): string {
  const lines = ["date,value,region"];
  for (const row of rows(count)) lines.push(`${row.date},${row.value},${row.region}`);
  return `${lines.join("\n")}\n`;
}

function jsonOf(count: number): string {
  return JSON.stringify([...rows(count)]);
}

function percentiles(values: number[]): { p50: number; p95: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (fraction: number) => sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
  return { p50: Math.round(at(0.5)), p95: Math.round(at(0.95)) };
}

export async function measureAnalytics(options: { gatewayUrl: string; secret: string }): Promise<AnalyticsFigures> {
  const auth = { Authorization: `Bearer ${options.secret}` };

  const upload = async (body: string, contentType: string) => {
    const started = performance.now();
    const response = await fetch(`${options.gatewayUrl}/v1/datasets`, { method: "POST", headers: { ...auth, "Content-Type": contentType }, body });
    if (response.status !== 201 && response.status !== 202) throw new Error(`upload: ${response.status} ${await response.text()}`);
    let dataset = DatasetSchema.parse(await response.json());
    while (dataset.status === "processing") {
      await new Promise((resolve) => setTimeout(resolve, 50));
      dataset = DatasetSchema.parse(await (await fetch(`${options.gatewayUrl}/v1/datasets/${dataset.id}`, { headers: auth })).json());
    }
    if (dataset.status !== "ready") throw new Error(`dataset ${dataset.id} ended ${dataset.status}`);
    return { id: dataset.id, seconds: (performance.now() - started) / 1_000 };
  };

  const analyze = async (datasetId: string, analysis: "trend" | "auto"): Promise<LatencyFigures> => {
    const engine: number[] = [];
    const endToEnd: number[] = [];
    for (let run = 0; run <= RUNS; run++) {
      const started = performance.now();
      const response = await fetch(`${options.gatewayUrl}/v1/data/analyze`, {
        method: "POST",
        headers: { ...auth, "Content-Type": "application/json" },
        body: JSON.stringify({ dataset_id: datasetId, analysis, time_column: "date", value_column: "value" }),
      });
      const result = AnalysisSchema.parse(await response.json());
      if (response.status !== 200 || result.status !== "completed") throw new Error(`analysis ${analysis}: ${response.status} ${JSON.stringify(result.error)}`);
      // The first run warms the engine's caches; it is not counted.
      if (run === 0) continue;
      endToEnd.push(performance.now() - started);
      engine.push(result.processing_time_ms ?? Number.NaN);
    }
    return { runs: RUNS, engine: percentiles(engine), endToEnd: percentiles(endToEnd) };
  };

  const csv = csvOf(1_000_000);
  const csvDataset = await upload(csv, "text/csv");
  const megabytes = Buffer.byteLength(csv) / 1_000_000;
  const jsonDataset = await upload(jsonOf(100_000), "application/json");

  return {
    ingest: { rows: 1_000_000, megabytes: Number(megabytes.toFixed(1)), seconds: Number(csvDataset.seconds.toFixed(2)), megabytesPerSecond: Number((megabytes / csvDataset.seconds).toFixed(1)) },
    json1e5: { trend: await analyze(jsonDataset.id, "trend"), auto: await analyze(jsonDataset.id, "auto") },
    csv1e6: { trend: await analyze(csvDataset.id, "trend"), auto: await analyze(csvDataset.id, "auto") },
  };
}
