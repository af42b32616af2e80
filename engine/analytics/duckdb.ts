import { resolve } from "node:path";
import { DuckDBInstance, DuckDBTypeId, type DuckDBConnection, type DuckDBValue } from "@duckdb/node-api";

/**
 * The engine's DuckDB (DESIGN.md section 8): one warm in-memory instance per engine process,
 * its threads and memory limit set, every statement with bound parameters. Each call runs on a
 * connection of its own (connections are cheap; the instance holds the caches), so calls never
 * share session state; `session` keeps one connection for a sequence of statements (temporary
 * tables). Values come back as plain JavaScript: numbers (BIGINT/HUGEINT as numbers when safe,
 * otherwise decimal strings), strings, booleans, null, DATE as "YYYY-MM-DD", timestamps as ISO
 * strings, lists as arrays and structs as objects.
 *
 * With `DATA_DIR` given, DuckDB may read and write files under that directory only (external
 * access off, configuration locked), and spills to DATA_DIR/tmp/duckdb.
 */
export type AnalyticsRow = Record<string, unknown>;

export interface AnalyticsCallOptions {
  /** Interrupts the statement after this long; the call then rejects with AnalyticsTimeoutError. */
  timeoutMs?: number;
  /** Interrupts the statement when aborted (rejects with AnalyticsTimeoutError as well). */
  signal?: AbortSignal;
}

export interface AnalyticsSession {
  all(sql: string, params?: unknown[]): Promise<AnalyticsRow[]>;
  run(sql: string, params?: unknown[]): Promise<void>;
}

export interface AnalyticsDb extends AnalyticsSession {
  all(sql: string, params?: unknown[], options?: AnalyticsCallOptions): Promise<AnalyticsRow[]>;
  run(sql: string, params?: unknown[], options?: AnalyticsCallOptions): Promise<void>;
  /** Several statements on one connection (temporary tables live until it ends). */
  session<T>(work: (session: AnalyticsSession) => Promise<T>, options?: AnalyticsCallOptions): Promise<T>;
  close(): Promise<void>;
}

/** A statement interrupted by its time limit or abort signal. */
export class AnalyticsTimeoutError extends Error {
  constructor(message = "the analytics statement was interrupted") {
    super(message);
    this.name = "AnalyticsTimeoutError";
  }
}

export interface AnalyticsDbConfig {
  DUCKDB_THREADS: number;
  DUCKDB_MEMORY_LIMIT: string;
  /** When set, the only directory DuckDB may touch. */
  DATA_DIR?: string;
}

export async function openAnalyticsDb(config: AnalyticsDbConfig): Promise<AnalyticsDb> {
  const instance = await DuckDBInstance.create(":memory:", {
    threads: String(config.DUCKDB_THREADS),
    memory_limit: config.DUCKDB_MEMORY_LIMIT,
    // json and parquet are built in; nothing is ever downloaded.
    autoinstall_known_extensions: "false",
    autoload_known_extensions: "false",
  });
  if (config.DATA_DIR) await confineToDirectory(instance, resolve(config.DATA_DIR));

  let closed = false;
  const open = new Set<DuckDBConnection>();

  async function withConnection<T>(options: AnalyticsCallOptions | undefined, work: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
    if (closed) throw new Error("the analytics database is closed");
    const connection = await instance.connect();
    open.add(connection);
    let interrupted = false;
    const interrupt = () => {
      interrupted = true;
      connection.interrupt();
    };
    const timer = options?.timeoutMs !== undefined ? setTimeout(interrupt, options.timeoutMs) : undefined;
    if (options?.signal?.aborted) interrupt();
    options?.signal?.addEventListener("abort", interrupt, { once: true });
    try {
      return await work(connection);
    } catch (error) {
      if (interrupted) throw new AnalyticsTimeoutError();
      throw error;
    } finally {
      clearTimeout(timer);
      options?.signal?.removeEventListener("abort", interrupt);
      open.delete(connection);
      connection.closeSync();
    }
  }

  const sessionOf = (connection: DuckDBConnection): AnalyticsSession => ({
    all: async (sql, params = []) => {
      const reader = await connection.runAndReadAll(sql, params.map(toDuckDBValue));
      return readRows(reader);
    },
    run: async (sql, params = []) => {
      await connection.run(sql, params.map(toDuckDBValue));
    },
  });

  return {
    all: (sql, params, options) => withConnection(options, (connection) => sessionOf(connection).all(sql, params)),
    run: (sql, params, options) => withConnection(options, (connection) => sessionOf(connection).run(sql, params)),
    session: (work, options) => withConnection(options, (connection) => work(sessionOf(connection))),
    close: async () => {
      if (closed) return;
      closed = true;
      for (const connection of open) connection.interrupt();
      instance.closeSync();
    },
  };
}

async function confineToDirectory(instance: DuckDBInstance, dataDir: string): Promise<void> {
  // DuckDB creates the spill directory itself, when it first needs it.
  const spill = resolve(dataDir, "tmp", "duckdb");
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

/** Parameters as DuckDB values: bigint stays bigint, Date becomes an ISO string, objects JSON. */
function toDuckDBValue(value: unknown): DuckDBValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return value;
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
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
