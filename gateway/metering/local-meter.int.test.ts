import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../core/ids.js";
import { connectRedis, waitForRedis } from "../../core/redis.js";
import { useTestDatabase } from "../../testing/database.js";
import { baseTestConfig } from "../../testing/environment.js";
import { useRedisNamespace } from "../../testing/redis.js";
import type { KeyContext } from "./key-context.js";
import { createLocalMeter } from "./local-meter.js";
import type { MeterDecision } from "./meter-decisions.js";
import { createMeter, withMeterScripts } from "./meter.js";

/**
 * While Redis is away the gateway rate-limits in process (local-meter.ts); its sliding window
 * must weigh the previous minute as the Lua script does, or clients would see the limit move
 * when Redis comes and goes.
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

/** What a client sees of a decision: the verdict, the minute's headers and Retry-After. */
function seen(decision: MeterDecision) {
  const minute = decision.policies[0]!;
  return { admitted: decision.admitted, used: minute.used, remaining: minute.remaining, retryAfter: decision.admitted ? null : decision.retryAfterSeconds };
}

describe("the in-process meter", () => {
  it("decides requests across a window edge exactly as the Redis meter does", async () => {
    const userId = newId("usr");
    const context: KeyContext = { keyId: newId("key"), userId, mode: "live", permission: "write", monthlyCap: null, expiresAt: null, packageName: "bench", ratePerMinute: 10, monthlyRequests: -1, dataLimitBytes: -1 };
    const meter = createMeter({ redis, db: database.current.db });
    const local = createLocalMeter();
    const windowStart = Date.parse("2026-11-25T10:01:00.000Z");
    // A full minute late in one window, then a request every 2 s of the next, admitted as the first minute's weight fades.
    const times = [...Array.from({ length: 10 }, () => windowStart - 10_000), ...Array.from({ length: 30 }, (_, i) => windowStart + i * 2_000)];
    const viaRedis = [];
    const inProcess = [];
    for (const at of times) {
      const now = new Date(at);
      viaRedis.push(seen(await meter.admit({ context, category: "/api/general", now })));
      inProcess.push(seen(local.admit(context, "/api/general", now)));
    }
    expect(inProcess).toEqual(viaRedis);
    expect(viaRedis.filter((d) => d.admitted).length, "the window edge both admits and refuses").toBeLessThan(times.length);
  });
});
