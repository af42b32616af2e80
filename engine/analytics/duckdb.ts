import { resolve } from "node:path";
import { DuckDBInstance, DuckDBTypeId, type DuckDBConnection, type DuckDBValue } from "@duckdb/node-api";
import type { AnalyticsRow } from "./analytics-db.js";

/**
 * DuckDB inside an analytics worker process (analytics-worker.ts), the only code that loads it:
 * one warm in-memory instance with its threads and memory limit set, statements with bound
 * parameters, rows converted to plain JavaScript.
 *
 * With `DATA_DIR` given, DuckDB may read and write files under that directory only (external
 * access off, configuration locked), and spills to `spillDirectory` (a directory of its own
 * under DATA_DIR/tmp/duckdb, so workers never share spill files).
 */
export interface DuckDBSettings {
  DUCKDB_THREADS: number;
  DUCKDB_MEMORY_LIMIT: string;
  /** When set, the only directory DuckDB may touch. */
  DATA_DIR?: string | undefined;
  /** Where DuckDB spills, under DATA_DIR. */
  spillDirectory?: string | undefined;
}

export type StatementParam = string | number | boolean | bigint | null;

export async function openDuckDB(settings: DuckDBSettings): Promise<DuckDBInstance> {
  const instance = await DuckDBInstance.create(":memory:", {
    threads: String(settings.DUCKDB_THREADS),
    memory_limit: settings.DUCKDB_MEMORY_LIMIT,
    // json and parquet are built in; nothing is ever downloaded.
    autoinstall_known_extensions: "false",
    autoload_known_extensions: "false",
  });
  if (settings.DATA_DIR) await confineToDirectory(instance, resolve(settings.DATA_DIR), settings.spillDirectory);
  return instance;
}

async function confineToDirectory(instance: DuckDBInstance, dataDir: string, spillDirectory: string | undefined): Promise<void> {
  // DuckDB creates the spill directory itself, when it first needs it.
  const spill = resolve(spillDirectory ?? resolve(dataDir, "tmp", "duckdb"));
  if (!spill.startsWith(`${dataDir}/`)) throw new Error("the spill directory must be under DATA_DIR");
  const connection = await instance.connect();
  try {
    // SET takes no bound parameters: the values are quoted as SQL string literals here.
    await connection.run(`SET allowed_directories = [${sqlString(`${dataDir}/`)}]`);
    await connection.run(`SET temp_directory = ${sqlString(spill)}`);
    await connection.run("SET enable_external_access = false");
    await connection.run("SET lock_configuration = true");
  } finally {
    connection.closeSync();
  }
}

const sqlString = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** Runs one statement; `all` returns its rows as plain JavaScript, `run` none. */
export async function runStatement(connection: DuckDBConnection, op: "all" | "run", sql: string, params: readonly StatementParam[]): Promise<AnalyticsRow[]> {
  const values: DuckDBValue[] = [...params];
  if (op === "run") {
    await connection.run(sql, values);
    return [];
  }
  return readRows(await connection.runAndReadAll(sql, values));
}

/**
 * DuckDB errors after which the instance refuses every further statement ("database has been
 * invalidated"): its worker must be replaced.
 */
export function isFatalDuckDBError(message: string): boolean {
  return /^(INTERNAL|FATAL) Error/.test(message);
}

type Reader = Awaited<ReturnType<DuckDBConnection["runAndReadAll"]>>;

function readRows(reader: Reader): AnalyticsRow[] {
  const names = reader.deduplicatedColumnNames();
  const dateColumns = new Set(names.filter((_, index) => reader.columnTypeId(index) === DuckDBTypeId.DATE));
  return reader.getRowObjectsJS().map((row) => {
    const plain: AnalyticsRow = {};
    for (const name of names) {
      const value = row[name];
      plain[name] = dateColumns.has(name) && value instanceof Date ? value.toISOString().slice(0, 10) : toPlain(value);
    }
    return plain;
  });
}

/** Converts a value of DuckDB's JS conversion into JSON-friendly JavaScript. */
export function toPlain(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === "bigint") return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return Buffer.from(value).toString("base64");
  if (Array.isArray(value)) return value.map(toPlain);
  if (typeof value === "object") {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, inner]) => [key, toPlain(inner)]));
  }
  return value;
}
