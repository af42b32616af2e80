import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFilesystemStore } from "../../../core/datasets/filesystem-store.js";
import { startTestAnalytics } from "../../../testing/duckdb.js";
import type { AnalyticsDb } from "../analytics-db.js";
import { datasetSource, describeSource, inlineSource } from "./data-source.js";

describe("data sources", () => {
  let dataDir: string;
  let db: AnalyticsDb;
  const statements: string[] = [];
  /** The pool, recording each statement it is sent. */
  let recorded: AnalyticsDb;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "sluice-data-source-"));
    db = await startTestAnalytics({ DATA_DIR: dataDir });
    recorded = {
      ...db,
      all: (sql, params, options) => {
        statements.push(sql);
        return db.all(sql, params, options);
      },
      run: (sql, params, options) => {
        statements.push(sql);
        return db.run(sql, params, options);
      },
    };
  });
  afterAll(async () => {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("describes a dataset's file once, and again when the file changes", async () => {
    const path = join(dataDir, "dataset.parquet");
    await db.run("copy (select 1 as a, 'x' as b) to $1 (format parquet)", [path]);
    statements.length = 0;
    const first = await describeSource(recorded, datasetSource(await storedFile(path)), {});
    const second = await describeSource(recorded, datasetSource(await storedFile(path)), {});
    expect(first.map((column) => [column.name, column.kind])).toEqual([
      ["a", "number"],
      ["b", "string"],
    ]);
    expect(second).toEqual(first);
    expect(statements.filter((sql) => sql.startsWith("describe"))).toHaveLength(1);

    await db.run("copy (select timestamp '2024-01-01 10:00' as at, 2.5 as amount, 3 as n) to $1 (format parquet)", [path]);
    const rewritten = await describeSource(recorded, datasetSource(await storedFile(path)), {});
    expect(rewritten.map((column) => [column.name, column.kind])).toEqual([
      ["at", "time"],
      ["amount", "number"],
      ["n", "number"],
    ]);
  });

  it("reads inline rows from their JSON text with the types DuckDB infers, and leaves no file once disposed", async () => {
    const rows = [
      { day: "2024-01-01", value: 1.5, label: "a" },
      { day: "2024-01-02", value: 2, label: null },
      { day: "2024-01-03", value: null, label: "c" },
    ];
    const source = await inlineSource(db, dataDir, "an_inline1", JSON.stringify(rows), {});
    try {
      const columns = await describeSource(db, source, {});
      expect(columns.map((column) => [column.name, column.kind])).toEqual([
        ["day", "time"],
        ["value", "number"],
        ["label", "string"],
      ]);
      const read = await db.all(`select cast(day as varchar) as day, value, label from ${source.from} order by day`, source.params);
      expect(read).toEqual([
        { day: "2024-01-01", value: 1.5, label: "a" },
        { day: "2024-01-02", value: 2, label: null },
        { day: "2024-01-03", value: null, label: "c" },
      ]);
    } finally {
      await source.dispose();
    }
    expect(readdirSync(join(dataDir, "tmp", "analyses"))).toEqual([]);
  });
});

/** A file as the filesystem dataset store hands it to an analysis. */
function storedFile(path: string) {
  return createFilesystemStore(dirname(path)).localCopy(basename(path));
}
