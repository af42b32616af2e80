import { type Kysely, sql } from "kysely";

/**
 * Uploaded datasets (DESIGN.md section 8): the largest upload each package accepts, and a dataset's
 * processing state. A dataset row is written when its upload has been stored, as `processing`;
 * the engine's ingest makes it `ready` (schema, row count) or `failed` (error, files removed).
 * `mode`: test keys see only the datasets made with test keys, live keys only live ones.
 */
const MAX_UPLOAD_BYTES: Record<string, number> = {
  free: 50_000_000,
  starter: 250_000_000,
  professional_100000: 1_000_000_000,
  professional_250000: 1_000_000_000,
  professional_500000: 1_000_000_000,
  professional_1000000: 1_000_000_000,
  professional_2500000: 1_000_000_000,
  enterprise: 5_000_000_000,
};

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("package_definitions")
    .addColumn("max_upload_bytes", "bigint", (c) => c.notNull().defaultTo(50_000_000).check(sql`max_upload_bytes > 0`))
    .execute();
  for (const [packageName, bytes] of Object.entries(MAX_UPLOAD_BYTES)) {
    await db.updateTable("package_definitions").set({ max_upload_bytes: bytes }).where("package_name", "=", packageName).execute();
  }
  await sql`comment on column package_definitions.max_upload_bytes is 'largest dataset upload accepted, in bytes'`.execute(db);

  await db.schema
    .alterTable("datasets")
    .addColumn("mode", "text", (c) => c.notNull().defaultTo("live"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("ready"))
    .addColumn("error", "jsonb")
    .addColumn("ready_at", "timestamptz")
    .execute();
  await sql`alter table datasets add constraint datasets_mode_check check (mode in ('live', 'test'))`.execute(db);
  await sql`alter table datasets add constraint datasets_status_check check (status in ('processing', 'ready', 'failed'))`.execute(db);
  await sql`comment on column datasets.error is '{code, message} of a failed ingest'`.execute(db);
  await db.schema.dropIndex("datasets_user_id_created_at_idx").execute();
  await db.schema
    .createIndex("datasets_user_id_mode_created_at_idx")
    .on("datasets")
    .columns(["user_id", "mode", "created_at desc"])
    .where(sql.ref("deleted_at"), "is", null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("datasets_user_id_mode_created_at_idx").execute();
  await db.schema.createIndex("datasets_user_id_created_at_idx").on("datasets").columns(["user_id", "created_at desc"]).execute();
  await db.schema.alterTable("datasets").dropColumn("ready_at").dropColumn("error").dropColumn("status").dropColumn("mode").execute();
  await db.schema.alterTable("package_definitions").dropColumn("max_upload_bytes").execute();
}
