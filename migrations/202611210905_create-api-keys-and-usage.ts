import { type Kysely, sql } from "kysely";

/**
 * API keys (stored as SHA-256 digests, never in plaintext; see
 * docs/decisions/0001-api-keys-stored-hashed.md), daily usage per endpoint category, and the
 * record of which monthly quota thresholds have already been announced.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("api_keys")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("key_name", "text", (c) => c.notNull())
    .addColumn("key_hash", "bytea", (c) => c.notNull().unique())
    .addColumn("key_prefix", "text", (c) => c.notNull())
    .addColumn("key_last4", "text", (c) => c.notNull())
    .addColumn("mode", "text", (c) => c.notNull().defaultTo("live"))
    .addColumn("permission", "text", (c) => c.notNull().defaultTo("write"))
    .addColumn("monthly_cap", "integer")
    .addColumn("is_active", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("imported", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("expires_at", "timestamptz")
    .addColumn("last_used_at", "timestamptz")
    .addColumn("revoked_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("api_keys_key_hash_check", sql`octet_length(key_hash) = 32`)
    .addCheckConstraint("api_keys_key_name_check", sql`btrim(key_name) <> ''`)
    .addCheckConstraint("api_keys_mode_check", sql`mode in ('live', 'test')`)
    .addCheckConstraint("api_keys_permission_check", sql`permission in ('read', 'write', 'admin')`)
    .addCheckConstraint("api_keys_monthly_cap_check", sql`monthly_cap is null or monthly_cap > 0`)
    .execute();
  await db.schema.createIndex("api_keys_user_id_created_at_idx").on("api_keys").columns(["user_id", "created_at desc"]).execute();
  await sql`comment on column api_keys.key_hash is 'SHA-256 of the full key; the key itself is never stored'`.execute(db);
  await sql`comment on column api_keys.key_prefix is 'first 8 characters of the key, for display'`.execute(db);
  await sql`comment on column api_keys.key_last4 is 'last 4 characters of the key, for display'`.execute(db);
  await sql`comment on column api_keys.monthly_cap is 'requests per calendar month for this key; null is unlimited'`.execute(db);
  await sql`comment on column api_keys.imported is 'an ak_ key imported from the previous platform'`.execute(db);

  // Usage rows are written by batch upserts (on conflict (user_id, endpoint, date)), so the
  // surrogate id is database-generated rather than a public id.
  await db.schema
    .createTable("api_usage")
    .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("endpoint", "text", (c) => c.notNull())
    .addColumn("request_count", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("bytes_processed", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("date", "date", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("api_usage_user_id_endpoint_date_key", ["user_id", "endpoint", "date"])
    .addCheckConstraint(
      "api_usage_endpoint_check",
      sql`endpoint in ('/api/data-processing', '/api/analytics', '/api/webhooks', '/api/general')`,
    )
    .addCheckConstraint("api_usage_request_count_check", sql`request_count >= 0`)
    .addCheckConstraint("api_usage_bytes_processed_check", sql`bytes_processed >= 0`)
    .execute();
  await db.schema.createIndex("api_usage_user_id_date_idx").on("api_usage").columns(["user_id", "date"]).execute();
  await db.schema.createIndex("api_usage_date_idx").on("api_usage").column("date").execute();
  await sql`comment on column api_usage.date is 'UTC calendar day'`.execute(db);

  await db.schema
    .createTable("usage_thresholds_notified")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("month", "date", (c) => c.notNull())
    .addColumn("threshold", "integer", (c) => c.notNull())
    .addColumn("notified_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("usage_thresholds_notified_pkey", ["user_id", "month", "threshold"])
    .addCheckConstraint("usage_thresholds_notified_threshold_check", sql`threshold in (80, 90, 100)`)
    .addCheckConstraint("usage_thresholds_notified_month_check", sql`extract(day from month) = 1`)
    .execute();
  await sql`comment on column usage_thresholds_notified.month is 'first day of the UTC calendar month'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("usage_thresholds_notified").execute();
  await db.schema.dropTable("api_usage").execute();
  await db.schema.dropTable("api_keys").execute();
}
