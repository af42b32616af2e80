import { type Kysely, sql } from "kysely";

/**
 * Outgoing webhooks, second step: secret rotation (the previous secret keeps signing for a grace
 * period), soft deletion of endpoints (their delivery log stays readable), and replays (a replay
 * starts a new run of the retry schedule without renumbering the attempt log).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("webhook_endpoints")
    .addColumn("previous_secret", "text")
    .addColumn("previous_secret_expires_at", "timestamptz")
    .addColumn("deleted_at", "timestamptz")
    .execute();
  await sql`comment on column webhook_endpoints.previous_secret is 'the secret before the last rotation; deliveries carry its signature too until previous_secret_expires_at'`.execute(db);

  await db.schema.alterTable("webhook_deliveries").addColumn("run_start_attempt", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema
    .alterTable("webhook_deliveries")
    .addCheckConstraint("webhook_deliveries_run_start_attempt_check", sql`run_start_attempt >= 0 and run_start_attempt <= attempt`)
    .execute();
  await sql`comment on column webhook_deliveries.run_start_attempt is 'attempts made before the current run; a replay starts a new run of the retry schedule'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("webhook_deliveries").dropConstraint("webhook_deliveries_run_start_attempt_check").execute();
  await db.schema.alterTable("webhook_deliveries").dropColumn("run_start_attempt").execute();
  await db.schema
    .alterTable("webhook_endpoints")
    .dropColumn("deleted_at")
    .dropColumn("previous_secret_expires_at")
    .dropColumn("previous_secret")
    .execute();
}
