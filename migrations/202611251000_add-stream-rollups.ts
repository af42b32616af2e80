import { type Kysely, sql } from "kysely";

/**
 * A stream's history (issue 11): per-minute rollups of each field, moved from Redis by the
 * engine (engine/jobs/flush-stream-rollups.ts) so they survive Redis loss. Each stream has a
 * dataset (format `stream`, no file) whose rows are these rollups, one row a minute, so
 * /v1/data/analyze reads a stream's history by its dataset_id.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("datasets").dropConstraint("datasets_format_check").execute();
  await db.schema.alterTable("datasets").addCheckConstraint("datasets_format_check", sql`format in ('csv', 'json', 'ndjson', 'parquet', 'stream')`).execute();
  await db.schema.alterTable("streams").addColumn("dataset_id", "text", (c) => c.unique().references("datasets.id")).execute();

  await db.schema
    .createTable("stream_rollups")
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("mode", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("field", "text", (c) => c.notNull())
    .addColumn("minute", "timestamptz", (c) => c.notNull())
    .addColumn("count", "bigint", (c) => c.notNull().check(sql`count > 0`))
    .addColumn("sum", "double precision", (c) => c.notNull())
    .addColumn("min", "double precision", (c) => c.notNull())
    .addColumn("max", "double precision", (c) => c.notNull())
    .addPrimaryKeyConstraint("stream_rollups_pkey", ["user_id", "mode", "name", "minute", "field"])
    .addForeignKeyConstraint("stream_rollups_stream_fkey", ["user_id", "mode", "name"], "streams", ["user_id", "mode", "name"], (fk) => fk.onDelete("cascade"))
    .addCheckConstraint("stream_rollups_minute_check", sql`extract(second from minute) = 0`)
    .execute();
  await sql`comment on table stream_rollups is 'per-minute count, sum, min and max of a stream field, by event timestamp'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("stream_rollups").execute();
  await db.schema.alterTable("streams").dropColumn("dataset_id").execute();
  await db.deleteFrom("datasets").where("format", "=", "stream").execute();
  await db.schema.alterTable("datasets").dropConstraint("datasets_format_check").execute();
  await db.schema.alterTable("datasets").addCheckConstraint("datasets_format_check", sql`format in ('csv', 'json', 'ndjson', 'parquet')`).execute();
}
