import { afterAll, beforeAll } from "vitest";
import type { GatewayConfig } from "../core/config.js";
import { createLogger } from "../core/logger.js";
import { captureLog } from "./captured-logs.js";
import { createProducerQueues, type ProducerQueues } from "../core/queues.js";
import { connectRedis, type Redis } from "../core/redis.js";
import { createApp } from "../gateway/app.js";
import { useTestDatabase, type TestDatabase } from "./database.js";
import { waitFor } from "./wait-for.js";
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
  /** The metered path's clock: real time until a test sets it. */
  clock: TestClock;
}

export interface TestClock {
  now: () => Date;
  /** Freezes the clock at `at`, or returns to real time with null. */
  set: (at: Date | null) => void;
  advance: (ms: number) => void;
}

export function createTestClock(): TestClock {
  let frozen: Date | null = null;
  return {
    now: () => frozen ?? new Date(),
    set: (at) => {
      frozen = at;
    },
    advance: (ms) => {
      frozen = new Date((frozen ?? new Date()).getTime() + ms);
    },
  };
}

/** The real gateway app over a cloned database and a private Redis namespace, for app.request(). */
export function useTestApp(overrides: Record<string, string> = {}): { current: TestApp } {
  const database = useTestDatabase();
  const namespace = useRedisNamespace();
  const holder = {} as { current: TestApp };
  let producer: Redis | undefined;
  let subscriber: Redis | undefined;
  beforeAll(async () => {
    const config = testGatewayConfig({
      DATABASE_URL: database.current.url,
      REDIS_KEY_PREFIX: namespace.keyPrefix,
      QUEUE_PREFIX: namespace.queuePrefix,
      ...overrides,
    });
    const redis = connectRedis(config, "client", { keyPrefix: config.REDIS_KEY_PREFIX, enableOfflineQueue: true });
    producer = connectRedis(config, "worker");
    const queues = createProducerQueues(producer, config.QUEUE_PREFIX);
    const logs: string[] = [];
    const logger = createLogger({
      level: "debug",
      name: "test",
      destination: {
        write: (line: string) => {
          logs.push(line);
          captureLog("app", line);
        },
      },
    });
    subscriber = connectRedis(config, "worker");
    const clock = createTestClock();
    const app = await createApp({ config, db: database.current.db, redis, queues, plainRedis: producer, subscriber, logger, isShuttingDown: () => false, now: clock.now });
    holder.current = { app, config, database: database.current, redis, queues, logs, clock };
  });
  afterAll(async () => {
    if (!holder.current) return;
    await holder.current.queues.close();
    await producer?.quit();
    await subscriber?.quit();
    await holder.current.redis.quit();
  });
  return holder;
}

/** What createKeyedAccount gives as `authorization`. */
export type Auth = { Authorization: string };

/**
 * `call(auth, method, path, body?)`: a request to the test app with the key's bearer token; an
 * object body is sent as JSON, a string as it is (for malformed JSON).
 */
export function createApiCaller(testApp: { current: TestApp }) {
  return async (auth: Auth, method: string, path: string, body?: unknown): Promise<Response> =>
    testApp.current.app.request(path, {
      method,
      headers: { ...auth, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
    });
}

/**
 * The account's usage-threshold notices (80, 90, 100 %), once `count` of them are recorded and
 * each one's e-mail is queued. They run off the request path, so a test that crosses a threshold
 * waits for them before it checks them, and before its suite closes the app's connections.
 */
export async function queuedThresholdNotices(testApp: TestApp, userId: string, count: number): Promise<number[]> {
  const { db } = testApp.database;
  const emailQueue = testApp.queues.get("email");
  return waitFor(async () => {
    const notified = await db.selectFrom("usage_thresholds_notified").select("threshold").where("user_id", "=", userId).orderBy("threshold").execute();
    if (notified.length < count) return undefined;
    const mails = await db
      .selectFrom("email_outbox")
      .innerJoin("users", "users.email", "email_outbox.to_address")
      .select("email_outbox.id")
      .where("users.id", "=", userId)
      .where("email_outbox.template", "=", "usage-threshold")
      .execute();
    const queued = await Promise.all(mails.map((mail) => emailQueue.getJob(mail.id)));
    return mails.length === notified.length && queued.every(Boolean) ? notified.map((row) => row.threshold) : undefined;
  });
}
