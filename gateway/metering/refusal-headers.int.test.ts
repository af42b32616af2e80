import { afterEach, describe, expect, it } from "vitest";
import { ErrorBodySchema } from "../../core/errors.js";
import { utcMonth } from "../../core/metering/calendar.js";
import { meterKeys } from "../../core/metering/redis-keys.js";
import { createKeyedAccount } from "../../testing/accounts.js";
import { useTestApp } from "../../testing/gateway.js";

/**
 * The request quota (gateway/metering) and the data allowance (core/metering/data-meter.ts)
 * refuse from different places; a client must not be able to tell which built the 429's quota
 * headers. Both are monthly policies, so at one instant they reset together.
 */
const testApp = useTestApp();
const db = () => testApp.current.database.db;
const AT = new Date("2026-11-21T10:20:30.000Z");
const NOVEMBER_SECONDS = 30 * 86_400;

afterEach(() => testApp.current.clock.set(null));

/** The quota headers of a 429, checked for agreement among themselves and returned for comparison. */
async function quotaHeadersOf(response: Response) {
  expect(response.status).toBe(429);
  expect(ErrorBodySchema.parse(await response.json()).error.code).toBe("QUOTA_EXCEEDED");
  const headers = Object.fromEntries([...response.headers].filter(([name]) => /^(x-)?ratelimit|^retry-after$/.test(name)));
  for (const name of ["x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset", "x-ratelimit-used", "retry-after"]) {
    expect(headers[name], name).toMatch(/^\d+$/);
  }
  expect(headers["x-ratelimit-resource"]).toMatch(/^[a-z-]+$/);
  const policies = [...(headers["ratelimit-policy"] ?? "").matchAll(/"([a-z-]+)";q=(\d+);w=(\d+)/g)].map(([, name, q, w]) => ({ name, q, w }));
  const [, name, r, t] = /^"([a-z-]+)";r=(\d+);t=(\d+)$/.exec(headers.ratelimit ?? "") ?? [];
  const violated = policies.find((p) => p.name === name);
  // RateLimit names the violated policy: the one X-RateLimit-* describe, and Retry-After waits for.
  expect(violated, `${headers.ratelimit} is among ${headers["ratelimit-policy"]}`).toBeDefined();
  expect(violated?.q).toBe(headers["x-ratelimit-limit"]);
  expect(r).toBe(headers["x-ratelimit-remaining"]);
  expect(t).toBe(headers["retry-after"]);
  return { names: Object.keys(headers).sort(), reset: headers["x-ratelimit-reset"], retryAfter: headers["retry-after"], window: violated?.w };
}

describe("429 quota headers", () => {
  it("are the same set, in the same formats, whether the request quota or the data allowance refuses", async () => {
    testApp.current.clock.set(AT);
    const { userId: requester, authorization: overRequests } = await createKeyedAccount(db());
    await db().updateTable("user_packages").set({ package_name: "enterprise", request_limit: 1 }).where("user_id", "=", requester).execute();
    const app = testApp.current.app;
    expect((await app.request("/v1/whoami", { headers: overRequests })).status).toBe(200);
    const requestRefusal = await quotaHeadersOf(await app.request("/v1/whoami", { headers: overRequests }));

    const { userId, authorization: overData } = await createKeyedAccount(db());
    await testApp.current.redis.set(meterKeys.dataMonth(userId, "live", utcMonth(AT)), 10_000_000_000);
    const events = { events: [{ id: "e1", timestamp: AT.toISOString(), fields: { load: 1 } }] };
    const streamRefusal = await quotaHeadersOf(
      await app.request("/v1/streams/load/events", { method: "POST", headers: { ...overData, "Content-Type": "application/json" }, body: JSON.stringify(events) }),
    );
    const uploadRefusal = await quotaHeadersOf(await app.request("/v1/datasets", { method: "POST", headers: { ...overData, "Content-Type": "text/csv" }, body: "a\n1\n" }));

    const monthEnd = Date.parse("2026-12-01T00:00:00Z") / 1_000;
    expect(requestRefusal).toEqual({
      names: ["ratelimit", "ratelimit-policy", "retry-after", "x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset", "x-ratelimit-resource", "x-ratelimit-used"],
      reset: String(monthEnd),
      retryAfter: String(monthEnd - AT.getTime() / 1_000),
      window: String(NOVEMBER_SECONDS),
    });
    expect(streamRefusal).toEqual(requestRefusal);
    expect(uploadRefusal).toEqual(requestRefusal);
  });
});
