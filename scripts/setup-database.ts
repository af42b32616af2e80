import { fileURLToPath } from "node:url";
import { ConfigError, SeedConfigSchema, parseConfig, readEnvironment, type SeedConfig } from "../core/config.js";
import { createDb } from "../core/db/client.js";
import { seedAdmin, seedPlanCatalogue } from "../core/db/seed.js";
import { migrateToLatest } from "../migrations/run.js";
import { PreflightError, checkPostgres, ensureDatabase } from "./preflight.js";

/**
 * Creates the database if missing, migrates it to the latest version, and seeds the plan
 * catalogue and the first admin. Idempotent; `npm start` runs it, and so does the
 * `migrate` service of docker-compose.yml (`npm run setup:db`).
 */
export async function setupDatabase(config: SeedConfig): Promise<{ created: boolean }> {
  await checkPostgres(config.DATABASE_URL);
  const created = await ensureDatabase(config.DATABASE_URL);
  const db = createDb({ url: config.DATABASE_URL, poolSize: 2, applicationName: "sluice-setup" });
  try {
    await migrateToLatest(db);
    await seedPlanCatalogue(db);
    await seedAdmin(db, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
  } finally {
    await db.destroy();
  }
  return { created };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const config = parseConfig(SeedConfigSchema, readEnvironment());
    const { created } = await setupDatabase(config);
    process.stdout.write(`${created ? "Created, migrated" : "Migrated"} and seeded the database; admin: ${config.ADMIN_EMAIL}.\n`);
  } catch (error) {
    const known = error instanceof PreflightError || error instanceof ConfigError;
    process.stderr.write(`${known ? (error as Error).message : String(error instanceof Error ? error.stack : error)}\n`);
    process.exit(1);
  }
}
