import { type Kysely, sql } from "kysely";

/**
 * The spec's billing_history, the payment orders sent to the provider (Pesapal), the raw
 * provider notifications, and the invoice number sequence (INV-YYYY-NNNNNN).
 * Money is integer US cents.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create sequence invoice_number_seq start 1`.execute(db);

  await db.schema
    .createTable("billing_history")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("amount", "bigint", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull().defaultTo("USD"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("billing_date", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("invoice_number", "text", (c) => c.unique())
    .addColumn("payment_method", "text")
    .addColumn("metadata", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("package_name", "text", (c) => c.references("package_definitions.package_name").onUpdate("cascade"))
    .addColumn("billing_period", "text")
    .addColumn("payment_order_id", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("billing_history_status_check", sql`status in ('pending', 'completed', 'failed', 'refunded')`)
    .addCheckConstraint("billing_history_amount_check", sql`amount >= 0`)
    .addCheckConstraint("billing_history_currency_check", sql`currency ~ '^[A-Z]{3}$'`)
    .addCheckConstraint(
      "billing_history_billing_period_check",
      sql`billing_period is null or billing_period in ('monthly', 'yearly', 'threeYears')`,
    )
    .addCheckConstraint(
      "billing_history_invoice_number_check",
      sql`status not in ('completed', 'refunded') or invoice_number is not null`,
    )
    .addCheckConstraint("billing_history_metadata_check", sql`jsonb_typeof(metadata) = 'object'`)
    .execute();
  await db.schema
    .createIndex("billing_history_user_id_billing_date_idx")
    .on("billing_history")
    .columns(["user_id", "billing_date desc"])
    .execute();
  await db.schema
    .createIndex("billing_history_status_created_at_idx")
    .on("billing_history")
    .columns(["status", "created_at desc"])
    .execute();
  await db.schema.createIndex("billing_history_created_at_idx").on("billing_history").column("created_at desc").execute();
  await db.schema.createIndex("billing_history_payment_order_id_idx").on("billing_history").column("payment_order_id").execute();
  await sql`comment on column billing_history.amount is 'integer US cents'`.execute(db);
  await sql`comment on column billing_history.invoice_number is 'INV-YYYY-NNNNNN from invoice_number_seq; set when completed'`.execute(db);

  await db.schema
    .createTable("payment_orders")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("billing_history_id", "text", (c) => c.notNull().references("billing_history.id").onDelete("cascade"))
    .addColumn("package_name", "text", (c) =>
      c.notNull().references("package_definitions.package_name").onUpdate("cascade"),
    )
    .addColumn("billing_period", "text", (c) => c.notNull())
    .addColumn("amount", "bigint", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull().defaultTo("USD"))
    .addColumn("merchant_reference", "text", (c) => c.notNull().unique())
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("provider_order_tracking_id", "text", (c) => c.unique())
    .addColumn("redirect_url", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("confirmation_code", "text")
    .addColumn("payment_method", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("payment_orders_billing_period_check", sql`billing_period in ('monthly', 'yearly', 'threeYears')`)
    .addCheckConstraint(
      "payment_orders_status_check",
      sql`status in ('pending', 'completed', 'failed', 'cancelled', 'refunded')`,
    )
    .addCheckConstraint("payment_orders_amount_check", sql`amount >= 0`)
    .addCheckConstraint("payment_orders_currency_check", sql`currency ~ '^[A-Z]{3}$'`)
    .execute();
  await db.schema
    .createIndex("payment_orders_user_id_created_at_idx")
    .on("payment_orders")
    .columns(["user_id", "created_at desc"])
    .execute();
  await db.schema
    .createIndex("payment_orders_status_created_at_idx")
    .on("payment_orders")
    .columns(["status", "created_at desc"])
    .execute();
  await db.schema
    .createIndex("payment_orders_billing_history_id_idx")
    .on("payment_orders")
    .column("billing_history_id")
    .execute();
  await sql`comment on column payment_orders.amount is 'integer US cents'`.execute(db);
  await sql`comment on column payment_orders.merchant_reference is 'our reference sent to the provider; GetTransactionStatus must echo it'`.execute(db);

  // billing_history and payment_orders point at each other. This side is deferred so a
  // checkout transaction may insert the two rows in either order.
  await db.schema
    .alterTable("billing_history")
    .addForeignKeyConstraint("billing_history_payment_order_id_fkey", ["payment_order_id"], "payment_orders", ["id"], (fk) =>
      fk.onDelete("set null").deferrable().initiallyDeferred(),
    )
    .execute();

  await db.schema
    .createTable("provider_events")
    .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("order_tracking_id", "text")
    .addColumn("merchant_reference", "text")
    .addColumn("payload", "jsonb", (c) => c.notNull())
    .addColumn("received_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("processed_at", "timestamptz")
    .addColumn("outcome", "text")
    .addCheckConstraint("provider_events_kind_check", sql`kind in ('ipn', 'callback')`)
    .execute();
  await db.schema.createIndex("provider_events_order_tracking_id_idx").on("provider_events").column("order_tracking_id").execute();
  await db.schema.createIndex("provider_events_merchant_reference_idx").on("provider_events").column("merchant_reference").execute();
  await db.schema.createIndex("provider_events_received_at_idx").on("provider_events").column("received_at").execute();
  await sql`comment on table provider_events is 'raw IPN and callback notifications, kept for audit and replay'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("provider_events").execute();
  await db.schema.alterTable("billing_history").dropConstraint("billing_history_payment_order_id_fkey").execute();
  await db.schema.dropTable("payment_orders").execute();
  await db.schema.dropTable("billing_history").execute();
  await sql`drop sequence invoice_number_seq`.execute(db);
}
