import { Queue, Worker } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { meterKeys } from "../core/metering/redis-keys.js";
import { connectRedis, duplicateRedis, escapeGlob, scanKeys, waitForRedis, type Redis } from "../core/redis.js";
import { testGatewayConfig } from "./environment.js";
import { startRedisCluster, type RedisCluster } from "./redis-cluster.js";
import { waitFor } from "./wait-for.js";

let cluster: RedisCluster;
let redis: Redis;

beforeAll(async () => {
  cluster = await startRedisCluster();
  redis = connectRedis(testGatewayConfig({ REDIS_CLUSTER_NODES: cluster.nodes }), "worker");
  await waitForRedis(redis, 10_000);
});

afterAll(async () => {
  redis?.disconnect();
  await cluster?.stop();
});

describe("a Redis Cluster of six redis-server processes", () => {
  it("puts accounts' keys in different slots and finds them all by SCAN over every primary", async () => {
    const users = Array.from({ length: 30 }, (_, i) => `usr_cluster${i}`);
    await Promise.all(users.map((user) => redis.hset(`probe:${meterKeys.usageDay(user, "2026-01-31")}`, "e:/api/general", 1)));
    const slots = await Promise.all(users.map((user) => redis.cluster("KEYSLOT", `probe:${meterKeys.usageDay(user, "2026-01-31")}`)));
    expect(new Set(slots).size).toBeGreaterThan(1);
    expect((await scanKeys(redis, `${escapeGlob("probe:")}*`)).sort()).toEqual(users.map((user) => `probe:${meterKeys.usageDay(user, "2026-01-31")}`).sort());
  });

  it("runs a BullMQ job whose queue prefix is hash-tagged", async () => {
    const prefix = "{cluster-test}";
    const queue = new Queue("probe", { connection: redis, prefix });
    const processed: unknown[] = [];
    const worker = new Worker("probe", async (job) => void processed.push(job.data), { connection: duplicateRedis(redis), prefix });
    try {
      await queue.add("one", { n: 1 });
      await waitFor(() => (processed.length ? processed : undefined));
      expect(processed).toEqual([{ n: 1 }]);
    } finally {
      await worker.close();
      await queue.close();
    }
  });

  it("delivers a message published on any primary to a subscriber of the cluster", async () => {
    const subscriber = duplicateRedis(redis);
    const received: string[] = [];
    try {
      subscriber.on("message", (_channel: string, message: string) => received.push(message));
      await subscriber.subscribe("probe:channel");
      await redis.publish("probe:channel", "evict key_1");
      await waitFor(() => (received.length ? received : undefined));
      expect(received).toEqual(["evict key_1"]);
    } finally {
      subscriber.disconnect();
    }
  });
});
