import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../core/logger.js";
import { waitFor } from "../../testing/wait-for.js";
import { AnalyticsCrashError, AnalyticsTimeoutError } from "./analytics-db.js";
import { startAnalyticsPool, type AnalyticsPool } from "./analytics-pool.js";

/** 200 KB of JSON nested 100,000 arrays deep: DuckDB's JSON reader overflows its stack describing it (SIGSEGV). */
const crashingJson = () => `[{"a":${"[".repeat(100_000)}1${"]".repeat(100_000)}}]`;

/** Alive and not a zombie waiting for its parent to collect it. */
function isRunning(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0] !== "Z";
  } catch {
    return false;
  }
}

describe("startAnalyticsPool", () => {
  let dataDir: string;
  let outside: string;
  let db: AnalyticsPool;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "sluice-duckdb-"));
    outside = mkdtempSync(join(tmpdir(), "sluice-outside-"));
    db = await startAnalyticsPool({ ANALYTICS_WORKERS: 2, DUCKDB_THREADS: 1, DUCKDB_MEMORY_LIMIT: "256MB", DATA_DIR: dataDir }, createLogger({ level: "silent", name: "test" }));
  });
  afterAll(async () => {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  it("runs DuckDB in worker processes, not in this one", () => {
    const pids = db.workerPids();
    expect(pids).toHaveLength(2);
    expect(pids).not.toContain(process.pid);
  });

  it("binds parameters and brings values back as plain JavaScript across the process boundary", async () => {
    const rows = await db.all(
      `select $1::bigint + 1 as n, $2::hugeint as bound_big, 9007199254740993::hugeint as big, $3 as text, true as flag, null as nothing,
              date '2024-03-01' as day, timestamp '2024-03-01 10:30:00' as at, $4::timestamp as bound_at, [1, 2]::integer[] as list,
              1.25::decimal(5,2) as dec, {'a': [1, null], 'b': {'c': 'x'}} as nested, $5::json as doc, 'nan'::double as nan`,
      [41, 12345678901234567890n, "it's bound", new Date("2024-03-01T10:30:00Z"), { k: [1, "two"] }],
    );
    expect(rows).toEqual([
      {
        n: 42,
        bound_big: "12345678901234567890",
        big: "9007199254740993",
        text: "it's bound",
        flag: true,
        nothing: null,
        day: "2024-03-01",
        at: "2024-03-01T10:30:00.000Z",
        bound_at: "2024-03-01T10:30:00.000Z",
        list: [1, 2],
        dec: 1.25,
        nested: { a: [1, null], b: { c: "x" } },
        doc: '{"k":[1,"two"]}',
        nan: null,
      },
    ]);
  });

  it("keeps temporary tables for the length of a session, on one worker, while other calls run", async () => {
    const total = await db.session(async (session) => {
      await session.run("create temp table t as select * from range(10) r(x)");
      await Promise.all([db.all("select 1 as one"), db.all("select 2 as two")]);
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

  it("interrupts a statement that runs past its time limit or is aborted", async () => {
    const endless = "select count(*) from range(100000000000) a(x), range(1000) b(y) where x * y = -1";
    const started = Date.now();
    await expect(db.all(endless, [], { timeoutMs: 200 })).rejects.toBeInstanceOf(AnalyticsTimeoutError);
    expect(Date.now() - started).toBeLessThan(5_000);
    const abort = new AbortController();
    setTimeout(() => abort.abort(), 200);
    await expect(db.session((session) => session.all(endless), { signal: abort.signal })).rejects.toBeInstanceOf(AnalyticsTimeoutError);
    // The interrupted worker is still the same process, and still answers.
    expect(db.workerPids()).toHaveLength(2);
    await expect(db.all("select 42 as answer")).resolves.toEqual([{ answer: 42 }]);
  });

  it("fails the statement DuckDB crashes on, replaces the dead worker and keeps answering", async () => {
    const before = db.workerPids();
    writeFileSync(join(dataDir, "deep.json"), crashingJson());
    // Straight to DuckDB, past the upload checks: the worker segfaults.
    await expect(db.all("describe select * from read_json($1, format = 'auto', records = 'true')", [join(dataDir, "deep.json")])).rejects.toBeInstanceOf(AnalyticsCrashError);
    const after = await waitFor(() => {
      const pids = db.workerPids();
      return pids.length === 2 && pids.some((pid) => !before.includes(pid)) ? pids : undefined;
    });
    expect(after.filter((pid) => before.includes(pid))).toHaveLength(1);
    await expect(Promise.all([db.all("select 1 as n"), db.all("select 2 as n"), db.all("select 3 as n")])).resolves.toEqual([[{ n: 1 }], [{ n: 2 }], [{ n: 3 }]]);
  }, 60_000);

  it("fails the statements of a worker killed mid-statement, removes its spill files and replaces it", async () => {
    const victims = db.workerPids();
    // What a worker killed while spilling leaves behind: files in its own spill directory.
    const spills = victims.map((pid) => join(dataDir, "tmp", "duckdb", `${hostname()}-${pid}`));
    for (const spill of spills) {
      mkdirSync(spill, { recursive: true });
      writeFileSync(join(spill, "duckdb_temp_storage_S32K-0.tmp"), "spilled");
    }
    const endless = db.all("select count(*) from range(100000000000) a(x), range(1000) b(y) where x * y = -1");
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The statement went to one of them; both die.
    for (const pid of victims) process.kill(pid, "SIGKILL");
    await expect(endless).rejects.toBeInstanceOf(AnalyticsCrashError);
    await waitFor(() => (db.workerPids().length === 2 && db.workerPids().every((pid) => !victims.includes(pid)) ? true : undefined));
    await waitFor(() => (spills.every((spill) => !existsSync(spill)) ? true : undefined));
    await expect(db.all("select 42 as answer")).resolves.toEqual([{ answer: 42 }]);
  }, 60_000);

  it("retires a worker whose database DuckDB invalidated", async () => {
    // A Parquet schema nested past DuckDB's 255 levels: an INTERNAL error, after which that DuckDB refuses every statement.
    writeFileSync(join(dataDir, "deep300.json"), `[{"a":${'{"b":'.repeat(300)}1${"}".repeat(300)}}]`);
    const deepParquet = join(dataDir, "deep300.parquet");
    await db.run("copy (select * from read_json($1, format = 'auto', records = 'true')) to $2 (format parquet)", [join(dataDir, "deep300.json"), deepParquet]);
    const before = db.workerPids();
    await expect(db.all("select cast(a as varchar) as a from read_parquet($1)", [deepParquet])).rejects.toThrow(AnalyticsCrashError);
    await waitFor(() => (db.workerPids().length === 2 && db.workerPids().some((pid) => !before.includes(pid)) ? true : undefined));
    // Every worker answers: none is left with an invalidated database.
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => db.all("select ? as n", [i])));
    expect(answers.flat()).toEqual(Array.from({ length: 6 }, (_, n) => ({ n })));
    expect(existsSync(deepParquet)).toBe(true);
  }, 60_000);

  it("takes its workers down with the engine, even in the middle of a statement that never ends", async () => {
    const engine = spawn(process.execPath, ["--import", "tsx/esm", "testing/analytics-pool-process.ts"], { stdio: ["ignore", "pipe", "inherit"] });
    const [line] = (await once(engine.stdout, "data")) as [Buffer];
    const worker = Number(line.toString().trim());
    try {
      expect(isRunning(worker)).toBe(true);
      // Let the statement start, then kill the engine without any chance to clean up.
      await new Promise((resolve) => setTimeout(resolve, 300));
      engine.kill("SIGKILL");
      await waitFor(() => (isRunning(worker) ? undefined : true), 5_000);
    } finally {
      engine.kill("SIGKILL");
      if (isRunning(worker)) process.kill(worker, "SIGKILL");
    }
  }, 60_000);
});
