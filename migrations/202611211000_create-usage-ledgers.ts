import { type Kysely, sql } from "kysely";

/**
 * Ledgers of the metered path: usage per API key per month (for key caps and the dashboard),
 * and the usage-flush batches already applied, which make the engine's flush idempotent.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("api_key_usage")
    .addColumn("key_id", "text", (c) => c.notNull().references("api_keys.id").onDelete("cascade"))
    .addColumn("month", "date", (c) => c.notNull())
    .addColumn("request_count", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("api_key_usage_pkey", ["key_id", "month"])
    .addCheckConstraint("api_key_usage_month_check", sql`extract(day from month) = 1`)
    .addCheckConstraint("api_key_usage_request_count_check", sql`request_count >= 0`)
    .execute();

  await db.schema
    .createTable("usage_flush_batches")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("applied_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("usage_flush_batches_applied_at_idx").on("usage_flush_batches").column("applied_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("usage_flush_batches").execute();
  await db.schema.dropTable("api_key_usage").execute();
}
