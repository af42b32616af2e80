import { afterAll, beforeAll } from "vitest";
import { createProducerQueues, type ProducerQueues } from "../core/queues.js";
import { createRedis, type Redis } from "../core/redis.js";
import { baseTestConfig, randomSuffix } from "./environment.js";

/** A key prefix and queue prefix no other test uses; its keys are deleted after the file. */
export function useRedisNamespace(): { keyPrefix: string; queuePrefix: string } {
  const id = randomSuffix();
  const namespace = { keyPrefix: `test:${id}:`, queuePrefix: `{test-${id}}` };
  afterAll(async () => {
    const redis = createRedis(baseTestConfig().REDIS_URL, "worker");
    try {
      await deleteByPattern(redis, `${namespace.keyPrefix}*`);
      await deleteByPattern(redis, `${namespace.queuePrefix}*`);
    } finally {
      await redis.quit();
    }
  });
  return namespace;
}

/** Producer queues in a namespace of their own for a test file, closed after it; read `.current` inside tests. */
export function useTestQueues(): { current: ProducerQueues } {
  const namespace = useRedisNamespace();
  const holder = {} as { current: ProducerQueues };
  let connection: Redis | undefined;
  beforeAll(() => {
    connection = createRedis(baseTestConfig().REDIS_URL, "worker");
    holder.current = createProducerQueues(connection, namespace.queuePrefix);
  });
  afterAll(async () => {
    await holder.current?.close();
    await connection?.quit();
  });
  return holder;
}

async function deleteByPattern(redis: Redis, pattern: string): Promise<void> {
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", pattern.replace(/[{}[\]]/g, "\\$&"), "COUNT", 500);
    cursor = next;
    if (keys.length) await redis.del(...keys);
  } while (cursor !== "0");
}
