import type { Kysely } from "kysely";

/**
 * GET /v1/executions lists an account's executions of one mode, newest first, by position
 * (queued_at, id) (decision 0031). This index answers it as one range whatever the page's depth
 * or the number of the account's executions of the other mode; it replaces the index on
 * (user_id, queued_at), whose only other use, finding an account's rows, it also serves.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("executions_user_id_mode_queued_at_id_idx")
    .on("executions")
    .columns(["user_id", "mode", "queued_at desc", "id desc"])
    .execute();
  await db.schema.dropIndex("executions_user_id_queued_at_idx").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("executions_user_id_queued_at_idx").on("executions").columns(["user_id", "queued_at desc"]).execute();
  await db.schema.dropIndex("executions_user_id_mode_queued_at_id_idx").execute();
}

