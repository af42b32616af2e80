import { resolve, sep } from "node:path";
import type { DatasetFormat } from "../contracts/datasets.js";

/**
 * Where dataset files live under DATA_DIR (DESIGN.md section 8), shared by the gateway (which
 * streams uploads) and the engine (which ingests them):
 *   uploads/<dataset id>.<ext>                  the raw upload, deleted once ingested
 *   datasets/<user id>/<dataset id>.parquet     the dataset; datasets.storage_path is this, relative
 * Ids are checked before they become path segments, so no path ever leaves DATA_DIR.
 */

const SAFE_SEGMENT = /^[A-Za-z0-9_]{1,64}$/;

function segment(value: string): string {
  if (!SAFE_SEGMENT.test(value)) throw new Error(`unsafe path segment: ${JSON.stringify(value)}`);
  return value;
}

export function uploadPath(dataDir: string, datasetId: string, format: DatasetFormat): string {
  return resolve(dataDir, "uploads", `${segment(datasetId)}.${format}`);
}

/** The datasets.storage_path of a dataset (relative to DATA_DIR). */
export function datasetStoragePath(userId: string, datasetId: string): string {
  return `datasets/${segment(userId)}/${segment(datasetId)}.parquet`;
}

/** The absolute path of a storage_path, refusing anything that would resolve outside DATA_DIR. */
export function resolveStoragePath(dataDir: string, storagePath: string): string {
  const root = resolve(dataDir);
  const full = resolve(root, storagePath);
  if (!full.startsWith(root + sep)) throw new Error("storage path outside DATA_DIR");
  return full;
}
