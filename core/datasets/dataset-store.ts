/** A dataset object that is not in the store (deleted, lost, or never stored). */
export class DatasetObjectMissingError extends Error {
  constructor(readonly key: string) {
    super(`dataset object ${key} is not in storage`);
    this.name = "DatasetObjectMissingError";
  }
}

/** An object's bytes as a local file DuckDB can read; `release` removes the file if it was a copy. */
export interface LocalObject {
  path: string;
  /** True when `path` is a copy made for this reader (object storage), false when it is the stored file itself. */
  copied: boolean;
  release: () => Promise<void>;
}

/**
 * Where dataset objects live (DATASET_STORAGE, DESIGN.md section 8): a directory (DATA_DIR, shared
 * storage on several hosts) or an S3 bucket. Keys come from core/datasets/storage.ts. The
 * gateway's uploads, the engine's ingests and analyses, and deletion go through this only.
 */
export interface DatasetStore {
  readonly kind: "filesystem" | "s3";
  /** Stores a local file under `key`, replacing any object there, and removes the local file (also on failure). */
  putFile: (key: string, localPath: string) => Promise<void>;
  /** The object as a local file under DATA_DIR; throws DatasetObjectMissingError when it is not stored. */
  localCopy: (key: string) => Promise<LocalObject>;
  /** Removes the object; a missing one is not an error. */
  delete: (key: string) => Promise<void>;
  /** Closes connections (object storage). */
  close: () => void;
}
