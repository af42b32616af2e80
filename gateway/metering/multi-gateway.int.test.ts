import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createKeyedAccount } from "../../testing/accounts.js";
import { BrowserClient } from "../../testing/browser-client.js";
import { useTestDatabase } from "../../testing/database.js";
import { randomSuffix } from "../../testing/environment.js";
import { startGatewayProcess, type GatewayProcess } from "../../testing/gateway-process.js";
import { meteredBurst, whoami } from "../../testing/metered-burst.js";
import { useRedisNamespace } from "../../testing/redis.js";

const database = useTestDatabase();
const namespace = useRedisNamespace();
let gateways: GatewayProcess[] = [];

beforeAll(async () => {
  // This file tests the counting across processes, not the outage fallback: a burst of 1,000
  // requests on two busy cores can delay replies past the production 300 ms, which would send
  // requests down the fail-open path (tested in metering-outage.int.test.ts).
  const env = { DATABASE_URL: database.current.url, REDIS_KEY_PREFIX: namespace.keyPrefix, QUEUE_PREFIX: namespace.queuePrefix, METER_REDIS_TIMEOUT_MS: "5000" };
  gateways = await Promise.all([startGatewayProcess(env), startGatewayProcess(env)]);
});
afterAll(() => Promise.all(gateways.map((g) => g.stop())));

describe("two gateway processes sharing Redis", () => {
  it("admit exactly N of 1,000 parallel requests at a monthly quota of N (here 250 left of 252)", async () => {
    const account = await createKeyedAccount(database.current.db);
    const { warmUp, burst } = await meteredBurst(database.current.db, gateways, account, { requestLimit: 252, count: 1_000 });
    expect(warmUp).toEqual([200, 200]);
    expect(burst.filter((s) => s === 200)).toHaveLength(250);
    expect(burst.filter((s) => s === 429)).toHaveLength(750);
  });

  it("stop accepting a key deleted on the other gateway within one second", async () => {
    const email = `revoke-${randomSuffix()}@example.test`;
    const account = await createAccount(database.current.db, { email });
    const [first, second] = gateways as [GatewayProcess, GatewayProcess];
    const browser = new BrowserClient({ request: (path, init) => fetch(`${first.url}${path}`, { ...init, redirect: "manual" }) });
    expect((await browser.post("/auth/signin", { email, password: account.password })).status).toBe(200);
    const created = (await (await browser.post("/api/keys", { name: "to revoke", permission: "read" })).json()) as { key: { id: string }; secret: string };
    const authorization = { Authorization: `Bearer ${created.secret}` };
    // Both gateways now hold the key in their 30-second caches.
    expect(await whoami(first, authorization)).toBe(200);
    expect(await whoami(second, authorization)).toBe(200);

    expect((await browser.request(`/api/keys/${created.key.id}`, { method: "DELETE" })).status).toBe(200);
    const deletedAt = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - deletedAt < 2_000) {
      status = await whoami(second, authorization);
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe(401);
    expect(Date.now() - deletedAt).toBeLessThan(1_000);
  });
});
