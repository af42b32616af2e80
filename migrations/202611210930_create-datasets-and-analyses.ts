import { type Kysely, sql } from "kysely";

/** Uploaded datasets (files under DATA_DIR) and analysis jobs (DESIGN.md section 8). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("datasets")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("format", "text", (c) => c.notNull())
    .addColumn("storage_path", "text", (c) => c.notNull())
    .addColumn("size_bytes", "bigint", (c) => c.notNull())
    .addColumn("row_count", "bigint")
    .addColumn("columns", "jsonb")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("deleted_at", "timestamptz")
    .addCheckConstraint("datasets_format_check", sql`format in ('csv', 'json', 'ndjson', 'parquet')`)
    .addCheckConstraint("datasets_size_bytes_check", sql`size_bytes >= 0`)
    .addCheckConstraint("datasets_row_count_check", sql`row_count is null or row_count >= 0`)
    .execute();
  await db.schema
    .createIndex("datasets_user_id_created_at_idx")
    .on("datasets")
    .columns(["user_id", "created_at desc"])
    .execute();
  await sql`comment on column datasets.storage_path is 'path relative to DATA_DIR'`.execute(db);

  await db.schema
    .createTable("analyses")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("dataset_id", "text", (c) => c.references("datasets.id").onDelete("set null"))
    .addColumn("analysis", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("queued"))
    .addColumn("request", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("result", "jsonb")
    .addColumn("error", "jsonb")
    .addColumn("bytes_processed", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("processing_time_ms", "integer")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("completed_at", "timestamptz")
    .addCheckConstraint("analyses_status_check", sql`status in ('queued', 'running', 'completed', 'failed')`)
    .addCheckConstraint("analyses_bytes_processed_check", sql`bytes_processed >= 0`)
    .execute();
  await db.schema
    .createIndex("analyses_user_id_created_at_idx")
    .on("analyses")
    .columns(["user_id", "created_at desc"])
    .execute();
  await db.schema.createIndex("analyses_dataset_id_idx").on("analyses").column("dataset_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("analyses").execute();
  await db.schema.dropTable("datasets").execute();
}
