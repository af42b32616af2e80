import { afterAll, beforeAll } from "vitest";
import { createKeyedAccount } from "./accounts.js";
import { useAnalyticsStack } from "./analytics.js";
import { startGatewayProcess, type GatewayProcess } from "./gateway-process.js";

/**
 * What the SDKs' tests run against: the real gateway in a child process, serving HTTP, and an
 * engine beside it (same database, Redis namespace and DATA_DIR), so workflows run and analyses
 * complete. `keyedAccount` makes an account with a live admin key on a plan the tests stay under;
 * `errorKeys` keys that are refused.
 */
export function useSdkStack() {
  // Loopback webhook receivers are refused unless OUTBOUND_ALLOW_PRIVATE is set (tests only).
  const { dataDir, testApp } = useAnalyticsStack({ engine: { OUTBOUND_ALLOW_PRIVATE: "true" } });
  let gateway: GatewayProcess | undefined;
  beforeAll(async () => {
    const { database, config } = testApp.current;
    gateway = await startGatewayProcess({
      DATABASE_URL: database.url,
      REDIS_KEY_PREFIX: config.REDIS_KEY_PREFIX,
      QUEUE_PREFIX: config.QUEUE_PREFIX,
      DATA_DIR: dataDir,
      ANALYSIS_WAIT_MS: "15000",
    });
  }, 90_000);
  afterAll(() => gateway?.stop());
  const db = () => testApp.current.database.db;
  return {
    get url(): string {
      if (!gateway) throw new Error("the gateway has not started");
      return gateway.url;
    },
    db,
    async keyedAccount() {
      const keyed = await createKeyedAccount(db(), { permission: "admin" });
      await db().updateTable("user_packages").set({ package_name: "enterprise", request_limit: null }).where("user_id", "=", keyed.userId).execute();
      return keyed;
    },
    /**
     * Keys that provoke the error categories for real: a read-only key (403 on any write) and a
     * key whose plan allows one request a month (429 with Retry-After from the second on).
     */
    async errorKeys() {
      const readOnly = await createKeyedAccount(db(), { permission: "read" });
      const limited = await createKeyedAccount(db(), { requestLimit: 1 });
      return { readOnly: readOnly.secret, limited: limited.secret };
    },
  };
}
