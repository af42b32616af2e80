import { beforeAll, describe, expect, it } from "vitest";
import { ErrorBodySchema } from "../../core/errors.js";
import { createKeyedAccount } from "../../testing/accounts.js";
import { queuedThresholdNotices, useTestApp } from "../../testing/gateway.js";

const testApp = useTestApp({ TRUST_PROXY: "true" });
const db = () => testApp.current.database.db;
const app = () => testApp.current.app;

beforeAll(() => {
  app().post("/v1/test-write", (c) => c.json({ written: true }, 201));
  app().get("/v1/test-fail", () => {
    throw new Error("boom");
  });
});

async function usePackage(userId: string, packageName: string, requestLimit: number | null = null) {
  await db().updateTable("user_packages").set({ package_name: packageName, request_limit: requestLimit }).where("user_id", "=", userId).execute();
}

const get = async (path: string, headers: HeadersInit): Promise<Response> => app().request(path, { headers });
const codeOf = async (response: Response) => ErrorBodySchema.parse(await response.json()).error.code;

describe("authentication", () => {
  it("answers a missing, malformed, mistyped or unknown key with 401 and no quota headers", async () => {
    const { secret } = await createKeyedAccount(db());
    const mistyped = `${secret.slice(0, -1)}${secret.endsWith("z") ? "y" : "z"}`;
    for (const headers of [{} as Record<string, string>, { Authorization: "Basic abc" }, { Authorization: "Bearer nonsense" }, { Authorization: `Bearer ${mistyped}` }, { Authorization: `Bearer sk_live_${"1".repeat(39)}` }]) {
      const response = await get("/v1/whoami", headers);
      expect(response.status).toBe(401);
      expect(await codeOf(response)).toBe("UNAUTHORIZED");
      expect(response.headers.get("X-RateLimit-Limit")).toBeNull();
    }
  });

  it("refuses an expired key", async () => {
    const { keyId, authorization } = await createKeyedAccount(db());
    await db().updateTable("api_keys").set({ expires_at: new Date(Date.now() - 1_000) }).where("id", "=", keyId).execute();
    expect((await get("/v1/whoami", authorization)).status).toBe(401);
  });

  it("answers whoami with the key and its account", async () => {
    const { keyId, userId, authorization } = await createKeyedAccount(db(), { permission: "read", monthlyCap: 5_000 });
    const response = await get("/v1/whoami", authorization);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ key: { id: keyId, mode: "live", permission: "read", monthly_cap: 5_000 }, account: { id: userId, package: "free" } });
  });

  it("gives a read key 403 on POST, counting nothing", async () => {
    const { authorization } = await createKeyedAccount(db(), { permission: "read" });
    const response = await app().request("/v1/test-write", { method: "POST", headers: authorization });
    expect(response.status).toBe(403);
    expect(await codeOf(response)).toBe("FORBIDDEN");
    expect(response.headers.get("X-RateLimit-Limit")).toBeNull();
    const usage = await (await get("/v1/usage", authorization)).json() as { requests_used: number };
    expect(usage.requests_used).toBe(1);
    const { authorization: writer } = await createKeyedAccount(db(), { permission: "write" });
    expect((await app().request("/v1/test-write", { method: "POST", headers: writer })).status).toBe(201);
  });
});

