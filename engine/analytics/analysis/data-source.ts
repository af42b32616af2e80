import { mkdir, rm, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import type { AnalyticsCallOptions, AnalyticsDb } from "../analytics-db.js";

/**
 * Where an analysis reads its rows with DuckDB: a dataset's Parquet file, or the request's
 * inline rows written as NDJSON under DATA_DIR/tmp (DuckDB may touch DATA_DIR only). `from` is a
 * table expression with one `?` placeholder, bound to `params`; file paths are never in the SQL.
 */
export interface DataSource {
  from: string;
  params: unknown[];
  /** Removes what the source wrote (the inline rows' file). */
  dispose: () => Promise<void>;
}

/**
 * Raised for input an analysis cannot use (unknown or unsuitable columns, an impossible grain,
 * too little data); `field` names the request field at fault, when one is.
 */
export class AnalysisInputError extends Error {
  constructor(
    message: string,
    readonly field?: "time_column" | "value_column" | "time_grain",
  ) {
    super(message);
  }
}

export function parquetSource(absolutePath: string): DataSource {
  return { from: "read_parquet(?)", params: [absolutePath], dispose: async () => undefined };
}

export async function inlineSource(dataDir: string, analysisId: string, rows: readonly unknown[]): Promise<DataSource> {
  if (!/^an_[A-Za-z0-9]+$/.test(analysisId)) throw new Error("unsafe analysis id");
  const path = resolve(dataDir, "tmp", "analyses", `${analysisId}.ndjson`);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, rows.map((row) => JSON.stringify(row)).join("\n") + "\n");
  return {
    from: "read_json(?, format = 'newline_delimited', sample_size = -1)",
    params: [path],
    dispose: () => rm(path, { force: true }),
  };
}

export type ColumnKind = "number" | "time" | "string" | "boolean" | "other";

export interface SourceColumn {
  name: string;
  kind: ColumnKind;
  sqlType: string;
}

const NUMERIC_TYPE = /^(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|UHUGEINT|FLOAT|DOUBLE|DECIMAL.*)$/;
const TIME_TYPE = /^(DATE|TIMESTAMP.*)$/;

function kindOf(sqlType: string): ColumnKind {
  if (NUMERIC_TYPE.test(sqlType)) return "number";
  if (TIME_TYPE.test(sqlType)) return "time";
  if (sqlType === "VARCHAR") return "string";
  if (sqlType === "BOOLEAN") return "boolean";
  return "other";
}

export async function describeSource(db: AnalyticsDb, source: DataSource, call: AnalyticsCallOptions): Promise<SourceColumn[]> {
  const rows = await db.all(`describe select * from ${source.from}`, source.params, call);
  return rows.map((row) => {
    const sqlType = String(row.column_type);
    return { name: String(row.column_name), kind: kindOf(sqlType), sqlType };
  });
}

/** A column name as a quoted SQL identifier (names cannot be bound; they come from DESCRIBE). */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
