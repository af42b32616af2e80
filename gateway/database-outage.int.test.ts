import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { createDb, type Database } from "../core/db/client.js";
import { duplicateRedis } from "../core/redis.js";
import { ErrorBodySchema } from "../core/errors.js";
import { createKeyedAccount } from "../testing/accounts.js";
import { createApiCaller, useTestApp } from "../testing/gateway.js";
import { startTcpProxy, type TcpProxy } from "../testing/tcp-proxy.js";
import { createApp } from "./app.js";

/**
 * PostgreSQL restarting under load (issue 13), as the gateway sees it: every connection dropped
 * and new ones refused for a while, then accepted again. The gateway answers clear 503s with
 * Retry-After meanwhile (never a 500, never a crash), and recovers by itself.
 */
const testApp = useTestApp();
let proxy: TcpProxy;
let proxiedDb: Database;

beforeAll(async () => {
  const url = new URL(testApp.current.database.url);
  proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.host = `127.0.0.1:${proxy.port}`;
  proxiedDb = createDb({ url: url.toString(), poolSize: 4 });
});
afterAll(async () => {
  await proxiedDb.destroy();
  await proxy.close();
});

describe("PostgreSQL restarted under load", () => {
  it("answers 503 SERVICE_UNAVAILABLE with Retry-After while it is away, and 200 again once it is back, without a restart", async () => {
    const { config, redis, queues, logs } = testApp.current;
    const { createLogger } = await import("../core/logger.js");
    const subscriber = duplicateRedis(redis);
    onTestFinished(() => subscriber.disconnect());
    const app = await createApp({ config, db: proxiedDb, redis, queues, plainRedis: redis, subscriber, logger: createLogger({ level: "silent", name: "t" }), isShuttingDown: () => false });
    const call = createApiCaller({ current: { ...testApp.current, app } });
    const { authorization } = await createKeyedAccount(testApp.current.database.db);
    await testApp.current.database.db.updateTable("user_packages").set({ package_name: "enterprise", request_limit: null }).execute();
    expect((await call(authorization, "GET", "/v1/workflows")).status).toBe(200);

    const statuses: number[] = [];
    const load = async (until: () => boolean) => {
      while (!until()) {
        const response = await call(authorization, "GET", "/v1/workflows");
        statuses.push(response.status);
        if (response.status === 503) {
          expect(response.headers.get("Retry-After")).toBe("5");
          expect(ErrorBodySchema.parse(await response.json()).error.code).toBe("SERVICE_UNAVAILABLE");
        } else await response.body?.cancel();
      }
    };
    let phase: "up" | "down" | "back" = "up";
    const workers = Array.from({ length: 8 }, () => load(() => phase === "back" && statuses.at(-1) === 200));
    await new Promise((resolve) => setTimeout(resolve, 300));
    proxy.cut();
    phase = "down";
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    proxy.restore();
    phase = "back";
    await Promise.all(workers);

    expect(statuses.filter((s) => s !== 200 && s !== 503), "only 200 and 503").toEqual([]);
    expect(statuses).toContain(503);
    expect(statuses.at(-1)).toBe(200);
    expect(logs.join("")).not.toContain('"level":"fatal"');
  }, 60_000);
});