describe("headers", () => {
  it("puts every rate-limit header on a 2xx, naming the most restrictive policy", async () => {
    const { authorization } = await createKeyedAccount(db());
    const at = new Date("2026-11-21T10:20:30.000Z");
    testApp.current.clock.set(at);
    try {
      const response = await get("/v1/whoami", authorization);
      expect(response.status).toBe(200);
      const h = Object.fromEntries(response.headers);
      expect(h["x-ratelimit-limit"]).toBe("60");
      expect(h["x-ratelimit-remaining"]).toBe("59");
      expect(h["x-ratelimit-used"]).toBe("1");
      expect(h["x-ratelimit-resource"]).toBe("requests-per-minute");
      expect(h["x-ratelimit-reset"]).toBe(String(Date.parse("2026-11-21T10:21:00.000Z") / 1_000));
      expect(h["ratelimit-policy"]).toBe(`"minute";q=60;w=60, "month";q=1000;w=${30 * 24 * 3_600}`);
      expect(h["ratelimit"]).toBe(`"minute";r=59;t=30`);
    } finally {
      testApp.current.clock.set(null);
    }
  });

  it("answers the 61st request in a minute with 429 RATE_LIMITED, Retry-After and the policy", async () => {
    const { authorization } = await createKeyedAccount(db());
    testApp.current.clock.set(new Date("2026-11-21T10:00:05.000Z"));
    try {
      for (let i = 0; i < 60; i++) expect((await get("/v1/whoami", authorization)).status).toBe(200);
      const refused = await get("/v1/whoami", authorization);
      expect(refused.status).toBe(429);
      const error = ErrorBodySchema.parse(await refused.json()).error;
      expect(error.code).toBe("RATE_LIMITED");
      expect(error.message).toContain("requests-per-minute");
      expect(refused.headers.get("X-RateLimit-Remaining")).toBe("0");
      expect(refused.headers.get("X-RateLimit-Resource")).toBe("requests-per-minute");
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    } finally {
      testApp.current.clock.set(null);
    }
  });

  it("allows no burst above the limit across a window edge", async () => {
    const { authorization } = await createKeyedAccount(db());
    testApp.current.clock.set(new Date("2026-11-21T11:00:59.900Z"));
    try {
      for (let i = 0; i < 60; i++) expect((await get("/v1/whoami", authorization)).status).toBe(200);
      testApp.current.clock.set(new Date("2026-11-21T11:01:00.100Z"));
      expect((await get("/v1/whoami", authorization)).status, "the previous window still weighs ~100%").toBe(429);
      testApp.current.clock.set(new Date("2026-11-21T11:01:30.000Z"));
      let admitted = 0;
      for (let i = 0; i < 60; i++) if ((await get("/v1/whoami", authorization)).status === 200) admitted++;
      expect(admitted, "half-way, half of the limit is free again").toBe(30);
    } finally {
      testApp.current.clock.set(null);
    }
  });
});

