import { beforeAll, describe, expect, it } from "vitest";
import { KeyUsageSchema, type KeyUsage } from "../../../core/contracts/account.js";
import { utcMonth } from "../../../core/metering/calendar.js";
import type { EndpointCategory } from "../../../core/metering/endpoint-categories.js";
import { meterKeys } from "../../../core/metering/redis-keys.js";
import { flushUsage } from "../../../core/metering/usage-flush.js";
import { connectRedis } from "../../../core/redis.js";
import { createKeyedAccount } from "../../../testing/accounts.js";
import { useTestApp } from "../../../testing/gateway.js";

/**
 * GET /v1/usage of one account's test and live keys (issue 41): each mode's per-endpoint counts
 * sum to its requests_used, and neither mode sees the other's requests.
 */
const testApp = useTestApp();
const db = () => testApp.current.database.db;
const app = () => testApp.current.app;

beforeAll(() => {
  app().get("/v1/test-fail", () => {
    throw new Error("boom");
  });
});

type Auth = { Authorization: string };

async function call(path: string, auth: Auth, times = 1): Promise<void> {
  for (let i = 0; i < times; i++) expect((await app().request(path, { headers: auth })).status).toBe(200);
}

async function usageOf(auth: Auth): Promise<KeyUsage> {
  const response = await app().request("/v1/usage", { headers: auth });
  expect(response.status).toBe(200);
  return KeyUsageSchema.parse(await response.json());
}

const perEndpoint = (usage: KeyUsage) => Object.fromEntries(usage.endpoints.map((row) => [row.endpoint, row.request_count])) as Record<EndpointCategory, number>;
const sumOf = (usage: KeyUsage) => usage.endpoints.reduce((sum, row) => sum + row.request_count, 0);

async function keysOfOneAccount() {
  const live = await createKeyedAccount(db(), { permission: "admin" });
  const test = await createKeyedAccount(db(), { permission: "admin", mode: "test", userId: live.userId });
  return { userId: live.userId, live: live.authorization, test: test.authorization };
}

describe("GET /v1/usage per endpoint category and mode", () => {
  it("gives a test key per-endpoint counts that sum to its total, and a live key its own, with no leak between them", async () => {
    const { userId, live, test } = await keysOfOneAccount();
    await call("/v1/whoami", test, 2);
    await call("/v1/workflows", test, 3);
    await call("/v1/streams", test);
    await call("/v1/webhook-endpoints", test);
    await call("/v1/whoami", live);
    await call("/v1/workflows", live, 2);
    await call("/v1/webhook-endpoints", live, 2);

    const testUsage = await usageOf(test);
    expect(testUsage).toMatchObject({ mode: "test", requests_used: 8 });
    expect(perEndpoint(testUsage)).toEqual({ "/api/data-processing": 3, "/api/analytics": 1, "/api/webhooks": 1, "/api/general": 3 });
    expect(sumOf(testUsage)).toBe(testUsage.requests_used);

    const liveUsage = await usageOf(live);
    expect(liveUsage).toMatchObject({ mode: "live", requests_used: 6 });
    expect(perEndpoint(liveUsage)).toEqual({ "/api/data-processing": 2, "/api/analytics": 0, "/api/webhooks": 2, "/api/general": 2 });
    expect(sumOf(liveUsage)).toBe(liveUsage.requests_used);

    // Live calls since did not move the test figures (its own /v1/usage call aside).
    const again = await usageOf(test);
    expect(again.requests_used).toBe(9);
    expect(perEndpoint(again)).toEqual({ ...perEndpoint(testUsage), "/api/general": 4 });

    // The test counts live in their own month hash, beside the test counter they sum to.
    const month = utcMonth(new Date());
    expect(await testApp.current.redis.hgetall(meterKeys.testEndpointsMonth(userId, month))).toEqual({
      "e:/api/data-processing": "3",
      "e:/api/analytics": "1",
      "e:/api/webhooks": "1",
      "e:/api/general": "4",
    });
    expect(await testApp.current.redis.ttl(meterKeys.testEndpointsMonth(userId, month))).toBeGreaterThan(31 * 24 * 3_600);
  });

  it("keeps test requests out of api_usage after the engine's flush, and live per-endpoint counts whole", async () => {
    const { userId, live, test } = await keysOfOneAccount();
    await call("/v1/streams", test, 2);
    await call("/v1/workflows", live, 3);
    const flusher = connectRedis(testApp.current.config, "worker");
    try {
      await flushUsage(db(), flusher, testApp.current.config.REDIS_KEY_PREFIX);
    } finally {
      await flusher.quit();
    }
    const booked = await db().selectFrom("api_usage").select(["endpoint", "request_count"]).where("user_id", "=", userId).execute();
    expect(booked).toEqual([{ endpoint: "/api/data-processing", request_count: 3 }]);

    const liveUsage = await usageOf(live);
    expect(perEndpoint(liveUsage)).toMatchObject({ "/api/data-processing": 3, "/api/analytics": 0, "/api/general": 1 });
    expect(sumOf(liveUsage)).toBe(liveUsage.requests_used);
    const testUsage = await usageOf(test);
    expect(perEndpoint(testUsage)).toMatchObject({ "/api/data-processing": 0, "/api/analytics": 2, "/api/general": 1 });
    expect(sumOf(testUsage)).toBe(testUsage.requests_used);
  });

  it("takes a refunded test request back from its endpoint count as from its total", async () => {
    const { test } = await keysOfOneAccount();
    await call("/v1/whoami", test);
    expect((await app().request("/v1/test-fail", { headers: test })).status).toBe(500);
    const usage = await usageOf(test);
    expect(usage.requests_used).toBe(2);
    expect(perEndpoint(usage)["/api/general"]).toBe(2);
  });
});
