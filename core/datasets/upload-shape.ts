import { createReadStream } from "node:fs";
import { createNestingScanner } from "./json-nesting.js";
import { ParquetFooterError, readParquetShape } from "./parquet-footer.js";
import type { DatasetFormat } from "../contracts/datasets.js";

/**
 * Checks an uploaded file before DuckDB parses it (DESIGN.md section 8, "Isolation"). DuckDB's
 * readers recurse natively: a JSON or NDJSON file nested a few thousand levels deep crashes the
 * process (a 30 KB file is enough), and a Parquet schema nested a few hundred levels deep
 * invalidates the whole database or never finishes. The gateway runs this check before it
 * accepts an upload (422), and the engine again before it ingests one.
 */

/** The deepest nesting an upload may have: arrays and objects in JSON, levels of the schema in Parquet. */
export const MAX_UPLOAD_DEPTH = 64;

/** Why the file is refused (a sentence the client can act on), or undefined when DuckDB may read it. */
export async function checkUploadShape(path: string, format: DatasetFormat): Promise<string | undefined> {
  switch (format) {
    case "json":
    case "ndjson":
      return (await nestedDeeperThan(path, MAX_UPLOAD_DEPTH)) ? `The ${format.toUpperCase()} file is nested deeper than ${MAX_UPLOAD_DEPTH} levels.` : undefined;
    case "parquet":
      return parquetProblem(path);
    case "csv":
      // DuckDB's CSV reader has no recursion; its errors (long lines, huge fields) are clear.
      return undefined;
  }
}

async function nestedDeeperThan(path: string, limit: number): Promise<boolean> {
  const scanner = createNestingScanner(limit);
  const stream = createReadStream(path, { highWaterMark: 256 * 1024 });
  try {
    for await (const chunk of stream) {
      if (!(chunk instanceof Uint8Array)) throw new TypeError("expected bytes from the file");
      if (scanner.push(chunk)) return true;
    }
    return false;
  } finally {
    stream.destroy();
  }
}

async function parquetProblem(path: string): Promise<string | undefined> {
  try {
    const shape = await readParquetShape(path);
    if (shape.depth > MAX_UPLOAD_DEPTH) return `The Parquet file's schema is nested deeper than ${MAX_UPLOAD_DEPTH} levels.`;
    return undefined;
  } catch (error) {
    if (error instanceof ParquetFooterError) return `The file could not be read as PARQUET: ${error.message}.`;
    throw error;
  }
}