describe("quotas", () => {
  it("admits exactly N of 1,000 parallel requests at a monthly quota of N", async () => {
    const { userId, authorization } = await createKeyedAccount(db());
    await usePackage(userId, "enterprise", 137);
    const statuses = await Promise.all(Array.from({ length: 1_000 }, () => get("/v1/whoami", authorization).then((r) => r.status)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(137);
    expect(statuses.filter((s) => s === 429)).toHaveLength(863);
  });

  it("refuses with QUOTA_EXCEEDED and Retry-After until the month turns, then admits again", async () => {
    const { userId, authorization } = await createKeyedAccount(db());
    await usePackage(userId, "enterprise", 3);
    testApp.current.clock.set(new Date("2027-01-31T23:59:50.000Z"));
    try {
      for (let i = 0; i < 3; i++) expect((await get("/v1/whoami", authorization)).status).toBe(200);
      const refused = await get("/v1/whoami", authorization);
      expect(refused.status).toBe(429);
      expect(await codeOf(refused)).toBe("QUOTA_EXCEEDED");
      expect(refused.headers.get("X-RateLimit-Resource")).toBe("monthly-quota");
      expect(refused.headers.get("Retry-After")).toBe("10");
      testApp.current.clock.set(new Date("2027-02-01T00:00:01.000Z"));
      expect((await get("/v1/whoami", authorization)).status).toBe(200);
    } finally {
      testApp.current.clock.set(null);
    }
  });

  it("enforces a key's own monthly cap separately from the account quota", async () => {
    const { keyId, userId, authorization } = await createKeyedAccount(db());
    await db().updateTable("api_keys").set({ monthly_cap: 2 }).where("id", "=", keyId).execute();
    await usePackage(userId, "enterprise");
    expect((await get("/v1/whoami", authorization)).status).toBe(200);
    const second = await get("/v1/whoami", authorization);
    expect(second.headers.get("X-RateLimit-Resource")).toBe("key-monthly-cap");
    const third = await get("/v1/whoami", authorization);
    expect(third.status).toBe(429);
    expect(third.headers.get("X-RateLimit-Resource")).toBe("key-monthly-cap");
    const { authorization: sibling } = await createKeyedAccount(db(), { userId });
    expect((await get("/v1/whoami", sibling)).status, "another key of the account is unaffected").toBe(200);
  });

  it("decides concurrent requests of several keys of one account as if they came one by one", async () => {
    const { userId, keyId, authorization: capped } = await createKeyedAccount(db());
    await db().updateTable("api_keys").set({ monthly_cap: 3 }).where("id", "=", keyId).execute();
    const { authorization: uncapped } = await createKeyedAccount(db(), { userId });
    await usePackage(userId, "enterprise", 8);
    // Both keys' month counters are missing: the first script run rebuilds them, then admits.
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => get("/v1/whoami", i % 2 === 0 ? capped : uncapped)));
    const cappedAdmitted = answers.filter((r, i) => i % 2 === 0 && r.status === 200).length;
    expect(answers.filter((r) => r.status === 200), "the quota binds, whatever the order").toHaveLength(8);
    expect(cappedAdmitted === 2 || cappedAdmitted === 3, "the cap binds the capped key").toBe(true);
    const refusals = await Promise.all(answers.filter((r) => r.status === 429).map(codeOf));
    expect(refusals).toEqual(["QUOTA_EXCEEDED", "QUOTA_EXCEEDED", "QUOTA_EXCEEDED", "QUOTA_EXCEEDED"]);
    const used = answers.filter((r) => r.status === 200 && r.headers.get("X-RateLimit-Resource") === "monthly-quota").map((r) => Number(r.headers.get("X-RateLimit-Used")));
    expect(new Set(used).size, "each admitted request saw its own count").toBe(used.length);
  });

  it("keeps test keys on their own counters: they never consume the live quota", async () => {
    const { userId, authorization: live } = await createKeyedAccount(db());
    const { authorization: test } = await createKeyedAccount(db(), { userId, mode: "test" });
    for (let i = 0; i < 5; i++) expect((await get("/v1/whoami", test)).status).toBe(200);
    const testUsage = (await (await get("/v1/usage", test)).json()) as { mode: string; requests_used: number; requests_limit: number };
    expect(testUsage).toMatchObject({ mode: "test", requests_used: 6, requests_limit: 10_000 });
    const liveUsage = (await (await get("/v1/usage", live)).json()) as { requests_used: number };
    expect(liveUsage.requests_used).toBe(1);
  });

  it("refunds a request answered with a server error", async () => {
    const { authorization } = await createKeyedAccount(db());
    expect((await get("/v1/test-fail", authorization)).status).toBe(500);
    expect((await get("/v1/test-fail", authorization)).status).toBe(500);
    const usage = (await (await get("/v1/usage", authorization)).json()) as { requests_used: number };
    expect(usage.requests_used).toBe(1);
  });

  it("reports this month's usage per endpoint category", async () => {
    const { authorization } = await createKeyedAccount(db());
    for (let i = 0; i < 3; i++) await get("/v1/whoami", authorization);
    const response = await get("/v1/usage", authorization);
    const usage = (await response.json()) as Record<string, unknown>;
    const now = new Date();
    expect(usage).toMatchObject({
      mode: "live",
      requests_used: 4,
      requests_limit: 1_000,
      reset_date: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10),
      data: { bytes_processed: 0, bytes_limit: 10_000_000_000 },
    });
    expect(usage.endpoints).toContainEqual({ endpoint: "/api/general", request_count: 4 });
  });
});

describe("usage thresholds", () => {
  it("records one webhook event and one e-mail per threshold (80, 90, 100 %) per month", async () => {
    const { userId, authorization } = await createKeyedAccount(db());
    await usePackage(userId, "enterprise", 10);
    for (let i = 0; i < 12; i++) await get("/v1/whoami", authorization);
    expect(await queuedThresholdNotices(testApp.current, userId, 3)).toEqual([80, 90, 100]);
    const events = await db().selectFrom("webhook_events").select(["type", "payload"]).where("user_id", "=", userId).execute();
    expect(events).toHaveLength(3);
    expect(events.every((e) => e.type === "usage.threshold_reached")).toBe(true);
    const mails = await db().selectFrom("email_outbox").innerJoin("users", "users.email", "email_outbox.to_address").select("template").where("users.id", "=", userId).execute();
    expect(mails.filter((m) => m.template === "usage-threshold")).toHaveLength(3);
  });
});
