import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { basename, dirname } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { DeleteObjectCommand, GetObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { DatasetStorageConfig } from "../config.js";
import { DatasetObjectMissingError, type DatasetStore } from "./dataset-store.js";
import { scratchPath } from "./storage.js";

/** Parts of a multipart upload: 8 MiB each, 4 in flight, so an upload holds about 32 MiB of memory at most. */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 4;

/**
 * Dataset objects in an S3 bucket (AWS or S3-compatible), through the AWS SDK v3. Files are
 * streamed up as multipart uploads (lib-storage) and down into DATA_DIR/tmp/objects, where DuckDB
 * reads them; the copy is removed when its reader releases it.
 */
export function createS3Store(config: DatasetStorageConfig): DatasetStore {
  const bucket = config.DATASET_S3_BUCKET;
  if (!bucket) throw new Error("DATASET_S3_BUCKET is required when DATASET_STORAGE=s3");
  const client = new S3Client({
    region: config.DATASET_S3_REGION,
    forcePathStyle: config.DATASET_S3_FORCE_PATH_STYLE,
    ...(config.DATASET_S3_ENDPOINT ? { endpoint: config.DATASET_S3_ENDPOINT } : {}),
    ...(config.DATASET_S3_ACCESS_KEY_ID && config.DATASET_S3_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: config.DATASET_S3_ACCESS_KEY_ID, secretAccessKey: config.DATASET_S3_SECRET_ACCESS_KEY } }
      : {}),
    // Checksums only where the operation requires one: the SDK's default (a CRC trailer in
    // aws-chunked encoding on every upload) is refused or mis-stored by many S3-compatible servers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });

  return {
    kind: "s3",
    async putFile(key, localPath) {
      try {
        const upload = new Upload({ client, params: { Bucket: bucket, Key: key, Body: createReadStream(localPath) }, partSize: PART_BYTES, queueSize: PARTS_IN_FLIGHT });
        await upload.done();
      } finally {
        await rm(localPath, { force: true });
      }
    },
    async localCopy(key) {
      const path = scratchPath(config.DATA_DIR, "objects", `${randomUUID()}-${basename(key)}`);
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key })).catch((error: unknown) => {
        throw isMissing(error) ? new DatasetObjectMissingError(key) : error;
      });
      if (!(object.Body instanceof Readable)) throw new Error(`GetObject ${key} answered without a Node.js stream body`);
      await mkdir(dirname(path), { recursive: true });
      try {
        await pipeline(object.Body, createWriteStream(path));
      } catch (error) {
        await rm(path, { force: true });
        throw error;
      }
      return { path, copied: true, release: () => rm(path, { force: true }) };
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    close: () => client.destroy(),
  };
}

function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === "NoSuchKey" || error.$metadata.httpStatusCode === 404);
}
