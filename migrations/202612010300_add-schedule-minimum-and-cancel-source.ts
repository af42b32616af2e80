import { type Kysely, sql } from "kysely";

/**
 * Issue 40: the shortest time a package allows between two fires of a workflow's schedule
 * (`min_schedule_interval_seconds`, decision 0034), and who asked to cancel an execution
 * (`cancel_requested_by`: "api" or "dashboard"), which the workflow.cancelled event reports.
 * Rows the catalogue seeded earlier get their plan's minimum; a package an admin added gets the
 * free plan's until edited.
 */
const MINIMUMS: Record<string, number> = {
  free: 900,
  starter: 300,
  professional_100000: 60,
  professional_250000: 60,
  professional_500000: 60,
  professional_1000000: 60,
  professional_2500000: 60,
  enterprise: 60,
};

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("package_definitions")
    .addColumn("min_schedule_interval_seconds", "integer", (c) => c.notNull().defaultTo(900).check(sql`min_schedule_interval_seconds > 0`))
    .execute();
  for (const [packageName, seconds] of Object.entries(MINIMUMS)) {
    await db.updateTable("package_definitions").set({ min_schedule_interval_seconds: seconds }).where("package_name", "=", packageName).execute();
  }
  await sql`comment on column package_definitions.min_schedule_interval_seconds is 'shortest time between two fires of a workflow schedule'`.execute(db);
  await db.schema
    .alterTable("executions")
    .addColumn("cancel_requested_by", "text", (c) => c.check(sql`cancel_requested_by in ('api', 'dashboard')`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("executions").dropColumn("cancel_requested_by").execute();
  await db.schema.alterTable("package_definitions").dropColumn("min_schedule_interval_seconds").execute();
}
