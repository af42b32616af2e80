import { Queue, QueueEvents } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EngineConfigSchema, parseConfig, readEnvironment } from "../core/config.js";
import { newId } from "../core/ids.js";
import { QUEUES } from "../core/jobs.js";
import { listLiveEngines } from "../core/liveness.js";
import { createLogger } from "../core/logger.js";
import { connectRedis, duplicateRedis, type Redis } from "../core/redis.js";
import { useTestDatabase } from "../testing/database.js";
import { useRedisNamespace } from "../testing/redis.js";
import { startEngine, type RunningEngine } from "./engine.js";

const database = useTestDatabase();
const namespace = useRedisNamespace();

describe("engine", () => {
  let engine: RunningEngine;
  let redis: Redis;
  let queue: Queue;
  let events: QueueEvents;
  const config = () =>
    parseConfig(EngineConfigSchema, {
      ...readEnvironment(),
      DATABASE_URL: database.current.url,
      REDIS_KEY_PREFIX: namespace.keyPrefix,
      QUEUE_PREFIX: namespace.queuePrefix,
      HEARTBEAT_INTERVAL_MS: "200",
      LOG_LEVEL: "silent",
      ENGINE_METRICS_PORT: "0",
    });

  beforeAll(async () => {
    engine = await startEngine(config(), createLogger({ level: "silent", name: "engine-test" }));
    redis = connectRedis(config(), "worker", { keyPrefix: namespace.keyPrefix });
    const connection = connectRedis(config(), "worker");
    queue = new Queue(QUEUES.maintenance.name, { connection, prefix: namespace.queuePrefix });
    events = new QueueEvents(QUEUES.maintenance.name, { connection: duplicateRedis(connection), prefix: namespace.queuePrefix });
    await events.waitUntilReady();
  });

  afterAll(async () => {
    await engine.shutdown();
    await events.close();
    await queue.close();
    await redis.quit();
  });

  it("announces itself as a live instance in Redis", async () => {
    const live = await listLiveEngines(redis, 5_000);
    expect(live.map((beat) => beat.instance_id)).toContain(engine.instanceId);
    expect(live.find((beat) => beat.instance_id === engine.instanceId)?.queues).toContain("maintenance");
  });

  it("registers the hourly purge as a job scheduler", async () => {
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers.map((s) => s.key)).toContain("purge-expired-hourly");
  });

  it("purges expired idempotency keys, auth tokens and sessions, and keeps live ones", async () => {
    const { db } = database.current;
    const userId = newId("usr");
    await db.insertInto("users").values({ id: userId, email: `${userId}@example.test` }).execute();
    const past = new Date(Date.now() - 60_000);
    const future = new Date(Date.now() + 3_600_000);
    const hash = (n: number) => Buffer.alloc(32, n);
    await db
      .insertInto("idempotency_keys")
      .values([
        { user_id: userId, scope: "test", key: "old", request_hash: hash(1), expires_at: past },
        { user_id: userId, scope: "test", key: "new", request_hash: hash(2), expires_at: future },
      ])
      .execute();
    await db
      .insertInto("auth_tokens")
      .values([
        { id: newId("tok"), user_id: userId, purpose: "reset_password", token_hash: hash(3), expires_at: past },
        { id: newId("tok"), user_id: userId, purpose: "reset_password", token_hash: hash(4), expires_at: future },
      ])
      .execute();
    await db
      .insertInto("sessions")
      .values([
        { id: newId("ses"), user_id: userId, family_id: "f1", token_hash: hash(5), expires_at: past },
        { id: newId("ses"), user_id: userId, family_id: "f2", token_hash: hash(6), expires_at: future },
      ])
      .execute();

    const job = await queue.add("purge-expired", { task: "purge-expired" });
    // The job reports what it deleted; the schedule's own first run may have taken some already,
    // so the rows left behind are the measure.
    const result = await job.waitUntilFinished(events, 15_000);
    expect(result).toEqual({
      idempotency_keys: expect.any(Number),
      auth_tokens: expect.any(Number),
      sessions: expect.any(Number),
      usage_flush_batches: expect.any(Number),
      webhook_events: expect.any(Number),
      webhook_endpoints: expect.any(Number),
    });

    const remaining = await Promise.all([
      db.selectFrom("idempotency_keys").select("key").where("user_id", "=", userId).execute(),
      db.selectFrom("auth_tokens").select("expires_at").where("user_id", "=", userId).execute(),
      db.selectFrom("sessions").select("family_id").where("user_id", "=", userId).execute(),
    ]);
    expect(remaining[0]).toEqual([{ key: "new" }]);
    expect(remaining[1]).toHaveLength(1);
    expect(remaining[2]).toEqual([{ family_id: "f2" }]);
  });

  it("fails a job whose payload does not match the queue's schema, without retrying it forever", async () => {
    const job = await queue.add("bogus", { task: "drop-everything" }, { attempts: 5, backoff: { type: "fixed", delay: 10 } });
    await expect(job.waitUntilFinished(events, 15_000)).rejects.toThrow(/invalid maintenance payload/);
    const failed = await queue.getJob(job.id ?? "");
    expect(await failed?.getState()).toBe("failed");
    expect(failed?.attemptsMade).toBe(1);
  });

  it("removes its heartbeat when it shuts down", async () => {
    const second = await startEngine(config(), createLogger({ level: "silent", name: "engine-test-2" }));
    expect((await listLiveEngines(redis, 5_000)).map((b) => b.instance_id)).toContain(second.instanceId);
    await second.shutdown();
    expect((await listLiveEngines(redis, 5_000)).map((b) => b.instance_id)).not.toContain(second.instanceId);
  });

  it("serves its metrics until it shuts down, and none with ENGINE_METRICS_ENABLED=false", async () => {
    const served = await startEngine(config(), createLogger({ level: "silent", name: "engine-test-metrics" }));
    const url = served.metricsUrl ?? "";
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect((await fetch(url)).status).toBe(200);
    await served.shutdown();
    await expect(fetch(url)).rejects.toThrow();
    const quiet = await startEngine({ ...config(), ENGINE_METRICS_ENABLED: false }, createLogger({ level: "silent", name: "engine-test-quiet" }));
    expect(quiet.metricsUrl).toBeUndefined();
    await quiet.shutdown();
  });
});
