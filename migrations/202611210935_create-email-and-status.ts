import { type Kysely, sql } from "kysely";

/**
 * The e-mail outbox (also the development mailbox) and the public status page: probe samples,
 * incidents and e-mail subscribers.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("email_outbox")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text_body", "text", (c) => c.notNull())
    .addColumn("html_body", "text")
    .addColumn("template", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("queued"))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("sent_at", "timestamptz")
    .addCheckConstraint("email_outbox_status_check", sql`status in ('queued', 'sent', 'failed')`)
    .addCheckConstraint("email_outbox_attempts_check", sql`attempts >= 0`)
    .execute();
  await db.schema.createIndex("email_outbox_status_created_at_idx").on("email_outbox").columns(["status", "created_at"]).execute();
  await db.schema
    .createIndex("email_outbox_to_address_created_at_idx")
    .on("email_outbox")
    .expression(sql`lower(to_address), created_at desc`)
    .execute();
  await db.schema.createIndex("email_outbox_created_at_idx").on("email_outbox").column("created_at desc").execute();

  await db.schema
    .createTable("status_samples")
    .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("component", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("latency_ms", "integer")
    .addColumn("checked_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("status_samples_status_check", sql`status in ('operational', 'degraded', 'down')`)
    .execute();
  await db.schema
    .createIndex("status_samples_component_checked_at_idx")
    .on("status_samples")
    .columns(["component", "checked_at desc"])
    .execute();
  await db.schema.createIndex("status_samples_checked_at_idx").on("status_samples").column("checked_at").execute();

  await db.schema
    .createTable("incidents")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("investigating"))
    .addColumn("impact", "text", (c) => c.notNull().defaultTo("minor"))
    .addColumn("started_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("resolved_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      "incidents_status_check",
      sql`status in ('investigating', 'identified', 'monitoring', 'resolved', 'completed')`,
    )
    .addCheckConstraint("incidents_impact_check", sql`impact in ('none', 'minor', 'major', 'critical')`)
    .execute();
  await db.schema.createIndex("incidents_started_at_idx").on("incidents").column("started_at desc").execute();

  await db.schema
    .createTable("status_subscribers")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("confirm_token_hash", "bytea", (c) => c.unique())
    .addColumn("confirmed_at", "timestamptz")
    .addColumn("unsubscribed_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      "status_subscribers_confirm_token_hash_check",
      sql`confirm_token_hash is null or octet_length(confirm_token_hash) = 32`,
    )
    .execute();
  await db.schema
    .createIndex("status_subscribers_email_lower_key")
    .on("status_subscribers")
    .unique()
    .expression(sql`lower(email)`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("status_subscribers").execute();
  await db.schema.dropTable("incidents").execute();
  await db.schema.dropTable("status_samples").execute();
  await db.schema.dropTable("email_outbox").execute();
}
