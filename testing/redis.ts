import { afterAll, beforeAll } from "vitest";
import { createProducerQueues, type ProducerQueues } from "../core/queues.js";
import { connectRedis, escapeGlob, scanKeys, type Redis } from "../core/redis.js";
import { baseTestConfig, randomSuffix } from "./environment.js";

/** A key prefix and queue prefix no other test uses; its keys are deleted after the file. */
export function useRedisNamespace(): { keyPrefix: string; queuePrefix: string } {
  const id = randomSuffix();
  const namespace = { keyPrefix: `test:${id}:`, queuePrefix: `{test-${id}}` };
  afterAll(async () => {
    const redis = connectRedis(baseTestConfig(), "worker");
    try {
      await deleteByPrefix(redis, namespace.keyPrefix);
      await deleteByPrefix(redis, namespace.queuePrefix);
    } finally {
      await redis.quit();
    }
  });
  return namespace;
}

/** Producer queues in a namespace of their own (or `namespace`) for a test file, closed after it; read `.current` inside tests. */
export function useTestQueues(namespace: { queuePrefix: string } = useRedisNamespace()): { current: ProducerQueues } {
  const holder = {} as { current: ProducerQueues };
  let connection: Redis | undefined;
  beforeAll(() => {
    connection = connectRedis(baseTestConfig(), "worker");
    holder.current = createProducerQueues(connection, namespace.queuePrefix);
  });
  afterAll(async () => {
    await holder.current?.close();
    await connection?.quit();
  });
  return holder;
}

/** Deletes key by key: on a cluster, one DEL may not name keys of several slots. */
async function deleteByPrefix(redis: Redis, prefix: string): Promise<void> {
  const keys = await scanKeys(redis, `${escapeGlob(prefix)}*`, 500);
  await Promise.all(keys.map((key) => redis.unlink(key)));
}
