import { type Kysely, sql } from "kysely";

/** The admin audit trail and stored responses for Idempotency-Key requests (24 h). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("audit_log")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("actor_user_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("target_type", "text")
    .addColumn("target_id", "text")
    .addColumn("metadata", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("ip", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("audit_log_created_at_idx").on("audit_log").column("created_at desc").execute();
  await db.schema
    .createIndex("audit_log_actor_user_id_created_at_idx")
    .on("audit_log")
    .columns(["actor_user_id", "created_at desc"])
    .execute();
  await db.schema
    .createIndex("audit_log_target_idx")
    .on("audit_log")
    .columns(["target_type", "target_id", "created_at desc"])
    .execute();
  await sql`comment on column audit_log.actor_user_id is 'null for system actions and for deleted actors'`.execute(db);

  await db.schema
    .createTable("idempotency_keys")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("request_hash", "bytea", (c) => c.notNull())
    .addColumn("resource_id", "text")
    .addColumn("response_status", "integer")
    .addColumn("response", "jsonb")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addPrimaryKeyConstraint("idempotency_keys_pkey", ["user_id", "scope", "key"])
    .execute();
  await db.schema.createIndex("idempotency_keys_expires_at_idx").on("idempotency_keys").column("expires_at").execute();
  await sql`comment on column idempotency_keys.scope is 'the operation, e.g. workflow execute or inbound hook of one workflow'`.execute(db);
  await sql`comment on column idempotency_keys.request_hash is 'SHA-256 of the request; a reused key with another request is a conflict'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("idempotency_keys").execute();
  await db.schema.dropTable("audit_log").execute();
}
