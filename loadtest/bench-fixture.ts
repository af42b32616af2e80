import { sql } from "kysely";
import pg from "pg";
import { createDb } from "../core/db/client.js";
import { seedPlanCatalogue } from "../core/db/seed.js";
import { newId } from "../core/ids.js";
import { FREE_PLAN_NAME } from "../core/plans.js";
import { insertAccount } from "../gateway/auth/users.js";
import { insertKey } from "../gateway/keys/key-records.js";
import { migrateToLatest } from "../migrations/run.js";

/**
 * A scratch database for the benchmark: migrated, with a plan whose limits the load never
 * reaches (the benchmark measures the metered path admitting requests, not refusing them) and
 * one account holding one live key with admin permission (webhook endpoints need it).
 */
export async function createBenchFixture(serverUrl: string): Promise<{ databaseUrl: string; secret: string; drop: () => Promise<void> }> {
  const name = `sluice_bench_${process.pid}`;
  const adminUrl = new URL(serverUrl);
  adminUrl.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${name}`;
  const db = createDb({ url: databaseUrl.toString(), poolSize: 2 });
  try {
    await migrateToLatest(db);
    await seedPlanCatalogue(db);
    await db
      .insertInto("package_definitions")
      .values({ package_name: "bench", display_name: "Benchmark", request_limit: -1, rate_limit_per_minute: 1_000_000_000, data_limit_bytes: -1, monthly_price_cents: 0, contact_sales: true, sort_order: 99, max_concurrent_executions: 10_000, max_upload_bytes: 5_000_000_000 })
      .execute();
    const userId = await insertAccount(db, { email: `bench-${newId("req")}@example.test`, fullName: "Bench", passwordHash: null, confirmed: true });
    if (!userId) throw new Error("could not create the benchmark account");
    await db.updateTable("user_packages").set({ package_name: "bench", updated_at: sql`now()` }).where("user_id", "=", userId).where("package_name", "=", FREE_PLAN_NAME).execute();
    const { secret } = await insertKey(db, userId, { name: "bench", mode: "live", permission: "admin", monthlyCap: null, expiresAt: null });
    return {
      databaseUrl: databaseUrl.toString(),
      secret,
      drop: async () => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  } finally {
    await db.destroy();
  }
}
