import { type Kysely, sql } from "kysely";

/**
 * Webhook endpoints and events belong to a mode (DESIGN.md section 7): a test key manages only
 * test endpoints, which receive only test-mode events, and a live key only live ones. Until now
 * endpoints were account-wide and received live events only, so existing endpoints become live.
 * Existing events are live too, except those whose origin is known to be test mode (a test
 * execution, a test analysis, a test stream): those were recorded and delivered nowhere, and
 * keep saying what they were. Neither column has a default, so every insert names its mode.
 * Endpoints are looked up by account and mode (listing, and the fan-out of each event), never
 * deleted ones: the index for that replaces the one by account alone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("webhook_endpoints").addColumn("mode", "text", (c) => c.notNull().defaultTo("live")).execute();
  await sql`alter table webhook_endpoints alter column mode drop default`.execute(db);
  await sql`alter table webhook_endpoints add constraint webhook_endpoints_mode_check check (mode in ('live', 'test'))`.execute(db);
  await db.schema.dropIndex("webhook_endpoints_user_id_created_at_idx").execute();
  await db.schema
    .createIndex("webhook_endpoints_user_id_mode_created_at_idx")
    .on("webhook_endpoints")
    .columns(["user_id", "mode", "created_at desc"])
    .where(sql<boolean>`deleted_at is null`)
    .execute();

  await db.schema.alterTable("webhook_events").addColumn("mode", "text", (c) => c.notNull().defaultTo("live")).execute();
  await sql`alter table webhook_events alter column mode drop default`.execute(db);
  await sql`alter table webhook_events add constraint webhook_events_mode_check check (mode in ('live', 'test'))`.execute(db);
  await sql`
    update webhook_events ev set mode = 'test' from executions x
    where ev.type like 'workflow.%' and x.id = ev.payload->'data'->>'execution_id' and x.user_id = ev.user_id and x.mode = 'test'`.execute(db);
  await sql`
    update webhook_events ev set mode = 'test' from analyses a
    where ev.type like 'processing.%' and a.id = ev.payload->'data'->>'analysis_id' and a.user_id = ev.user_id and a.mode = 'test'`.execute(db);
  await sql`update webhook_events set mode = 'test' where type = 'stream.anomaly_detected' and payload->'data'->>'mode' = 'test'`.execute(db);
}

/**
 * Without modes every endpoint receives live events: test endpoints are soft-deleted first (their
 * rows and delivery logs stay), so none starts receiving live data.
 */
export async function down(db: Kysely<any>): Promise<void> {
  await sql`update webhook_endpoints set deleted_at = now(), is_active = false, updated_at = now() where mode = 'test' and deleted_at is null`.execute(db);
  await db.schema.alterTable("webhook_events").dropColumn("mode").execute();
  await db.schema.dropIndex("webhook_endpoints_user_id_mode_created_at_idx").execute();
  await db.schema.createIndex("webhook_endpoints_user_id_created_at_idx").on("webhook_endpoints").columns(["user_id", "created_at desc"]).execute();
  await db.schema.alterTable("webhook_endpoints").dropColumn("mode").execute();
}
