import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AnalyticsTimeoutError, openAnalyticsDb, type AnalyticsDb } from "./duckdb.js";

describe("openAnalyticsDb", () => {
  let dataDir: string;
  let outside: string;
  let db: AnalyticsDb;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "sluice-duckdb-"));
    outside = mkdtempSync(join(tmpdir(), "sluice-outside-"));
    db = await openAnalyticsDb({ DUCKDB_THREADS: 2, DUCKDB_MEMORY_LIMIT: "256MB", DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  it("binds parameters and converts values to plain JavaScript", async () => {
    const rows = await db.all(
      "select $1::bigint + 1 as n, 9007199254740993::hugeint as big, $2 as text, true as flag, null as nothing, date '2024-03-01' as day, timestamp '2024-03-01 10:30:00' as at, [1, 2]::integer[] as list, 1.25::decimal(5,2) as dec",
      [41, "it's bound"],
    );
    expect(rows).toEqual([
      { n: 42, big: "9007199254740993", text: "it's bound", flag: true, nothing: null, day: "2024-03-01", at: "2024-03-01T10:30:00.000Z", list: [1, 2], dec: 1.25 },
    ]);
  });

  it("keeps temporary tables for the length of a session only", async () => {
    const total = await db.session(async (session) => {
      await session.run("create temp table t as select * from range(10) r(x)");
      return session.all("select sum(x) as s from t");
    });
    expect(total).toEqual([{ s: 45 }]);
    await expect(db.all("select * from t")).rejects.toThrow(/t/);
  });

  it("reads files under DATA_DIR and refuses files outside it", async () => {
    writeFileSync(join(dataDir, "a.csv"), "x,y\n1,2\n3,4\n");
    writeFileSync(join(outside, "b.csv"), "x,y\n1,2\n");
    await expect(db.all("select count(*) as n from read_csv($1)", [join(dataDir, "a.csv")])).resolves.toEqual([{ n: 2 }]);
    await expect(db.all("select count(*) as n from read_csv($1)", [join(outside, "b.csv")])).rejects.toThrow(/Permission|disabled/);
    await expect(db.all("select count(*) as n from read_csv($1)", [join(dataDir, "..", "b.csv")])).rejects.toThrow(/Permission|disabled/);
    await expect(db.run("set enable_external_access = true")).rejects.toThrow(/locked/);
  });

  it("interrupts a statement that runs past its time limit", async () => {
    const started = Date.now();
    await expect(db.all("select count(*) from range(100000000000) a(x), range(1000) b(y) where x * y = -1", [], { timeoutMs: 200 })).rejects.toBeInstanceOf(
      AnalyticsTimeoutError,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
