import { afterAll, beforeAll } from "vitest";
import type { GatewayConfig } from "../core/config.js";
import { createLogger } from "../core/logger.js";
import { createProducerQueues, type ProducerQueues } from "../core/queues.js";
import { createRedis, type Redis } from "../core/redis.js";
import { createApp } from "../gateway/app.js";
import { useTestDatabase, type TestDatabase } from "./database.js";
import { testGatewayConfig } from "./environment.js";
import { useRedisNamespace } from "./redis.js";

export interface TestApp {
  app: Awaited<ReturnType<typeof createApp>>;
  config: GatewayConfig;
  database: TestDatabase;
  redis: Redis;
  queues: ProducerQueues;
  /** Every log line the app wrote (debug and up). */
  logs: string[];
}

/** The real gateway app over a cloned database and a private Redis namespace, for app.request(). */
export function useTestApp(overrides: Record<string, string> = {}): { current: TestApp } {
  const database = useTestDatabase();
  const namespace = useRedisNamespace();
  const holder = {} as { current: TestApp };
  let producer: Redis | undefined;
  beforeAll(async () => {
    const config = testGatewayConfig({
      DATABASE_URL: database.current.url,
      REDIS_KEY_PREFIX: namespace.keyPrefix,
      QUEUE_PREFIX: namespace.queuePrefix,
      ...overrides,
    });
    const redis = createRedis(config.REDIS_URL, "client", { keyPrefix: config.REDIS_KEY_PREFIX, enableOfflineQueue: true });
    producer = createRedis(config.REDIS_URL, "worker");
    const queues = createProducerQueues(producer, config.QUEUE_PREFIX);
    const logs: string[] = [];
    const logger = createLogger({ level: "debug", name: "test", destination: { write: (line: string) => void logs.push(line) } });
    const app = await createApp({ config, db: database.current.db, redis, queues, logger, isShuttingDown: () => false });
    holder.current = { app, config, database: database.current, redis, queues, logs };
  });
  afterAll(async () => {
    if (!holder.current) return;
    await holder.current.queues.close();
    await producer?.quit();
    await holder.current.redis.quit();
  });
  return holder;
}
