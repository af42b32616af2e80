import { resolve, sep } from "node:path";
import type { DatasetFormat } from "../contracts/datasets.js";

/**
 * The keys of dataset objects (DESIGN.md section 8), shared by the gateway (which stores uploads)
 * and the engine (which ingests them), the same in every DatasetStore:
 *   uploads/<dataset id>.<ext>                  the raw upload, deleted once ingested
 *   datasets/<user id>/<dataset id>.parquet     the dataset; datasets.storage_path is this key
 * Ids are checked before they become key segments, so no key ever leaves its prefix.
 */

const SAFE_SEGMENT = /^[A-Za-z0-9_]{1,64}$/;

function segment(value: string): string {
  if (!SAFE_SEGMENT.test(value)) throw new Error(`unsafe path segment: ${JSON.stringify(value)}`);
  return value;
}

/** The key of a dataset's raw upload, until its ingest has read it. */
export function uploadKey(datasetId: string, format: DatasetFormat): string {
  return `uploads/${segment(datasetId)}.${format}`;
}

/** The datasets.storage_path of a dataset: the key of its Parquet file. */
export function datasetStoragePath(userId: string, datasetId: string): string {
  return `datasets/${segment(userId)}/${segment(datasetId)}.parquet`;
}

/** The absolute path of a key under `directory` (DATA_DIR), refusing anything that would resolve outside it. */
export function resolveStoragePath(directory: string, key: string): string {
  const root = resolve(directory);
  const full = resolve(root, key);
  if (!full.startsWith(root + sep)) throw new Error("storage path outside DATA_DIR");
  return full;
}

/** Where a process keeps local copies and files on their way to the store: DATA_DIR/tmp/<purpose>, which DuckDB may read. */
export function scratchPath(dataDir: string, purpose: "uploads" | "objects" | "ingest", name: string): string {
  return resolveStoragePath(dataDir, `tmp/${purpose}/${name}`);
}
