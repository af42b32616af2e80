import { type Kysely, sql } from "kysely";

/**
 * An analysis's request and result become json instead of jsonb: jsonb reorders object keys
 * (shorter keys first), so inline rows came back with their columns reordered (the default value
 * column became the one with the shortest name) and a summary's statistics lost the dataset's
 * column order. json keeps the text as sent, key order included; nothing queries inside these
 * columns (docs/decisions/0022-analysis-columns-said-out-loud.md).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table analyses alter column request drop default`.execute(db);
  await sql`alter table analyses alter column request type json using request::json, alter column result type json using result::json`.execute(db);
  await sql`alter table analyses alter column request set default '{}'::json`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table analyses alter column request drop default`.execute(db);
  await sql`alter table analyses alter column request type jsonb using request::jsonb, alter column result type jsonb using result::jsonb`.execute(db);
  await sql`alter table analyses alter column request set default '{}'::jsonb`.execute(db);
}
