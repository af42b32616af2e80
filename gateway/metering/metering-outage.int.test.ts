import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorBodySchema } from "../../core/errors.js";
import { createLogger } from "../../core/logger.js";
import { nextMonthStart } from "../../core/metering/calendar.js";
import { createProducerQueues } from "../../core/queues.js";
import { createRedis, waitForRedis, type Redis } from "../../core/redis.js";
import { flushUsage } from "../../core/metering/usage-flush.js";
import { createKeyedAccount } from "../../testing/accounts.js";
import { useTestDatabase } from "../../testing/database.js";
import { testGatewayConfig } from "../../testing/environment.js";
import { waitFor } from "../../testing/wait-for.js";
import { startRedisServer, type RedisServer } from "../../testing/redis-server.js";
import { createApp } from "../app.js";

const database = useTestDatabase();
let server: RedisServer;
const connections: Redis[] = [];

async function appWith(failMode: "open" | "closed") {
  const config = testGatewayConfig({ DATABASE_URL: database.current.url, REDIS_URL: server.url, RATE_LIMIT_FAIL_MODE: failMode });
  const redis = createRedis(config.REDIS_URL, "client", { keyPrefix: config.REDIS_KEY_PREFIX, retryStrategy: () => 100 });
  const subscriber = createRedis(config.REDIS_URL, "worker", { retryStrategy: () => 100 });
  const producer = createRedis(config.REDIS_URL, "worker", { retryStrategy: () => 100 });
  for (const connection of [redis, subscriber, producer]) {
    connection.on("error", () => undefined);
    connections.push(connection);
  }
  await waitForRedis(redis, 10_000);
  const queues = createProducerQueues(producer, config.QUEUE_PREFIX);
  const app = await createApp({ config, db: database.current.db, redis, queues, plainRedis: subscriber, subscriber, logger: createLogger({ level: "silent", name: "t" }), isShuttingDown: () => false });
  return { app, redis, config };
}

beforeAll(async () => {
  server = await startRedisServer();
});
afterAll(async () => {
  for (const connection of connections) connection.disconnect();
  await server.stop();
});

describe("when Redis stops", () => {
  it("fails open by default: answers from the in-process limiter, never 500, and replays the counts afterwards", async () => {
    const { app, config } = await appWith("open");
    const { userId, authorization } = await createKeyedAccount(database.current.db);
    const call = () => app.request("/v1/whoami", { headers: authorization });
    expect((await call()).status).toBe(200);

    await server.kill();
    const during: number[] = [];
    for (let i = 0; i < 70; i++) during.push((await call()).status);
    expect(during).not.toContain(500);
    expect(during.filter((s) => s === 200).length, "the free plan's 60 a minute, counted locally").toBeGreaterThanOrEqual(55);
    expect(during.filter((s) => s === 200).length).toBeLessThanOrEqual(60);
    expect(during.filter((s) => s === 429).length).toBeGreaterThan(0);
    const admittedDuring = during.filter((s) => s === 200).length;

    server.start();
    const flusher = createRedis(server.url, "worker");
    flusher.on("error", () => undefined);
    connections.push(flusher);
    await waitForRedis(flusher, 10_000);
    // The breaker lets a request through after its open period; its success replays the tally.
    await new Promise((resolve) => setTimeout(resolve, 5_200));
    expect((await call()).status).toBe(200);
    // Redis lost the first request's count with its data; the outage's requests and the last one are kept.
    // The replay runs after that answer, so flushes repeat until it has landed (a count over the mark never matches).
    const expected = admittedDuring + 1;
    let booked = 0;
    await waitFor(async () => {
      await flushUsage(database.current.db, flusher, config.REDIS_KEY_PREFIX);
      const stored = await database.current.db.selectFrom("api_usage").select("request_count").where("user_id", "=", userId).execute();
      booked = stored.reduce((sum, row) => sum + row.request_count, 0);
      return booked === expected ? true : undefined;
    }, 5_000).catch(() => undefined);
    expect(booked).toBe(expected);
  }, 30_000);

  it("keeps refusing an account last known over its monthly quota, and a key over its cap, and stops an account near its quota at it", async () => {
    const { app } = await appWith("open");
    const { db } = database.current;
    const overQuota = await createKeyedAccount(db, { requestLimit: 3 });
    const overCap = await createKeyedAccount(db, { monthlyCap: 2 });
    const nearQuota = await createKeyedAccount(db, { requestLimit: 5 });
    const call = (authorization: Record<string, string>) => app.request("/v1/whoami", { headers: authorization });
    const statuses = async (authorization: Record<string, string>, count: number) => {
      const seen: number[] = [];
      for (let i = 0; i < count; i++) seen.push((await call(authorization)).status);
      return seen;
    };
    expect(await statuses(overQuota.authorization, 4)).toEqual([200, 200, 200, 429]);
    expect(await statuses(overCap.authorization, 3)).toEqual([200, 200, 429]);
    expect(await statuses(nearQuota.authorization, 3)).toEqual([200, 200, 200]);

    await server.kill();
    expect((await statuses(overQuota.authorization, 150)).filter((s) => s !== 429)).toEqual([]);
    expect((await statuses(overCap.authorization, 150)).filter((s) => s !== 429)).toEqual([]);
    expect(await statuses(nearQuota.authorization, 5), "2 left of 5, counted on top of the last known 3").toEqual([200, 200, 429, 429, 429]);

    // The same answer as Redis gives: QUOTA_EXCEEDED naming the policy, Retry-After until the month turns.
    const secondsToReset = Math.ceil((nextMonthStart(new Date()).getTime() - Date.now()) / 1_000);
    for (const [authorization, resource, limit] of [
      [overQuota.authorization, "monthly-quota", 3],
      [overCap.authorization, "key-monthly-cap", 2],
    ] as const) {
      const response = await call(authorization);
      const body = ErrorBodySchema.parse(await response.json());
      expect(body.error.code).toBe("QUOTA_EXCEEDED");
      expect(body.error.message).toBe(`Quota exhausted: policy ${resource} (${limit}).`);
      expect(response.headers.get("X-RateLimit-Resource")).toBe(resource);
      expect(response.headers.get("X-RateLimit-Remaining")).toBe("0");
      expect(Math.abs(Number(response.headers.get("Retry-After")) - secondsToReset)).toBeLessThanOrEqual(2);
    }
    server.start();
  });

  it("answers 503 with Retry-After when configured to fail closed", async () => {
    const { app } = await appWith("closed");
    const { authorization } = await createKeyedAccount(database.current.db);
    expect((await app.request("/v1/whoami", { headers: authorization })).status).toBe(200);
    await server.kill();
    const response = await app.request("/v1/whoami", { headers: authorization });
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("5");
    server.start();
  });
});
