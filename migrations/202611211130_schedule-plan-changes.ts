import { type Kysely, sql } from "kysely";

/**
 * Downgrades start at the end of the period already paid for (DESIGN.md section 9). A paid
 * downgrade is a `scheduled` subscription: its plan, period and price, the period it will run
 * (current_period_start is the live period's end) and the order that paid for it. The engine
 * makes it the live subscription when the live one ends. At most one per account.
 * The unused `pending_plan_name` pointer goes: the scheduled row is the one record of a change.
 * An upgrade is charged less the unused time of the plan it replaces: the order keeps that credit.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("subscriptions").dropConstraint("subscriptions_status_check").execute();
  await sql`alter table subscriptions add constraint subscriptions_status_check check (status in ('active', 'past_due', 'scheduled', 'cancelled', 'expired'))`.execute(db);
  await db.schema.alterTable("subscriptions").dropColumn("pending_plan_name").execute();
  await db.schema
    .alterTable("subscriptions")
    .addColumn("payment_order_id", "text", (c) => c.references("payment_orders.id").onDelete("set null"))
    .execute();
  await sql`comment on column subscriptions.payment_order_id is 'the order that paid for this period, when one did'`.execute(db);
  await db.schema
    .createIndex("subscriptions_user_id_scheduled_key")
    .on("subscriptions")
    .unique()
    .column("user_id")
    .where(sql<boolean>`status = 'scheduled'`)
    .execute();
  await db.schema
    .alterTable("payment_orders")
    .addColumn("credit_cents", "bigint", (c) => c.notNull().defaultTo(0).check(sql`credit_cents >= 0`))
    .execute();
  await sql`comment on column payment_orders.credit_cents is 'unused time of the replaced plan, taken off the price; amount is what is charged'`.execute(db);
  await sql`alter table subscriptions add constraint subscriptions_scheduled_period_check check (status <> 'scheduled' or (current_period_start is not null and next_billing_date > current_period_start))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("subscriptions").dropConstraint("subscriptions_scheduled_period_check").execute();
  await db.schema.alterTable("payment_orders").dropColumn("credit_cents").execute();
  await db.schema.dropIndex("subscriptions_user_id_scheduled_key").execute();
  await db.schema.alterTable("subscriptions").dropColumn("payment_order_id").execute();
  await db.deleteFrom("subscriptions").where("status", "=", "scheduled").execute();
  await db.schema.alterTable("subscriptions").dropConstraint("subscriptions_status_check").execute();
  await sql`alter table subscriptions add constraint subscriptions_status_check check (status in ('active', 'past_due', 'cancelled', 'expired'))`.execute(db);
  await db.schema
    .alterTable("subscriptions")
    .addColumn("pending_plan_name", "text", (c) => c.references("package_definitions.package_name").onUpdate("cascade"))
    .execute();
}
