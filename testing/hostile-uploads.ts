import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { DatasetFormat } from "../core/contracts/datasets.js";
import { startTestAnalytics } from "./duckdb.js";

/**
 * Uploads built to crash, poison or exhaust DuckDB (issue 35), generated here rather than kept as
 * binaries. `crashesDuckDB`: DuckDB alone dies on it (SIGSEGV), or invalidates its database, or
 * never finishes; such files must be refused before DuckDB parses them. The others only make
 * DuckDB fail, and must fail their dataset with a clear message. Every one is answered 422
 * with a message matching `message`.
 */
export interface HostileUpload {
  name: string;
  format: DatasetFormat;
  body: Buffer;
  crashesDuckDB: boolean;
  message: RegExp;
}

const nestedObjects = (depth: number) => `${'{"b":'.repeat(depth)}1${"}".repeat(depth)}`;
const nestedArrays = (depth: number) => `${"[".repeat(depth)}1${"]".repeat(depth)}`;
const DEEP = /nested deeper than 64 levels/;

/** The audit's file: 30 KB of JSON nested 5,000 deep (`[{"a":{"b":{"b":...1}}}]`). */
export function auditJson(): string {
  return `[{"a":${nestedObjects(5_000)}}]`;
}

/** The hostile corpus; `workDir` is where the Parquet ones are written (a scratch directory, removed by the caller). */
export async function hostileUploads(workDir: string): Promise<HostileUpload[]> {
  const text = (name: string, format: DatasetFormat, body: string, crashesDuckDB: boolean, message: RegExp): HostileUpload => ({ name, format, body: Buffer.from(body), crashesDuckDB, message });
  const csvHeader = Array.from({ length: 100_000 }, (_, i) => `c${i}`).join(",");
  return [
    text("JSON objects nested 5,000 deep (the audit's file)", "json", auditJson(), true, DEEP),
    text("JSON arrays nested 100,000 deep", "json", `[{"a":${nestedArrays(100_000)}}]`, true, DEEP),
    text("NDJSON objects nested 5,000 deep after a valid line", "ndjson", `{"a":1}\n{"a":${nestedObjects(5_000)}}\n`, true, DEEP),
    text("NDJSON arrays nested 100,000 deep", "ndjson", `{"a":${nestedArrays(100_000)}}\n`, true, DEEP),
    ...(await parquetFiles(workDir)),
    text("CSV with a 20 MB line", "csv", `a,b\n1,${"x".repeat(20_000_000)}\n`, false, /could not be read as CSV/),
    text("CSV with a 10 MB quoted field over 5 million lines", "csv", `a,b\n1,"${"y\n".repeat(5_000_000)}"\n`, false, /could not be read as CSV/),
    text("CSV with 100,000 columns", "csv", `${csvHeader}\n${csvHeader.replace(/c\d+/g, "1")}\n`, false, /could not be read as CSV: reading it needs more memory/),
    text("NDJSON with a 40 MB line", "ndjson", `{"a":"${"z".repeat(40_000_000)}"}\n`, false, /could not be read as NDJSON: .*maximum_object_size/),
    text("JSON with 100,000 keys in one record", "json", `[{${Array.from({ length: 100_000 }, (_, i) => `"k${i}":1`).join(",")}}]`, false, /could not be read as JSON/),
    text("JSON with a key repeated 1,000 times", "json", `[{${Array.from({ length: 1_000 }, () => '"a":1').join(",")}}]`, false, /could not be read as JSON: .*duplicate key/),
    { name: "CSV that is not UTF-8", format: "csv", body: Buffer.concat([Buffer.from("a,b\n1,"), Buffer.from([0xff, 0xfe, 0xc3, 0x28]), Buffer.from("\n2,3\n")]), crashesDuckDB: false, message: /could not be read as CSV: .*utf-8/i },
  ];
}

/**
 * Parquet schemas nested 100 levels (over the limit) and 300 levels (past DuckDB's 255: an
 * INTERNAL error that invalidates its database), a footer of junk and a file cut in half.
 */
async function parquetFiles(workDir: string): Promise<HostileUpload[]> {
  const duck = await startTestAnalytics({ DATA_DIR: workDir });
  const parquet = (name: string, body: Buffer, crashesDuckDB: boolean, message: RegExp): HostileUpload => ({ name, format: "parquet", body, crashesDuckDB, message });
  try {
    const files: HostileUpload[] = [];
    for (const depth of [100, 300]) {
      const json = join(workDir, `deep-${depth}.json`);
      const path = join(workDir, `deep-${depth}.parquet`);
      writeFileSync(json, `[{"a":${nestedObjects(depth)}}]`);
      await duck.run("copy (select * from read_json($1, format = 'auto', records = 'true')) to $2 (format parquet)", [json, path]);
      files.push(parquet(`Parquet schema nested ${depth} deep`, readFileSync(path), depth > 255, /Parquet file's schema is nested deeper than 64 levels/));
    }
    const whole = join(workDir, "whole.parquet");
    await duck.run("copy (select range as n, 'row ' || range as label from range(100000)) to $1 (format parquet)", [whole]);
    const bytes = readFileSync(whole);
    files.push(parquet("Parquet cut in half", bytes.subarray(0, Math.floor(bytes.length / 2)), false, /could not be read as PARQUET/));
    const junk = Buffer.concat([Buffer.from("PAR1"), Buffer.alloc(2_000, 0xff), Buffer.from(Uint32Array.of(1_000).buffer), Buffer.from("PAR1")]);
    files.push(parquet("Parquet with a footer of junk", junk, false, /could not be read as PARQUET: its footer/));
    return files;
  } finally {
    await duck.close();
  }
}
