import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFilesystemStore } from "../../../core/datasets/filesystem-store.js";
import { startTestAnalytics } from "../../../testing/duckdb.js";
import type { AnalyticsDb } from "../analytics-db.js";
import { datasetSource } from "./data-source.js";
import { grainBuckets } from "./grain-buckets.js";

describe("every grain's calendar and buckets in one statement", () => {
  let dataDir: string;
  let db: AnalyticsDb;
  let path: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "sluice-grain-buckets-"));
    db = await startTestAnalytics({ DATA_DIR: dataDir });
    path = join(dataDir, "rows.parquet");
    // Three readings on 2026-01-01 (one without a value, two in the same second), one on 2026-01-03, one undated.
    await db.run(
      `copy (select * from (values
         (timestamp '2026-01-01 10:15:30', 1.5), (timestamp '2026-01-01 10:15:30', 2.5), (timestamp '2026-01-01 23:59:00', null),
         (timestamp '2026-01-03 00:00:00', 4.0), (null, 100.0)) as t(stamp, v)) to $1 (format parquet)`,
      [path],
    );
  });
  afterAll(async () => {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const read = (maxPeriods: number, value: string | null = "v") => ({ time: "stamp", value, where: "stamp is not null", params: [], maxPeriods });

  it("totals each period, rolled up exactly from the finer grains", async () => {
    const found = await grainBuckets(db, datasetSource(await storedFile(path)), read(10_000), {});
    expect(found.buckets("day")).toEqual([
      { bucket: new Date("2026-01-01T00:00:00Z"), total: 4, values: 2, rows: 3 },
      { bucket: new Date("2026-01-03T00:00:00Z"), total: 4, values: 1, rows: 1 },
    ]);
    expect(found.buckets("hour").map((b) => [b.bucket.toISOString(), b.rows])).toEqual([
      ["2026-01-01T10:00:00.000Z", 2],
      ["2026-01-01T23:00:00.000Z", 1],
      ["2026-01-03T00:00:00.000Z", 1],
    ]);
    expect(found.buckets("year")).toEqual([{ bucket: new Date("2026-01-01T00:00:00Z"), total: 8, values: 3, rows: 4 }]);
    expect(found.calendars.find((c) => c.grain === "day")).toEqual({ grain: "day", periods: 3, filled: 2 });
    expect(found.calendars.find((c) => c.grain === "week")).toEqual({ grain: "week", periods: 1, filled: 1 });
  });

  it("gives the calendar of a grain over the limit but not its buckets, and counts rows without a value column", async () => {
    const found = await grainBuckets(db, datasetSource(await storedFile(path)), read(40, null), {});
    expect(found.calendars.find((c) => c.grain === "hour")).toEqual({ grain: "hour", periods: 39, filled: 3 });
    expect(found.calendars.find((c) => c.grain === "minute")).toEqual({ grain: "minute", periods: 2_266, filled: 3 });
    expect(found.buckets("minute")).toEqual([]);
    expect(found.buckets("hour")).toHaveLength(3);
    expect(found.buckets("day").map((b) => [b.total, b.values, b.rows])).toEqual([
      [null, 0, 3],
      [null, 0, 1],
    ]);
  });
});

/** A file as the filesystem dataset store hands it to an analysis. */
function storedFile(path: string) {
  return createFilesystemStore(dirname(path)).localCopy(basename(path));
}
