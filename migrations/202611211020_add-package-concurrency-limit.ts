import { type Kysely, sql } from "kysely";

/**
 * How many workflow executions of one account may run at once, by package (DESIGN.md section 6).
 * Rows the catalogue seeded earlier get their plan's value; a package an admin added gets the
 * free plan's limit until edited.
 */
const LIMITS: Record<string, number> = {
  free: 2,
  starter: 5,
  professional_100000: 20,
  professional_250000: 20,
  professional_500000: 20,
  professional_1000000: 20,
  professional_2500000: 20,
  enterprise: 100,
};

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("package_definitions")
    .addColumn("max_concurrent_executions", "integer", (c) => c.notNull().defaultTo(2).check(sql`max_concurrent_executions > 0`))
    .execute();
  for (const [packageName, limit] of Object.entries(LIMITS)) {
    await db.updateTable("package_definitions").set({ max_concurrent_executions: limit }).where("package_name", "=", packageName).execute();
  }
  await sql`comment on column package_definitions.max_concurrent_executions is 'workflow executions of one account running at once'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("package_definitions").dropColumn("max_concurrent_executions").execute();
}
