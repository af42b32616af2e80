import { type Kysely, sql } from "kysely";

/**
 * Each step keeps the history of its attempts (core/contracts/step-attempts.ts): a column of the
 * step's row, so the statements that claim and end an attempt write it with no statement of its
 * own, and it goes when the execution is purged. Rows written before it have none (null).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table execution_steps add column attempt_history jsonb`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table execution_steps drop column attempt_history`.execute(db);
}
