import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import type { LocalObject } from "../../../core/datasets/dataset-store.js";
import type { AnalyticsCallOptions, AnalyticsDb } from "../analytics-db.js";

/**
 * Where an analysis reads its rows with DuckDB: a Parquet file, a ready dataset's or one made of
 * the request's inline rows under DATA_DIR/tmp (DuckDB may touch DATA_DIR only). `from` is a
 * table expression with one `?` placeholder, bound to `params`; file paths are never in the SQL.
 */
export interface DataSource {
  from: string;
  params: unknown[];
  /** A file that never changes while its path and mtime stay the same: its columns are described once (describeSource). */
  immutableFile?: string;
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

/**
 * A ready dataset's Parquet file: written once by its ingest, never changed. A stored file is
 * described once; a copy from object storage has a new name each time, so is not remembered.
 */
export function datasetSource(file: LocalObject): DataSource {
  return { ...parquetFile(file.path), ...(file.copied ? {} : { immutableFile: file.path }), dispose: file.release };
}

function parquetFile(absolutePath: string): Pick<DataSource, "from" | "params"> {
  return { from: "read_parquet(?)", params: [absolutePath] };
}

/**
 * Inline rows (a JSON array's text, as PostgreSQL stores the request) as a source. DuckDB parses
 * the JSON once, into a Parquet file every statement of the analysis then reads: parsing JSON is
 * most of the work of a small analysis, and each statement would otherwise parse it again.
 */
export async function inlineSource(db: AnalyticsDb, dataDir: string, analysisId: string, rowsJson: string, call: AnalyticsCallOptions): Promise<DataSource> {
  if (!/^an_[A-Za-z0-9]+$/.test(analysisId)) throw new Error("unsafe analysis id");
  const json = resolve(dataDir, "tmp", "analyses", `${analysisId}.json`);
  const parquet = resolve(dataDir, "tmp", "analyses", `${analysisId}.parquet`);
  const dispose = () => rm(parquet, { force: true });
  await mkdir(dirname(json), { recursive: true });
  await writeFile(json, rowsJson);
  try {
    await db.run("copy (select * from read_json($1, format = 'array', sample_size = -1)) to $2 (format parquet)", [json, parquet], call);
  } catch (error) {
    await dispose();
    throw error;
  } finally {
    await rm(json, { force: true });
  }
  return { ...parquetFile(parquet), dispose };
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

/** The columns of immutable files already described, by path; an entry holds while the file's mtime and size match. */
const describedFiles = new Map<string, { version: string; columns: SourceColumn[] }>();
/** Files whose columns are remembered (the least recently described go first). */
const DESCRIBED_FILES_KEPT = 256;

/** The source's columns; an immutable file's are remembered, so repeated analyses of a dataset skip DESCRIBE. */
export async function describeSource(db: AnalyticsDb, source: DataSource, call: AnalyticsCallOptions): Promise<SourceColumn[]> {
  if (!source.immutableFile) return describeWithDuckDB(db, source, call);
  const path = source.immutableFile;
  const { mtimeMs, size } = await stat(path);
  const version = `${mtimeMs}:${size}`;
  const known = describedFiles.get(path);
  if (known?.version === version) return known.columns;
  const columns = await describeWithDuckDB(db, source, call);
  describedFiles.delete(path);
  describedFiles.set(path, { version, columns });
  for (const oldest of describedFiles.keys()) {
    if (describedFiles.size <= DESCRIBED_FILES_KEPT) break;
    describedFiles.delete(oldest);
  }
  return columns;
}

async function describeWithDuckDB(db: AnalyticsDb, source: DataSource, call: AnalyticsCallOptions): Promise<SourceColumn[]> {
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
