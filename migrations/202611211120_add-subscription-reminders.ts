import { type Kysely, sql } from "kysely";

/**
 * Renewal reminders are sent once each per subscription period (7 and 1 days before expiry).
 * The subscription records the period end it last reminded about and how many days before it
 * that reminder was, so a later, nearer reminder is still due and a repeated run sends nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("subscriptions")
    .addColumn("reminded_for_period_end", "timestamptz")
    .addColumn("reminded_days_before", "smallint")
    .execute();
  await sql`alter table subscriptions add constraint subscriptions_reminded_days_before_check check (reminded_days_before is null or reminded_days_before > 0)`.execute(db);
  await sql`comment on column subscriptions.reminded_for_period_end is 'next_billing_date of the period the last renewal reminder was for'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("subscriptions").dropConstraint("subscriptions_reminded_days_before_check").execute();
  await db.schema.alterTable("subscriptions").dropColumn("reminded_days_before").dropColumn("reminded_for_period_end").execute();
}
