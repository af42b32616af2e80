import { SeedConfigSchema, loadConfigOrExit } from "../core/config.js";
import { createDb } from "../core/db/client.js";
import { seedAdmin, seedPlanCatalogue } from "../core/db/seed.js";

/** `npm run seed`: the plan catalogue and the first admin, idempotently. */
const config = loadConfigOrExit(SeedConfigSchema, "seed");
const db = createDb({ url: config.DATABASE_URL, poolSize: 1 });
try {
  await seedPlanCatalogue(db);
  await seedAdmin(db, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
  process.stdout.write(`Seeded the plan catalogue and the admin ${config.ADMIN_EMAIL}.\n`);
} finally {
  await db.destroy();
}
