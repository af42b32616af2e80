import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../core/logger.js";
import { createProducerQueues } from "../../core/queues.js";
import { createRedis, duplicateRedis, waitForRedis, type Redis } from "../../core/redis.js";
import { useTestDatabase } from "../../testing/database.js";
import { testGatewayConfig } from "../../testing/environment.js";
import { freePort } from "../../testing/gateway-process.js";
import { startRedisServer, type RedisServer } from "../../testing/redis-server.js";
import { createApp } from "../app.js";

/** A second connection for the key-cache subscriber, whose errors (Redis is stopped on purpose) are expected. */
function quietDuplicate(redis: Redis): Redis {
  const copy = duplicateRedis(redis);
  copy.on("error", () => undefined);
  return copy;
}

interface Readiness {
  status: string;
  checks: { postgres: { status: string; error?: string }; redis: { status: string; error?: string } };
  redis_persistence: string;
}

describe("readiness with a dependency that stops", () => {
  const database = useTestDatabase();
  let redisServer: RedisServer;
  let redis: Redis;

  beforeAll(async () => {
    redisServer = await startRedisServer();
    redis = createRedis(redisServer.url, "client", { retryStrategy: () => 100 });
    redis.on("error", () => undefined);
    await waitForRedis(redis, 10_000);
  });

  afterAll(async () => {
    redis.disconnect();
    await redisServer.stop();
  });

  async function readiness(app: Awaited<ReturnType<typeof createApp>>) {
    const response = await app.request("/readyz");
    return { status: response.status, body: (await response.json()) as Readiness };
  }

  it("turns not ready when Redis stops, and ready again when it returns", async () => {
    const config = testGatewayConfig({ DATABASE_URL: database.current.url, REDIS_URL: redisServer.url });
    const app = await createApp({ config, db: database.current.db, redis, queues: createProducerQueues(redis, "{unused}"), plainRedis: redis, subscriber: quietDuplicate(redis), logger: createLogger({ level: "silent", name: "t" }), isShuttingDown: () => false });

    const up = await readiness(app);
    expect(up.status).toBe(200);
    expect(up.body.redis_persistence, "reported, without failing readiness").toBe("none");

    await redisServer.kill();
    const down = await readiness(app);
    expect(down.status).toBe(503);
    expect(down.body.status).toBe("not_ready");
    expect(down.body.checks.redis.status).toBe("down");
    expect(down.body.checks.postgres.status).toBe("up");
    expect(down.body.redis_persistence).toBe("unknown");

    redisServer.start();
    await waitForRedis(redis, 10_000);
    expect((await readiness(app)).status).toBe(200);
  });

  it("reports a Redis that persists", async () => {
    const persistent = await startRedisServer({ persistence: ["--appendonly", "yes"] });
    const connection = createRedis(persistent.url, "client", { retryStrategy: () => 100 });
    // The server may still be starting: the first attempt can be refused before a retry connects.
    connection.on("error", () => undefined);
    const subscriber = quietDuplicate(connection);
    try {
      await waitForRedis(connection, 10_000);
      const config = testGatewayConfig({ DATABASE_URL: database.current.url, REDIS_URL: persistent.url });
      const app = await createApp({ config, db: database.current.db, redis: connection, queues: createProducerQueues(connection, "{unused}"), plainRedis: connection, subscriber, logger: createLogger({ level: "silent", name: "t" }), isShuttingDown: () => false });
      const result = await readiness(app);
      expect(result.status).toBe(200);
      expect(result.body.redis_persistence).toBe("aof");
    } finally {
      subscriber.disconnect();
      connection.disconnect();
      await persistent.stop();
    }
  });

  it("reports PostgreSQL down when it cannot be reached", async () => {
    const { createDb } = await import("../../core/db/client.js");
    const unreachable = createDb({ url: `postgres://postgres@127.0.0.1:${await freePort()}/nothing` });
    const config = testGatewayConfig({ DATABASE_URL: database.current.url });
    const app = await createApp({ config, db: unreachable, redis, queues: createProducerQueues(redis, "{unused}"), plainRedis: redis, subscriber: quietDuplicate(redis), logger: createLogger({ level: "silent", name: "t" }), isShuttingDown: () => false });
    const result = await readiness(app);
    expect(result.status).toBe(503);
    expect(result.body.checks.postgres.status).toBe("down");
    await unreachable.destroy();
  });

  it("reports not ready while shutting down", async () => {
    const config = testGatewayConfig({ DATABASE_URL: database.current.url });
    const app = await createApp({ config, db: database.current.db, redis, queues: createProducerQueues(redis, "{unused}"), plainRedis: redis, subscriber: quietDuplicate(redis), logger: createLogger({ level: "silent", name: "t" }), isShuttingDown: () => true });
    expect((await readiness(app)).status).toBe(503);
  });
});
