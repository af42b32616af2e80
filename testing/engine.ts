import { QueueEvents } from "bullmq";
import { afterAll, beforeAll } from "vitest";
import { EngineConfigSchema, parseConfig, readEnvironment, type EngineConfig } from "../core/config.js";
import { QUEUES, type JobPayload, type QueueKey } from "../core/jobs.js";
import { createLogger } from "../core/logger.js";
import { captureLog } from "./captured-logs.js";
import { createProducerQueues, type ProducerQueues } from "../core/queues.js";
import { connectRedis, type Redis } from "../core/redis.js";
import { startEngine, type RunningEngine } from "../engine/engine.js";
import type { TestDatabase } from "./database.js";
import { useRedisNamespace } from "./redis.js";

export interface TestEngine {
  config: EngineConfig;
  engine: RunningEngine;
  /** Producer queues in the engine's namespace, for `enqueue` and for inspecting jobs. */
  queues: ProducerQueues;
  /** Adds a job and waits for its result (or its failure). */
  runJob: <Q extends QueueKey>(queue: Q, payload: JobPayload<Q>) => Promise<unknown>;
}

/**
 * A real engine (every registered worker) over the test database, in a Redis namespace of its
 * own. `overrides` is read when the engine starts, so it may use values set by earlier hooks.
 * Use an empty string to unset a setting (SMTP_URL: "").
 */
export function useTestEngine(database: { current: TestDatabase }, overrides: () => Record<string, string> = () => ({})): { current: TestEngine } {
  const namespace = useRedisNamespace();
  const holder = {} as { current: TestEngine };
  const connections: Redis[] = [];
  const events = new Map<QueueKey, QueueEvents>();
  beforeAll(async () => {
    const config = parseConfig(EngineConfigSchema, {
      ...readEnvironment(),
      DATABASE_URL: database.current.url,
      REDIS_KEY_PREFIX: namespace.keyPrefix,
      QUEUE_PREFIX: namespace.queuePrefix,
      LOG_LEVEL: "silent",
      // A free port: test files run side by side.
      ENGINE_METRICS_PORT: "0",
      ...overrides(),
    });
    const engine = await startEngine(config, createLogger({ level: "debug", name: "test-engine", destination: { write: (line: string) => captureLog("engine", line) } }));
    const connect = () => {
      const connection = connectRedis(config, "worker");
      connections.push(connection);
      return connection;
    };
    const queues = createProducerQueues(connect(), config.QUEUE_PREFIX);
    const runJob = async <Q extends QueueKey>(key: Q, payload: JobPayload<Q>) => {
      let queueEvents = events.get(key);
      if (!queueEvents) {
        queueEvents = new QueueEvents(QUEUES[key].name, { connection: connect(), prefix: config.QUEUE_PREFIX });
        events.set(key, queueEvents);
        await queueEvents.waitUntilReady();
      }
      // One attempt, so a failure surfaces at once.
      const job = await queues.get(key).add(QUEUES[key].name, payload);
      return job.waitUntilFinished(queueEvents, 15_000);
    };
    holder.current = { config, engine, queues, runJob };
  });
  afterAll(async () => {
    await holder.current?.engine.shutdown();
    await Promise.allSettled([...events.values()].map((queueEvents) => queueEvents.close()));
    await holder.current?.queues.close();
    await Promise.allSettled(connections.map((connection) => connection.quit()));
  });
  return holder;
}
