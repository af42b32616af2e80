import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import type { DATASET_COLUMN_TYPES, DatasetFormat } from "../../core/contracts/datasets.js";
import type { AnalyticsSession } from "./analytics-db.js";

/**
 * How DuckDB reads an uploaded file of each format, and the checks DuckDB's lenient readers
 * leave to us. The file path is always a bound parameter ($1).
 */

/** An upload that cannot be read as its format; its message is safe to show the client. */
export class UnreadableUploadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UnreadableUploadError";
  }
}

export type DatasetColumnType = (typeof DATASET_COLUMN_TYPES)[number];

export interface SourceColumn {
  name: string;
  /** DuckDB's type, e.g. BIGINT, VARCHAR, STRUCT(a INTEGER). */
  duckdbType: string;
  type: DatasetColumnType;
  /** The expression that stores the column in the dataset's Parquet file. */
  select: string;
}

const CSV = `read_csv($1, header = true, quote = '"', escape = '"')`;
/** The sniffer falls back to a single column when a comma layout does not parse; forcing commas surfaces why. */
const CSV_COMMAS = `read_csv($1, header = true, quote = '"', escape = '"', delim = ',')`;
const READERS: Record<DatasetFormat, string> = {
  csv: CSV,
  json: `read_json($1, format = 'auto', records = 'true')`,
  ndjson: `read_json($1, format = 'newline_delimited', records = 'true')`,
  parquet: `read_parquet($1)`,
};

/** The table function that reads the upload, after the format's own sanity checks. */
export async function chooseReader(session: AnalyticsSession, path: string, format: DatasetFormat): Promise<string> {
  if (format === "json") await assertCompleteJsonArray(path);
  if (format !== "csv") return READERS[format];
  await assertRectangularCsv(path);
  const columns = await describe(session, CSV, path, format);
  if (columns.length === 1 && (await firstLine(path)).includes(",")) {
    await describe(session, CSV_COMMAS, path, format);
    return CSV_COMMAS;
  }
  return CSV;
}

/** The columns of the upload, with their dataset types and the expressions that store them. */
export async function describe(session: AnalyticsSession, reader: string, path: string, format: DatasetFormat): Promise<SourceColumn[]> {
  const rows = await readOrExplain(format, () => session.all(`describe select * from ${reader}`, [path]));
  return rows.map((row) => {
    const name = String(row.column_name);
    const duckdbType = String(row.column_type);
    const { type, cast } = mapType(duckdbType);
    const ref = quoteIdentifier(name);
    return { name, duckdbType, type, select: cast ? `cast(${ref} as ${cast}) as ${ref}` : ref };
  });
}

/**
 * The columns typed as text that hold no value at all (every cell null or blank) become `empty`:
 * DuckDB reads such a column as VARCHAR or JSON, which would call it a string.
 */
export async function markEmptyColumns(session: AnalyticsSession, reader: string, path: string, columns: SourceColumn[]): Promise<SourceColumn[]> {
  const candidates = columns.filter((column) => column.type === "string");
  if (candidates.length === 0) return columns;
  const counts = candidates.map((column, i) => `count(nullif(trim(cast(${quoteIdentifier(column.name)} as varchar)), '')) as c${i}`);
  const [row] = await session.all(`select ${counts.join(", ")} from ${reader}`, [path]);
  const empty = new Set(candidates.filter((_, i) => Number(row?.[`c${i}`] ?? 1) === 0).map((column) => column.name));
  return columns.map((column) => (empty.has(column.name) ? { ...column, type: "empty" } : column));
}

/** Runs a DuckDB read and turns its reader errors into UnreadableUploadError (paths removed). */
export async function readOrExplain<T>(format: DatasetFormat, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Error && /^Out of Memory Error/.test(error.message)) {
      throw new UnreadableUploadError(`The file could not be read as ${format.toUpperCase()}: reading it needs more memory than an ingest may use (very many columns, or very long values).`);
    }
    if (error instanceof Error && /^(Invalid Input|Conversion|Parser|IO|Binder|Invalid) Error/.test(error.message)) {
      throw new UnreadableUploadError(`The file could not be read as ${format.toUpperCase()}: ${summariseReaderError(error.message)}`);
    }
    throw error;
  }
}

/**
 * DuckDB's reader error in a sentence or two: its first lines without the file's path, the
 * query excerpt or the list of suggested reader options (which name our options, not theirs).
 */
