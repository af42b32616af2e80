import { type Kysely, sql } from "kysely";

/**
 * The delivery log, filtered, recovered and kept after its endpoint is deleted (decision 0033):
 * - failed deliveries of an endpoint by creation time, for `?status=failed` and for recovering a
 *   window of them (a partial index: only failed rows pay for it, and they are few);
 * - deleted endpoints by when, for the purge after the log's retention period;
 * - a deleted endpoint keeps no secret: it never signs again, and its row stays readable until
 *   purged. Endpoints deleted before now lose theirs here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("webhook_deliveries_endpoint_id_failed_created_at_idx")
    .on("webhook_deliveries")
    .columns(["endpoint_id", "created_at desc", "id desc"])
    .where(sql<boolean>`status = 'failed'`)
    .execute();
  await db.schema
    .createIndex("webhook_endpoints_deleted_at_idx")
    .on("webhook_endpoints")
    .column("deleted_at")
    .where(sql<boolean>`deleted_at is not null`)
    .execute();
  await sql`update webhook_endpoints set secret = '', previous_secret = null, previous_secret_expires_at = null where deleted_at is not null`.execute(db);
  await sql`
    alter table webhook_endpoints add constraint webhook_endpoints_deleted_secret_check
    check (deleted_at is null or (secret = '' and previous_secret is null))`.execute(db);
}

/** The erased secrets stay erased. */
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table webhook_endpoints drop constraint webhook_endpoints_deleted_secret_check`.execute(db);
  await db.schema.dropIndex("webhook_endpoints_deleted_at_idx").execute();
  await db.schema.dropIndex("webhook_deliveries_endpoint_id_failed_created_at_idx").execute();
}
