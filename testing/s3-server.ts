import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";

/**
 * An S3-compatible server (s3rver) on a free local port with one empty bucket, for tests of
 * DATASET_STORAGE=s3: `env` holds the settings that point a gateway or an engine at it, and
 * `objectKeys` lists the bucket over the S3 protocol. `stop` closes it and removes its files (once; later calls do nothing).
 */
export interface S3Server {
  env: Record<string, string>;
  objectKeys: () => Promise<string[]>;
  stop: () => Promise<void>;
}

const BUCKET = "sluice-datasets-test";
// s3rver's own fixed credentials: it checks signatures made with them.
const CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export async function startS3Server(): Promise<S3Server> {
  const directory = mkdtempSync(join(tmpdir(), "sluice-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: BUCKET }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ region: "us-east-1", endpoint, forcePathStyle: true, credentials: CREDENTIALS });
  let stopped = false;
  return {
    env: {
      DATASET_STORAGE: "s3",
      DATASET_S3_ENDPOINT: endpoint,
      DATASET_S3_BUCKET: BUCKET,
      DATASET_S3_REGION: "us-east-1",
      DATASET_S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      DATASET_S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      DATASET_S3_FORCE_PATH_STYLE: "true",
    },
    async objectKeys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
      return (listed.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])).sort();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
