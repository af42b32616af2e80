import type { DatasetStorageConfig } from "../config.js";
import type { DatasetStore } from "./dataset-store.js";
import { createFilesystemStore } from "./filesystem-store.js";
import { createS3Store } from "./s3-store.js";

/** The dataset store DATASET_STORAGE names: DATA_DIR itself, or an S3 bucket with DATA_DIR as scratch. */
export function createDatasetStore(config: DatasetStorageConfig): DatasetStore {
  return config.DATASET_STORAGE === "s3" ? createS3Store(config) : createFilesystemStore(config.DATA_DIR);
}
