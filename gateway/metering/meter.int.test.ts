import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectRedis, waitForRedis } from "../../core/redis.js";
import { newId } from "../../core/ids.js";
import { useTestDatabase } from "../../testing/database.js";
import { baseTestConfig } from "../../testing/environment.js";
import { useRedisNamespace } from "../../testing/redis.js";
import { seededRandom } from "../../testing/seeded-random.js";
import type { KeyContext } from "./key-context.js";
import { USAGE_ID_FIELD, meterKeys } from "../../core/metering/redis-keys.js";
import type { MeterDecision, MeterRequest } from "./meter-decisions.js";
import { createMeter, withMeterScripts } from "./meter.js";

const database = useTestDatabase();
const namespace = useRedisNamespace();
let redis: ReturnType<typeof withMeterScripts>;
let scriptRuns = 0;

beforeAll(async () => {
  redis = withMeterScripts(connectRedis(baseTestConfig(), "client", { keyPrefix: namespace.keyPrefix }));
  await waitForRedis(redis);
  // Counts the script runs the meter makes against the real Redis.
  const run = redis.sluiceMeter.bind(redis);
  redis.sluiceMeter = (...args) => {
    scriptRuns++;
    return run(...args);
  };
});
afterAll(async () => {
  await redis.quit();
});

function keyContext(userId: string, overrides: Partial<KeyContext> = {}): KeyContext {
  return { keyId: newId("key"), userId, mode: "live", permission: "write", monthlyCap: null, expiresAt: null, packageName: "bench", ratePerMinute: 100, monthlyRequests: -1, dataLimitBytes: -1, ...overrides };
}

