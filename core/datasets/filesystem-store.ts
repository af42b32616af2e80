import { mkdir, rename, rm, stat } from "node:fs/promises";
import { dirname } from "node:path";
import { DatasetObjectMissingError, type DatasetStore } from "./dataset-store.js";
import { resolveStoragePath } from "./storage.js";

/** Dataset objects as files under DATA_DIR: a key is a path relative to it. */
export function createFilesystemStore(dataDir: string): DatasetStore {
  return {
    kind: "filesystem",
    async putFile(key, localPath) {
      const target = resolveStoragePath(dataDir, key);
      try {
        await mkdir(dirname(target), { recursive: true });
        // Scratch files live under DATA_DIR/tmp, so this is a rename on one filesystem: atomic.
        await rename(localPath, target);
      } catch (error) {
        await rm(localPath, { force: true });
        throw error;
      }
    },
    async localCopy(key) {
      const path = resolveStoragePath(dataDir, key);
      const found = await stat(path).catch((error: unknown) => {
        if (error instanceof Error && "code" in error && error.code === "ENOENT") return undefined;
        throw error;
      });
      if (!found?.isFile()) throw new DatasetObjectMissingError(key);
      return { path, copied: false, release: async () => undefined };
    },
    async delete(key) {
      await rm(resolveStoragePath(dataDir, key), { force: true });
    },
    close: () => undefined,
  };
}
