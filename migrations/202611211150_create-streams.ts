import { type Kysely, sql } from "kysely";

/**
 * Real-time streams (issue 11). The statistics live in Redis (gateway/streams); this table
 * records which streams an account has, per mode, so listing them never scans Redis.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("streams")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("mode", "text", (c) => c.notNull().check(sql`mode in ('live', 'test')`))
    .addColumn("name", "text", (c) => c.notNull().check(sql`name ~ '^[a-z0-9][a-z0-9_-]{0,62}$'`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("last_event_at", "timestamptz")
    .addPrimaryKeyConstraint("streams_pkey", ["user_id", "mode", "name"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("streams").execute();
}
