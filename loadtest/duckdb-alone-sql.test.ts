import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baselineStatements, type BaselineSource } from "./duckdb-alone-sql.js";
import type { Statement } from "./duckdb-alone-messages.js";

// Four days: sums 2, 3, 5, 4; the value column 0.5, 1.5, 1, 2, 2.5, 2.5, 4 and one null (DOUBLE, as in the bench).
const ROWS = [
  { date: "2024-01-01", value: 0.5, region: "a" },
  { date: "2024-01-01", value: 1.5, region: "b" },
  { date: "2024-01-02", value: 1, region: "a" },
  { date: "2024-01-02", value: 2, region: "b" },
  { date: "2024-01-03", value: 2.5, region: "a" },
  { date: "2024-01-03", value: 2.5, region: "b" },
  { date: "2024-01-04", value: null, region: "a" },
  { date: "2024-01-04", value: 4, region: "b" },
];
const SERIES = {
  time_column: "date",
  value_column: "value",
  aggregate: "sum",
  grain: "day",
  chosen: { time_column: "inferred", value_column: "inferred", value_column_reason: "", grain: "inferred", grain_reason: "" },
  points: 4,
  start: "",
  end: "",
  seasonality: 7,
} as const;

let directory: string;
let source: BaselineSource;
let instance: DuckDBInstance;

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), "duckdb-alone-sql-"));
  source = { format: "json", path: join(directory, "rows.json") };
  writeFileSync(source.path, JSON.stringify(ROWS));
  instance = await DuckDBInstance.create(":memory:");
});

afterAll(() => {
  instance.closeSync();
  rmSync(directory, { recursive: true, force: true });
});

async function rowsOf(statement: Statement): Promise<Array<Record<string, unknown>>> {
  const connection = await instance.connect();
  try {
    return (await connection.runAndReadAll(statement.sql, statement.params)).getRowObjectsJS();
  } finally {
    connection.closeSync();
  }
}

describe("baselineStatements", () => {
  it("summarises each numeric column Sluice described: count, nulls, mean, sample std, min, type-7 quartiles, max", async () => {
    const [statement] = baselineStatements("summary", source, { statistics: { value: { count: 7, nulls: 1, mean: 4, std: null, min: 1, p25: null, median: null, p75: null, max: 8 } } });
    const [row] = await rowsOf(statement as Statement);
    expect(row).toMatchObject({ c0_count: 7n, c0_nulls: 1n, c0_mean: 2, c0_min: 0.5, c0_max: 4, c0_q: [1.25, 2, 2.5] });
    expect(row?.c0_std).toBeCloseTo(Math.sqrt(32 / 6) / 2, 10);
  });

  it("aggregates the trend's series to Sluice's grain and fits its slope and R²", async () => {
    const [statement] = baselineStatements("trend", source, { series: SERIES });
    const rows = await rowsOf(statement as Statement);
    expect(rows.map((row) => row.value)).toEqual([2, 3, 5, 4]);
    expect(Number(rows[0]?.slope) * 86_400).toBeCloseTo(0.8, 10);
    expect(rows[0]?.r2).toBeCloseTo(0.64, 10);
  });

  it("averages per bucket when Sluice's aggregate is the mean", async () => {
    const [statement] = baselineStatements("anomalies", source, { series: { ...SERIES, aggregate: "mean" } });
    expect((await rowsOf(statement as Statement)).map((row) => row.value)).toEqual([1, 1.5, 2.5, 4]);
  });

  it("runs the summary and the series once for auto", () => {
    const statements = baselineStatements("auto", source, { statistics: { value: { count: 7, nulls: 1, mean: 4, std: null, min: 1, p25: null, median: null, p75: null, max: 8 } }, series: SERIES });
    expect(statements).toHaveLength(2);
    expect(statements[1]?.sql).toContain("regr_slope");
  });

  it("refuses a series analysis when Sluice's answer has no series", () => {
    expect(() => baselineStatements("forecast", source, {})).toThrow(/no series/);
  });
});
