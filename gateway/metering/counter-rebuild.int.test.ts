import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../core/ids.js";
import { chargeDataBytes } from "../../core/metering/data-meter.js";
import { meterKeys, type MeterMode } from "../../core/metering/redis-keys.js";
import { connectRedis, waitForRedis } from "../../core/redis.js";
import { createAccount } from "../../testing/accounts.js";
import { useTestDatabase } from "../../testing/database.js";
import { baseTestConfig } from "../../testing/environment.js";
import { useRedisNamespace } from "../../testing/redis.js";
import type { KeyContext } from "./key-context.js";
import { createMeter, withMeterScripts } from "./meter.js";

/**
 * A month counter Redis lost is seeded from PostgreSQL (DESIGN.md section 4, step 6) by the
 * request meter (requests) and the data meter (bytes) alike. Each ledger row below carries the
 * same number of requests and bytes, a power of ten that shows in the total whether the row
 * counted: both meters must come back with the same figure.
 */
const database = useTestDatabase();
const namespace = useRedisNamespace();
let redis: ReturnType<typeof withMeterScripts>;

beforeAll(async () => {
  redis = withMeterScripts(connectRedis(baseTestConfig(), "client", { keyPrefix: namespace.keyPrefix }));
  await waitForRedis(redis);
});
afterAll(async () => {
  await redis.quit();
});

const now = new Date("2026-11-15T12:00:00Z");

async function accountWithLedger(): Promise<string> {
  const db = database.current.db;
  const { id: userId } = await createAccount(db);
  const { id: stranger } = await createAccount(db);
  const rows = [
    { user_id: userId, date: "2026-10-31", endpoint: "/api/general", count: 1 },
    { user_id: userId, date: "2026-11-01", endpoint: "/api/general", count: 10 },
    { user_id: userId, date: "2026-11-01", endpoint: "/api/analytics", count: 100 },
    { user_id: userId, date: "2026-11-30", endpoint: "/api/data-processing", count: 1_000 },
    { user_id: userId, date: "2026-12-01", endpoint: "/api/general", count: 10_000 },
    { user_id: stranger, date: "2026-11-15", endpoint: "/api/general", count: 100_000 },
  ];
  await db
    .insertInto("api_usage")
    .values(rows.map(({ count, ...row }) => ({ ...row, request_count: count, bytes_processed: count })))
    .execute();
  return userId;
}

/** Counts one request and one byte for the account, each meter rebuilding its missing month counter first. */
async function countOneOfEach(userId: string, mode: MeterMode) {
  const meter = createMeter({ redis, db: database.current.db });
  const context: KeyContext = { keyId: newId("key"), userId, mode, permission: "write", monthlyCap: null, expiresAt: null, packageName: "enterprise", ratePerMinute: 100, monthlyRequests: -1, dataLimitBytes: -1 };
  expect((await meter.admit({ context, category: "/api/general", now })).admitted).toBe(true);
  expect((await chargeDataBytes({ redis, db: database.current.db }, { userId, mode, bytes: 1, limitBytes: -1, now })).admitted).toBe(true);
  return {
    requests: await redis.get(meterKeys.monthQuota(userId, mode, "2026-11")),
    bytes: await redis.get(meterKeys.dataMonth(userId, mode, "2026-11")),
  };
}

describe("rebuilding a lost month counter", () => {
  it("seeds the request quota and the data allowance from the same rows of api_usage: the account's, this month's", async () => {
    const userId = await accountWithLedger();
    expect(await countOneOfEach(userId, "live")).toEqual({ requests: String(1_110 + 1), bytes: String(1_110 + 1) });
  });

  it("starts both test-mode counters from 0: test usage never reaches api_usage", async () => {
    const userId = await accountWithLedger();
    expect(await countOneOfEach(userId, "test")).toEqual({ requests: "1", bytes: "1" });
  });

  it("seeds a lost test request counter from the month's test endpoint counts, which keep summing to it", async () => {
    const userId = await accountWithLedger();
    const endpoints = meterKeys.testEndpointsMonth(userId, "2026-11");
    await redis.hset(endpoints, { "e:/api/analytics": 4, "e:/api/general": 2 });
    await redis.hset(meterKeys.testEndpointsMonth(userId, "2026-10"), { "e:/api/general": 50 });
    expect(await countOneOfEach(userId, "test")).toEqual({ requests: String(4 + 2 + 1), bytes: "1" });
    expect(await redis.hgetall(endpoints)).toEqual({ "e:/api/analytics": "4", "e:/api/general": "3" });
  });
});