describe("the meter's batches", () => {
  it("checks and counts the requests of one turn of the event loop in one script run, in arrival order", async () => {
    const meter = createMeter({ redis, db: database.current.db });
    const userId = newId("usr");
    const key = keyContext(userId);
    const now = new Date("2026-11-25T10:00:30.000Z");
    // Counters exist (no rebuild): one run answers all 250 requests.
    await meter.admit({ context: key, category: "/api/general", now });
    scriptRuns = 0;
    const requests: MeterRequest[] = Array.from({ length: 250 }, () => ({ context: key, category: "/api/general", now }));
    const decisions = await Promise.all(requests.map((request) => meter.admit(request)));
    expect(scriptRuns).toBe(1);
    expect(decisions.map((d) => d.admitted)).toEqual(Array.from({ length: 250 }, (_, i) => i < 99));
    const admitted = decisions.flatMap((d) => (d.admitted ? [d.policies[0]!.used] : []));
    expect(admitted, "each admitted request carries its own count").toEqual(Array.from({ length: 99 }, (_, i) => i + 2));
    const refused = decisions[99]!;
    expect(refused.admitted === false && refused.violated.name).toBe("minute");
  });

  it("rebuilds every missing month counter of a batch, then decides each key against its own cap", async () => {
    const meter = createMeter({ redis, db: database.current.db });
    const userId = newId("usr");
    const capped = keyContext(userId, { monthlyCap: 2 });
    const other = keyContext(userId, { monthlyCap: 3 });
    const now = new Date("2026-11-25T11:00:00.000Z");
    scriptRuns = 0;
    const decisions = await Promise.all(Array.from({ length: 8 }, (_, i) => meter.admit({ context: i % 2 === 0 ? capped : other, category: "/api/general", now })));
    expect(scriptRuns, "quota, then two key counters rebuilt, then the run that decides").toBe(4);
    expect(decisions.map((d) => d.admitted)).toEqual([true, true, true, true, false, true, false, false]);
    const refused = decisions[4]!;
    expect(refused.admitted === false && refused.violated.name).toBe("key-month");
  });

  it("decides a batch of two keys, two categories and spread arrival times exactly as the same requests one by one", async () => {
    const outcome = async (batched: boolean) => {
      const meter = createMeter({ redis, db: database.current.db });
      const userId = newId("usr");
      const capped = keyContext(userId, { monthlyCap: 7, ratePerMinute: 8 });
      const other = keyContext(userId, { ratePerMinute: 8 });
      const windowStart = Date.parse("2026-11-25T13:00:00.000Z");
      // Requests of the previous window weigh on this one less as it goes by.
      // (They also create every counter, so the batch needs no rebuild.)
      for (let i = 0; i < 5; i++) await meter.admit({ context: i === 0 ? other : capped, category: "/api/general", now: new Date(windowStart - 30_000) });
      const requests: MeterRequest[] = Array.from({ length: 16 }, (_, i) => ({
        context: i % 3 === 0 ? other : capped,
        category: i % 2 === 0 ? "/api/analytics" : "/api/general",
        now: new Date(windowStart + i * 3_000),
      }));
      scriptRuns = 0;
      const decisions: MeterDecision[] = [];
      if (batched) decisions.push(...(await Promise.all(requests.map((request) => meter.admit(request)))));
      else for (const request of requests) decisions.push(await meter.admit(request));
      const { [USAGE_ID_FIELD]: _id, ...usage } = await redis.hgetall(meterKeys.usageDay(userId, "2026-11-25"));
      const named = Object.fromEntries(Object.entries(usage).map(([field, count]) => [field.replace(capped.keyId, "capped").replace(other.keyId, "other"), count]));
      return { runs: scriptRuns, decisions: decisions.map((d) => (d.admitted ? d.policies.map((p) => p.used).join("/") : d.violated.name)), usage: named };
    };
    const [batched, oneByOne] = [await outcome(true), await outcome(false)];
    expect(batched.runs).toBe(1);
    expect(oneByOne.runs).toBe(16);
    expect(batched.decisions).toEqual(oneByOne.decisions);
    expect(batched.usage).toEqual(oneByOne.usage);
    // The batch meets both limits: the sliding window's and the capped key's.
    expect(batched.decisions).toContain("minute");
    expect(batched.decisions).toContain("key-month");
    expect(Object.keys(batched.usage).sort()).toEqual(["e:/api/analytics", "e:/api/general", "k:capped", "k:other"]);
  });

  for (const seed of [36, 3_600, 20_261_127]) {
    it(`decides random batches exactly as the same requests one by one (seed ${seed})`, async () => {
      const random = seededRandom(seed);
      // The rate is the account's plan's: the same for each of its keys.
      const ratePerMinute = random.int(2, 12);
      const keys = Array.from({ length: random.int(1, 3) }, () => ({
        monthlyCap: random.pick([null, random.int(1, 12)]),
        ratePerMinute,
        mode: random.pick(["live", "live", "test"] as const),
      }));
      const windowStart = Date.parse("2026-11-25T15:00:00.000Z") + random.int(0, 59) * 60_000;
      const shapes = Array.from({ length: random.int(5, 30) }, () => ({
        key: random.int(0, keys.length - 1),
        category: random.pick(["/api/general", "/api/analytics", "/api/data-processing"] as const),
        offsetMs: random.int(0, 50_000),
      }));
      // Requests arrive in the order of the clock they read.
      shapes.sort((a, b) => a.offsetMs - b.offsetMs);
      const outcome = async (batched: boolean) => {
        const meter = createMeter({ redis, db: database.current.db });
        const userId = newId("usr");
        const contexts = keys.map((key) => keyContext(userId, key));
        // The first request of each key makes its counters, one by one either way.
        for (const context of contexts) await meter.admit({ context, category: "/api/general", now: new Date(windowStart - 30_000) });
        const requests: MeterRequest[] = shapes.map((shape) => ({ context: contexts[shape.key]!, category: shape.category, now: new Date(windowStart + shape.offsetMs) }));
        const decisions: MeterDecision[] = [];
        if (batched) decisions.push(...(await Promise.all(requests.map((request) => meter.admit(request)))));
        else for (const request of requests) decisions.push(await meter.admit(request));
        const { [USAGE_ID_FIELD]: _id, ...usage } = await redis.hgetall(meterKeys.usageDay(userId, "2026-11-25"));
        const named = Object.fromEntries(Object.entries(usage).map(([field, count]) => [contexts.reduce((name, context, index) => name.replace(context.keyId, `key${index}`), field), count]));
        return { decisions: decisions.map((d) => (d.admitted ? d.policies.map((p) => `${p.name}:${p.used}/${p.limit}`).join(" ") : d.violated.name)), usage: named };
      };
      const batched = await outcome(true);
      expect(batched).toEqual(await outcome(false));
      expect(batched.decisions).toHaveLength(shapes.length);
    });
  }

  it("counts each request in its own day and month when the month turns between two batches", async () => {
    const meter = createMeter({ redis, db: database.current.db });
    const userId = newId("usr");
    const key = keyContext(userId, { monthlyRequests: 1_000 });
    const before = await meter.admit({ context: key, category: "/api/general", now: new Date("2026-11-30T23:59:50.000Z") });
    const after = await meter.admit({ context: key, category: "/api/general", now: new Date("2026-12-01T00:00:10.000Z") });
    const monthOf = (decision: MeterDecision) => decision.policies.find((p) => p.name === "month")!;
    expect(new Date(monthOf(before).resetAtMs).toISOString()).toBe("2026-12-01T00:00:00.000Z");
    expect(new Date(monthOf(after).resetAtMs).toISOString()).toBe("2027-01-01T00:00:00.000Z");
    expect([monthOf(before).windowSeconds, monthOf(after).windowSeconds]).toEqual([30 * 86_400, 31 * 86_400]);
    expect(monthOf(after).used, "a new month's quota").toBe(1);
    expect(await redis.hget(meterKeys.usageDay(userId, "2026-11-30"), "e:/api/general")).toBe("1");
    expect(await redis.hget(meterKeys.usageDay(userId, "2026-12-01"), "e:/api/general")).toBe("1");
  });

  it("names a usage hash once, when a run creates it, and a new hash anew", async () => {
    const meter = createMeter({ redis, db: database.current.db });
    const key = keyContext(newId("usr"));
    const now = new Date("2026-11-25T14:00:00.000Z");
    const usageKey = meterKeys.usageDay(key.userId, "2026-11-25");
    await meter.admit({ context: key, category: "/api/general", now });
    const first = await redis.hget(usageKey, USAGE_ID_FIELD);
    expect(first).toMatch(/^[0-9a-z]+\.[\w-]+\.[0-9a-z]+$/);
    await meter.admit({ context: key, category: "/api/general", now });
    expect(await redis.hget(usageKey, USAGE_ID_FIELD), "later runs add to the same hash").toBe(first);
    // The flush takes the hash away; the next request starts another.
    await redis.del(usageKey);
    await meter.admit({ context: key, category: "/api/general", now });
    const second = await redis.hget(usageKey, USAGE_ID_FIELD);
    expect(second).not.toBeNull();
    expect(second).not.toBe(first);
  });

  it("names the usage hash a replay of the outage's counts creates", async () => {
    const meter = createMeter({ redis, db: database.current.db });
    const key = keyContext(newId("usr"));
    await meter.replay([{ context: key, category: "/api/general", day: "2026-11-25", count: 3 }]);
    const usage = await redis.hgetall(meterKeys.usageDay(key.userId, "2026-11-25"));
    expect(usage).toMatchObject({ "e:/api/general": "3", [USAGE_ID_FIELD]: expect.any(String) });
  });

  it("counts a test batch per endpoint in the month's test hash, beside the test counter, and replays into both", async () => {
    const meter = createMeter({ redis, db: database.current.db });
    const key = keyContext(newId("usr"), { mode: "test" });
    const now = new Date("2026-11-25T13:00:00.000Z");
    const categories = ["/api/analytics", "/api/general", "/api/analytics"] as const;
    const decisions = await Promise.all(categories.map((category) => meter.admit({ context: key, category, now })));
    expect(decisions.every((d) => d.admitted)).toBe(true);
    const endpoints = meterKeys.testEndpointsMonth(key.userId, "2026-11");
    expect(await redis.hgetall(endpoints)).toEqual({ "e:/api/analytics": "2", "e:/api/general": "1" });
    expect(await redis.get(meterKeys.monthQuota(key.userId, "test", "2026-11"))).toBe("3");
    const { [USAGE_ID_FIELD]: _id, ...usageDay } = await redis.hgetall(meterKeys.usageDay(key.userId, "2026-11-25"));
    expect(usageDay, "test requests never reach the flushed usage hash's endpoint fields").toEqual({ [`k:${key.keyId}`]: "3" });

    await meter.replay([{ context: key, category: "/api/general", day: "2026-11-25", count: 4 }]);
    expect(await redis.hgetall(endpoints)).toEqual({ "e:/api/analytics": "2", "e:/api/general": "5" });
    expect(await redis.get(meterKeys.monthQuota(key.userId, "test", "2026-11"))).toBe("7");
  });

  it("leaves a test replay out of the endpoint counts when the test counter is gone, so a rebuild from them adds up", async () => {
    const meter = createMeter({ redis, db: database.current.db });
    const key = keyContext(newId("usr"), { mode: "test" });
    await meter.replay([{ context: key, category: "/api/general", day: "2026-11-25", count: 4 }]);
    expect(await redis.exists(meterKeys.testEndpointsMonth(key.userId, "2026-11"), meterKeys.monthQuota(key.userId, "test", "2026-11"))).toBe(0);
  });

  it("keeps accounts apart: one batch per account", async () => {
    const meter = createMeter({ redis, db: database.current.db });
    const [a, b] = [keyContext(newId("usr"), { ratePerMinute: 2 }), keyContext(newId("usr"), { ratePerMinute: 2 })];
    const now = new Date("2026-11-25T12:00:00.000Z");
    const decisions = await Promise.all([a, b, a, b, a, b].map((context) => meter.admit({ context, category: "/api/general", now })));
    expect(decisions.map((d) => d.admitted)).toEqual([true, true, true, true, false, false]);
  });
});
