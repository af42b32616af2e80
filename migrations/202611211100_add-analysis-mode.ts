import { type Kysely, sql } from "kysely";

/**
 * Analyses belong to the mode of the key that made them (docs/decisions/0005), like datasets and
 * workflows: test keys see only test analyses, live keys only live ones. The mode was kept inside
 * `request` until now; existing rows take it from there (live when absent).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("analyses").addColumn("mode", "text", (c) => c.notNull().defaultTo("live")).execute();
  await sql`update analyses set mode = 'test' where request->>'mode' = 'test'`.execute(db);
  await sql`alter table analyses add constraint analyses_mode_check check (mode in ('live', 'test'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("analyses").dropColumn("mode").execute();
}
