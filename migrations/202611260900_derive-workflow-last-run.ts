import { type Kysely, sql } from "kysely";

/**
 * A workflow's last run is derived from its executions (the latest started_at) instead of being
 * written to the workflows row on every start: that write locked the one row every concurrent
 * execution of a workflow shares, so their commits went one at a time. The partial index answers
 * "latest start of this workflow" from its top entry.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("executions_workflow_id_started_at_idx")
    .on("executions")
    .columns(["workflow_id", "started_at desc"])
    .where(sql<boolean>`started_at is not null`)
    .execute();
  await db.schema.alterTable("workflows").dropColumn("last_run_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("workflows").addColumn("last_run_at", "timestamptz").execute();
  await sql`update workflows set last_run_at = (select max(started_at) from executions where executions.workflow_id = workflows.id)`.execute(db);
  await db.schema.dropIndex("executions_workflow_id_started_at_idx").execute();
}
