import { type Kysely, sql } from "kysely";

/**
 * Two indexes hold only the rows their queries look for: open deliveries (the sweep of overdue
 * deliveries and the status check read pending and retrying ones, never finished ones) and
 * re-runs (most executions are not one). Rows outside them cost no index entry when written, and
 * the deliveries index no longer grows with every delivery ever made.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("webhook_deliveries_status_next_attempt_at_idx").execute();
  await db.schema
    .createIndex("webhook_deliveries_open_next_attempt_at_idx")
    .on("webhook_deliveries")
    .columns(["status", "next_attempt_at"])
    .where(sql<boolean>`status in ('pending', 'retrying')`)
    .execute();
  await db.schema.dropIndex("executions_rerun_of_idx").execute();
  await db.schema.createIndex("executions_rerun_of_idx").on("executions").column("rerun_of").where(sql<boolean>`rerun_of is not null`).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("executions_rerun_of_idx").execute();
  await db.schema.createIndex("executions_rerun_of_idx").on("executions").column("rerun_of").execute();
  await db.schema.dropIndex("webhook_deliveries_open_next_attempt_at_idx").execute();
  await db.schema.createIndex("webhook_deliveries_status_next_attempt_at_idx").on("webhook_deliveries").columns(["status", "next_attempt_at"]).execute();
}