export function summariseReaderError(message: string): string {
  const kept: string[] = [];
  for (const raw of message.split("\n")) {
    const line = raw.trim();
    if (/^(LINE \d+:|Possible (fixes|Solution)|The search space used|\* |file =|delimiter =|quote =|Try (setting|increasing|using))/.test(line)) break;
    if (line) kept.push(line);
  }
  let text = kept
    .join(" ")
    .replace(/^(Invalid Input|Conversion|Parser|IO|Binder|Invalid) Error: /, "")
    .replace(/ (in|when sniffing)? ?file "[^"]*"/g, (_match, verb: string | undefined) => (verb === "when sniffing" ? " when reading the file" : ""))
    .replace(/"\/[^"]*"/g, "the file")
    .replace(/'\/[^']*'/g, "the file")
    .replace(/\s+/g, " ")
    .trim();
  // DuckDB's own vocabulary (its error classes, reader functions and options) means nothing to a client.
  text = text
    .replace(/\b(json_read|read_json|read_csv|read_parquet)\b expected records, but got non-record JSON instead\.?/g, "the top-level array mixes objects with other values; every row must be an object.")
    .replace(/ ?Try (setting|increasing|using) [^.]*\.?/g, "")
    .replace(/\b(DuckDB|Binder Error|Invalid Input Error|Conversion Error|Parser Error)\b:? ?/g, "")
    .replace(/\b(json_read|read_json|read_csv|read_parquet)\b/g, "the reader")
    .trim();
  if (/automatically detect the CSV parsing dialect/.test(text)) {
    text += " (check for an unterminated quote or rows with a different number of fields)";
  }
  return text.length > 400 ? `${text.slice(0, 397)}...` : text;
}

function mapType(duckdbType: string): { type: DatasetColumnType; cast?: string } {
  const base = duckdbType.toUpperCase();
  if (base === "BOOLEAN") return { type: "boolean" };
  if (["TINYINT", "SMALLINT", "INTEGER", "BIGINT", "UTINYINT", "USMALLINT", "UINTEGER"].includes(base)) return { type: "integer" };
  if (["UBIGINT", "HUGEINT", "UHUGEINT"].includes(base)) return { type: "number", cast: "DOUBLE" };
  if (base === "FLOAT" || base === "DOUBLE" || base.startsWith("DECIMAL")) return { type: "number" };
  if (base === "DATE") return { type: "date" };
  if (base.startsWith("TIMESTAMP")) return { type: "timestamp" };
  if (base === "VARCHAR") return { type: "string" };
  // Lists, structs, JSON, UUID, TIME, INTERVAL, BLOB...: stored as their text.
  return { type: "string", cast: "VARCHAR" };
}

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

async function firstLine(path: string): Promise<string> {
  const handle = await open(path, "r");
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead).toString("utf8").split(/\r?\n/, 1)[0] ?? "";
  } finally {
    await handle.close();
  }
}

/**
 * Every CSV row has as many fields as the header: DuckDB's sniffer, given ragged rows, guesses
 * another header or no rows at all, and the client is told "no data rows". Quoted fields may hold
 * commas and line breaks. Checked for comma-separated files (the header holds a comma).
 */
async function assertRectangularCsv(path: string): Promise<void> {
  const stream = createReadStream(path, { encoding: "utf8", highWaterMark: 1 << 20 });
  let line = 1;
  let fields = 1;
  let expected: number | null = null;
  let quoted = false;
  let empty = true;
  const endRow = () => {
    if (!empty) {
      if (expected === null) expected = fields;
      else if (fields !== expected) {
        throw new UnreadableUploadError(`The file could not be read as CSV: line ${line} has ${fields} field${fields === 1 ? "" : "s"}, the header has ${expected}; every row needs the same number of fields.`);
      }
    }
    fields = 1;
    empty = true;
  };
  for await (const chunk of stream as AsyncIterable<string>) {
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (c === 34) quoted = !quoted; // an escaped quote ("") toggles twice
      else if (quoted) continue;
      else if (c === 44) fields++;
      else if (c === 10) {
        endRow();
        line++;
        continue;
      } else if (c === 13) continue;
      empty = false;
    }
    if (expected === 1) {
      stream.destroy();
      return;
    }
  }
  // An unterminated quote: DuckDB's reader names it.
  if (!quoted) endRow();
}

/** DuckDB reads a truncated array ("[{...},") without complaint; a JSON array must be closed. */
async function assertCompleteJsonArray(path: string): Promise<void> {
  const handle = await open(path, "r");
  try {
    const { size } = await handle.stat();
    const headLength = Math.min(size, 4_096);
    const head = Buffer.alloc(headLength);
    await handle.read(head, 0, headLength, 0);
    const first = head.toString("utf8").replace(/^\uFEFF/, "").trimStart()[0];
    if (first !== "[") return;
    const tailLength = Math.min(size, 4_096);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    if (!tail.toString("utf8").trimEnd().endsWith("]")) {
      throw new UnreadableUploadError("The file could not be read as JSON: the top-level array is not closed (the file looks truncated).");
    }
  } finally {
    await handle.close();
  }
}
