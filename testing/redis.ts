import { afterAll } from "vitest";
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

async function deleteByPattern(redis: Redis, pattern: string): Promise<void> {
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", pattern.replace(/[{}[\]]/g, "\\$&"), "COUNT", 500);
    cursor = next;
    if (keys.length) await redis.del(...keys);
  } while (cursor !== "0");
}
