import { type Kysely, sql } from "kysely";

/**
 * Entitlements as a timeline of paid periods (DESIGN.md section 9, decision 0026): one row per
 * payment that bought time, with the plan and length it bought and when it was paid. Its dates
 * are laid out again from the rows still standing whenever one is added or removed, so a
 * reversal or refund takes away exactly what its payment bought. `starts_immediately` is an
 * upgrade: it starts when paid and cuts what ran then (their unused days were its credit).
 * Removed rows stay, with when and why, for the customer's and the administrator's timeline.
 * Existing live and scheduled subscriptions paid through an order become the first rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("paid_periods")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("billing_history_id", "text", (c) => c.notNull().unique().references("billing_history.id").onDelete("cascade"))
    .addColumn("plan_name", "text", (c) => c.notNull().references("package_definitions.package_name").onUpdate("cascade"))
    .addColumn("billing_period", "text")
    .addColumn("months", "integer")
    .addColumn("days", "integer")
    .addColumn("price_cents", "bigint", (c) => c.notNull())
    .addColumn("plan_change", "text", (c) => c.notNull())
    .addColumn("starts_immediately", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("paid_at", "timestamptz", (c) => c.notNull())
    .addColumn("starts_at", "timestamptz", (c) => c.notNull())
    .addColumn("ends_at", "timestamptz", (c) => c.notNull())
    .addColumn("removed_at", "timestamptz")
    .addColumn("removal_reason", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("paid_periods_length_check", sql`(months is null) <> (days is null) and coalesce(months, days) > 0`)
    .addCheckConstraint("paid_periods_billing_period_check", sql`billing_period is null or billing_period in ('monthly', 'yearly', 'threeYears')`)
    .addCheckConstraint("paid_periods_plan_change_check", sql`plan_change in ('new', 'renewal', 'upgrade', 'downgrade')`)
    .addCheckConstraint("paid_periods_dates_check", sql`ends_at >= starts_at`)
    .addCheckConstraint("paid_periods_removal_check", sql`(removed_at is null) = (removal_reason is null)`)
    .addCheckConstraint("paid_periods_price_cents_check", sql`price_cents >= 0`)
    .execute();
  await db.schema.createIndex("paid_periods_user_id_paid_at_idx").on("paid_periods").columns(["user_id", "paid_at", "id"]).execute();
  await db.schema
    .createIndex("paid_periods_ends_at_idx")
    .on("paid_periods")
    .column("ends_at")
    .where(sql<boolean>`removed_at is null`)
    .execute();
  await sql`comment on column paid_periods.price_cents is 'the period''s price in integer US cents (charged plus any credit): what a later upgrade''s credit is prorated from'`.execute(db);
  await sql`comment on column paid_periods.months is 'calendar months bought; days is used instead for a plan applied from the amount table'`.execute(db);
  await sql`comment on column paid_periods.starts_at is 'laid out from the standing rows (decision 0026); equal to ends_at when an upgrade credited all of it'`.execute(db);

  await sql`
    insert into paid_periods (id, user_id, billing_history_id, plan_name, billing_period, months, price_cents, plan_change, starts_immediately, paid_at, starts_at, ends_at)
    select 'per_' || substr(md5(s.id), 1, 22), s.user_id, o.billing_history_id, s.plan_name, s.billing_period,
           case s.billing_period when 'yearly' then 12 when 'threeYears' then 36 else 1 end,
           s.amount, case when s.status = 'scheduled' then 'downgrade' else 'new' end, false,
           coalesce(b.billing_date, s.current_period_start), s.current_period_start, s.next_billing_date
    from subscriptions s
    join payment_orders o on o.id = s.payment_order_id
    join billing_history b on b.id = o.billing_history_id
    where s.status in ('active', 'past_due', 'scheduled') and s.current_period_start is not null
      and s.next_billing_date >= s.current_period_start and b.status = 'completed'
    on conflict (billing_history_id) do nothing`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("paid_periods").execute();
}
