import { type Kysely, sql } from "kysely";

/**
 * `dry_run`: an e-mail a test-mode workflow run wrote to the outbox instead of sending
 * (DESIGN.md section 6). It is shown in the outbox and never delivered.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table email_outbox drop constraint email_outbox_status_check`.execute(db);
  await sql`alter table email_outbox add constraint email_outbox_status_check check (status in ('queued', 'sent', 'failed', 'dry_run'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update email_outbox set status = 'failed' where status = 'dry_run'`.execute(db);
  await sql`alter table email_outbox drop constraint email_outbox_status_check`.execute(db);
  await sql`alter table email_outbox add constraint email_outbox_status_check check (status in ('queued', 'sent', 'failed'))`.execute(db);
}
