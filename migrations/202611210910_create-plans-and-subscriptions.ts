import { type Kysely, sql } from "kysely";

/**
 * The plan catalogue (package_definitions, seeded from core/plans.ts and admin-editable), each
 * account's current package, and its paid subscription. Money is integer US cents.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("package_definitions")
    .addColumn("package_name", "text", (c) => c.primaryKey())
    .addColumn("display_name", "text", (c) => c.notNull())
    .addColumn("request_limit", "bigint", (c) => c.notNull())
    .addColumn("rate_limit_per_minute", "integer", (c) => c.notNull())
    .addColumn("data_limit_bytes", "bigint", (c) => c.notNull())
    .addColumn("monthly_price_cents", "bigint", (c) => c.notNull())
    .addColumn("contact_sales", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("is_active", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("package_definitions_request_limit_check", sql`request_limit = -1 or request_limit >= 0`)
    .addCheckConstraint("package_definitions_rate_limit_per_minute_check", sql`rate_limit_per_minute > 0`)
    .addCheckConstraint("package_definitions_data_limit_bytes_check", sql`data_limit_bytes = -1 or data_limit_bytes >= 0`)
    .addCheckConstraint("package_definitions_monthly_price_cents_check", sql`monthly_price_cents >= 0`)
    .execute();
  await sql`comment on column package_definitions.request_limit is 'requests per calendar month; -1 is unlimited'`.execute(db);
  await sql`comment on column package_definitions.data_limit_bytes is 'bytes processed per calendar month; -1 is unlimited'`.execute(db);
  await sql`comment on column package_definitions.monthly_price_cents is 'integer US cents'`.execute(db);

  await db.schema
    .createTable("user_packages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().unique().references("users.id").onDelete("cascade"))
    .addColumn("package_name", "text", (c) =>
      c.notNull().references("package_definitions.package_name").onUpdate("cascade"),
    )
    .addColumn("expires_at", "timestamptz")
    .addColumn("request_limit", "bigint")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("user_packages_request_limit_check", sql`request_limit is null or request_limit = -1 or request_limit >= 0`)
    .execute();
  await db.schema.createIndex("user_packages_package_name_idx").on("user_packages").column("package_name").execute();
  await db.schema.createIndex("user_packages_expires_at_idx").on("user_packages").column("expires_at").execute();
  await sql`comment on column user_packages.request_limit is 'requests per calendar month for this account; null uses the package limit, -1 is unlimited'`.execute(db);
  await sql`comment on column user_packages.expires_at is 'null never expires (the free package)'`.execute(db);

  await db.schema
    .createTable("subscriptions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("plan_name", "text", (c) => c.notNull().references("package_definitions.package_name").onUpdate("cascade"))
    .addColumn("pending_plan_name", "text", (c) => c.references("package_definitions.package_name").onUpdate("cascade"))
    .addColumn("billing_period", "text", (c) => c.notNull())
    .addColumn("amount", "bigint", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull().defaultTo("USD"))
    .addColumn("current_period_start", "timestamptz")
    .addColumn("next_billing_date", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("subscriptions_status_check", sql`status in ('active', 'past_due', 'cancelled', 'expired')`)
    .addCheckConstraint("subscriptions_billing_period_check", sql`billing_period in ('monthly', 'yearly', 'threeYears')`)
    .addCheckConstraint("subscriptions_amount_check", sql`amount >= 0`)
    .addCheckConstraint("subscriptions_currency_check", sql`currency ~ '^[A-Z]{3}$'`)
    .execute();
  await db.schema.createIndex("subscriptions_user_id_status_idx").on("subscriptions").columns(["user_id", "status"]).execute();
  // At most one live (active or past_due) subscription per account.
  await db.schema
    .createIndex("subscriptions_user_id_current_key")
    .on("subscriptions")
    .unique()
    .column("user_id")
    .where(sql<boolean>`status in ('active', 'past_due')`)
    .execute();
  await db.schema
    .createIndex("subscriptions_status_next_billing_date_idx")
    .on("subscriptions")
    .columns(["status", "next_billing_date"])
    .execute();
  await sql`comment on column subscriptions.amount is 'integer US cents'`.execute(db);
  await sql`comment on column subscriptions.pending_plan_name is 'downgrade scheduled for the end of the current period'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("subscriptions").execute();
  await db.schema.dropTable("user_packages").execute();
  await db.schema.dropTable("package_definitions").execute();
}
