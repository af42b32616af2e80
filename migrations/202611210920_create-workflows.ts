import { type Kysely, sql } from "kysely";

/**
 * Workflows, their executions and the per-step record the engine claims before any side
 * effect (DESIGN.md section 6).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("workflows")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("trigger", "jsonb", (c) => c.notNull())
    .addColumn("actions", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("hook_secret", "text", (c) => c.notNull())
    .addColumn("mode", "text", (c) => c.notNull().defaultTo("live"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("last_run_at", "timestamptz")
    .addColumn("deleted_at", "timestamptz")
    .addCheckConstraint("workflows_name_check", sql`btrim(name) <> ''`)
    .addCheckConstraint("workflows_status_check", sql`status in ('active', 'draft')`)
    .addCheckConstraint("workflows_mode_check", sql`mode in ('live', 'test')`)
    .addCheckConstraint("workflows_trigger_check", sql`jsonb_typeof(trigger) = 'object' and trigger ? 'type'`)
    .addCheckConstraint("workflows_actions_check", sql`jsonb_typeof(actions) = 'array'`)
    .execute();
  await db.schema
    .createIndex("workflows_user_id_created_at_idx")
    .on("workflows")
    .columns(["user_id", "created_at desc"])
    .execute();
  // The engine loads scheduled workflows at boot to register their job schedulers.
  await db.schema
    .createIndex("workflows_schedule_idx")
    .on("workflows")
    .column("id")
    .where(sql<boolean>`trigger ->> 'type' = 'schedule' and status = 'active' and deleted_at is null`)
    .execute();
  await sql`comment on column workflows.hook_secret is 'secret path segment of /hooks/{id}/{secret}; stored because webhook_url is shown again; compare in constant time'`.execute(db);

  await db.schema
    .createTable("executions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("workflow_id", "text", (c) => c.notNull().references("workflows.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("queued"))
    .addColumn("trigger_type", "text", (c) => c.notNull())
    .addColumn("trigger_data", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("mode", "text", (c) => c.notNull().defaultTo("live"))
    .addColumn("idempotency_key", "text")
    .addColumn("rerun_of", "text", (c) => c.references("executions.id").onDelete("set null"))
    .addColumn("error", "jsonb")
    .addColumn("queued_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("started_at", "timestamptz")
    .addColumn("finished_at", "timestamptz")
    .addColumn("cancel_requested_at", "timestamptz")
    .addCheckConstraint(
      "executions_status_check",
      sql`status in ('queued', 'running', 'completed', 'failed', 'cancelled')`,
    )
    .addCheckConstraint("executions_trigger_type_check", sql`trigger_type in ('webhook', 'schedule', 'manual')`)
    .addCheckConstraint("executions_mode_check", sql`mode in ('live', 'test')`)
    .execute();
  await db.schema
    .createIndex("executions_workflow_id_queued_at_idx")
    .on("executions")
    .columns(["workflow_id", "queued_at desc"])
    .execute();
  await db.schema
    .createIndex("executions_user_id_queued_at_idx")
    .on("executions")
    .columns(["user_id", "queued_at desc"])
    .execute();
  await db.schema.createIndex("executions_rerun_of_idx").on("executions").column("rerun_of").execute();
  await db.schema
    .createIndex("executions_workflow_id_idempotency_key_idx")
    .on("executions")
    .columns(["workflow_id", "idempotency_key"])
    .where(sql<boolean>`idempotency_key is not null`)
    .execute();
  // Recovery sweeps look for executions that are not finished.
  await db.schema
    .createIndex("executions_unfinished_idx")
    .on("executions")
    .columns(["status", "queued_at"])
    .where(sql<boolean>`status in ('queued', 'running')`)
    .execute();

  await db.schema
    .createTable("execution_steps")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("execution_id", "text", (c) => c.notNull().references("executions.id").onDelete("cascade"))
    .addColumn("step_index", "integer", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("input", "jsonb")
    .addColumn("output", "jsonb")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("error", "jsonb")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("started_at", "timestamptz")
    .addColumn("finished_at", "timestamptz")
    .addUniqueConstraint("execution_steps_execution_id_step_index_key", ["execution_id", "step_index"])
    .addCheckConstraint("execution_steps_step_index_check", sql`step_index >= 0`)
    .addCheckConstraint(
      "execution_steps_type_check",
      sql`type in ('http_request', 'send_email', 'chat_message', 'delay', 'condition', 'transform')`,
    )
    .addCheckConstraint(
      "execution_steps_status_check",
      sql`status in ('pending', 'running', 'completed', 'failed', 'skipped', 'cancelled')`,
    )
    .addCheckConstraint("execution_steps_attempts_check", sql`attempts >= 0`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("execution_steps").execute();
  await db.schema.dropTable("executions").execute();
  await db.schema.dropTable("workflows").execute();
}
