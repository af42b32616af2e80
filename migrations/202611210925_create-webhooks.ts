import { type Kysely, sql } from "kysely";

/**
 * Outgoing webhooks (DESIGN.md section 7): account endpoints, the events emitted, one delivery
 * per (event, endpoint) and a log of every attempt.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("webhook_endpoints")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("events", sql`text[]`, (c) => c.notNull())
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("is_active", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("disabled_at", "timestamptz")
    .addColumn("failing_since", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("webhook_endpoints_events_check", sql`cardinality(events) > 0`)
    .execute();
  await db.schema
    .createIndex("webhook_endpoints_user_id_created_at_idx")
    .on("webhook_endpoints")
    .columns(["user_id", "created_at desc"])
    .execute();
  await sql`comment on column webhook_endpoints.secret is 'whsec_ signing secret; stored in plaintext because every delivery is signed with it'`.execute(db);
  await sql`comment on column webhook_endpoints.failing_since is 'start of the current run of failed deliveries; the endpoint is disabled after 5 days'`.execute(db);

  await db.schema
    .createTable("webhook_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("payload", "jsonb", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("webhook_events_user_id_created_at_idx")
    .on("webhook_events")
    .columns(["user_id", "created_at desc"])
    .execute();
  await db.schema.createIndex("webhook_events_created_at_idx").on("webhook_events").column("created_at").execute();
  await sql`comment on column webhook_events.payload is 'the exact body sent: {id, type, timestamp, data}'`.execute(db);

  await db.schema
    .createTable("webhook_deliveries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("event_id", "text", (c) => c.notNull().references("webhook_events.id").onDelete("cascade"))
    .addColumn("endpoint_id", "text", (c) => c.notNull().references("webhook_endpoints.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("attempt", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "timestamptz")
    .addColumn("response_status", "integer")
    .addColumn("response_body_excerpt", "text")
    .addColumn("duration_ms", "integer")
    .addColumn("error", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("webhook_deliveries_event_id_endpoint_id_key", ["event_id", "endpoint_id"])
    .addCheckConstraint(
      "webhook_deliveries_status_check",
      sql`status in ('pending', 'succeeded', 'failed', 'retrying')`,
    )
    .addCheckConstraint("webhook_deliveries_attempt_check", sql`attempt >= 0`)
    .execute();
  await db.schema
    .createIndex("webhook_deliveries_status_next_attempt_at_idx")
    .on("webhook_deliveries")
    .columns(["status", "next_attempt_at"])
    .execute();
  await db.schema
    .createIndex("webhook_deliveries_endpoint_id_created_at_idx")
    .on("webhook_deliveries")
    .columns(["endpoint_id", "created_at desc"])
    .execute();

  await db.schema
    .createTable("webhook_delivery_attempts")
    .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("delivery_id", "text", (c) => c.notNull().references("webhook_deliveries.id").onDelete("cascade"))
    .addColumn("attempt", "integer", (c) => c.notNull())
    .addColumn("requested_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("response_status", "integer")
    .addColumn("duration_ms", "integer")
    .addColumn("error", "text")
    .addCheckConstraint("webhook_delivery_attempts_attempt_check", sql`attempt >= 1`)
    .execute();
  await db.schema
    .createIndex("webhook_delivery_attempts_delivery_id_attempt_idx")
    .on("webhook_delivery_attempts")
    .columns(["delivery_id", "attempt"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("webhook_delivery_attempts").execute();
  await db.schema.dropTable("webhook_deliveries").execute();
  await db.schema.dropTable("webhook_events").execute();
  await db.schema.dropTable("webhook_endpoints").execute();
}
