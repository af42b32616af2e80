import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectRedis } from "../core/redis.js";
import { insertKey } from "../gateway/keys/key-records.js";
import { createAccount } from "../testing/accounts.js";
import { useTestDatabase } from "../testing/database.js";
import { baseTestConfig } from "../testing/environment.js";
import { freePort } from "../testing/gateway-process.js";
import { useRedisNamespace } from "../testing/redis.js";
import { waitFor } from "../testing/wait-for.js";

const database = useTestDatabase();
const namespace = useRedisNamespace();
const prefix = `${namespace.keyPrefix}peer:`;
let peer: ChildProcess;
let url: string;

beforeAll(async () => {
  const port = await freePort();
  url = `http://127.0.0.1:${port}/v1/whoami`;
  peer = spawn(process.execPath, ["--import", "tsx/esm", "loadtest/fastify-peer.ts", String(port)], {
    env: { ...process.env, DATABASE_URL: database.current.url, REDIS_URL: baseTestConfig().REDIS_URL, PEER_REDIS_PREFIX: prefix },
    stdio: "ignore",
  });
  await waitFor(() => fetch(url).then((r) => r.status, () => undefined), 30_000);
});

afterAll(async () => {
  if (peer.exitCode !== null) return;
  const exited = new Promise((resolve) => peer.once("exit", resolve));
  peer.kill("SIGTERM");
  await exited;
});

/** An account on a plan allowing `perMinute` requests a minute, and a live key of it. */
async function keyOnPlan(perMinute: number): Promise<{ userId: string; secret: string }> {
  const db = database.current.db;
  const packageName = `peer-${perMinute}`;
  await db
    .insertInto("package_definitions")
    .values({ package_name: packageName, display_name: packageName, request_limit: -1, rate_limit_per_minute: perMinute, data_limit_bytes: -1, monthly_price_cents: 0, contact_sales: true, sort_order: 99 })
    .execute();
  const user = await createAccount(db);
  await db.updateTable("user_packages").set({ package_name: packageName }).where("user_id", "=", user.id).execute();
  const { secret } = await insertKey(db, user.id, { name: "peer", mode: "live", permission: "read", monthlyCap: null, expiresAt: null });
  return { userId: user.id, secret };
}

describe("the bench's Fastify peer", () => {
  it("answers whoami for a key found by its SHA-256, counting in Redis under its prefix per account", async () => {
    const { userId, secret } = await keyOnPlan(1_000);
    const headers = { Authorization: `Bearer ${secret}` };

    const first = await fetch(url, { headers });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ key: { id: expect.any(String), mode: "live", permission: "read", monthly_cap: null }, account: { id: userId, package: "peer-1000" } });
    expect(first.headers.get("x-ratelimit-limit")).toBe("1000");
    expect((await fetch(url, { headers })).headers.get("x-ratelimit-remaining")).toBe("998");

    const redis = connectRedis(baseTestConfig(), "worker");
    try {
      const keys = await redis.keys(`${prefix}*`);
      expect(keys.filter((key) => key.endsWith(userId))).toHaveLength(1);
      expect(await redis.get(keys.find((key) => key.endsWith(userId))!)).toBe("2");
    } finally {
      await redis.quit();
    }
  });

  it("refuses past the plan's per-minute limit, read from the key's record", async () => {
    const { secret } = await keyOnPlan(2);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await fetch(url, { headers: { Authorization: `Bearer ${secret}` } })).status);
    expect(statuses).toEqual([200, 200, 429]);
  });

  it("answers 401 to a missing or unknown key", async () => {
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { Authorization: "Bearer sk_live_unknown" } })).status).toBe(401);
  });
});
