import { type Kysely, sql } from "kysely";

/**
 * Issue 38, orders: a pending order expires (`expires_at`, extended when a new checkout for the
 * same plan and period reuses it), a flagged order's review is resolved by an administrator
 * (`review_resolved_at`, `review_resolved_by`), and a cancelled payment is "cancelled" in the
 * billing history too, not "failed".
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("payment_orders")
    .addColumn("expires_at", "timestamptz")
    .addColumn("review_resolved_at", "timestamptz")
    .addColumn("review_resolved_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  // Orders already open get the same 24 hours from their creation.
  await sql`update payment_orders set expires_at = created_at + interval '24 hours' where status = 'pending'`.execute(db);
  await db.schema
    .createIndex("payment_orders_open_expires_at_idx")
    .on("payment_orders")
    .column("expires_at")
    .where(sql.ref("status"), "=", "pending")
    .execute();
  await db.schema
    .createIndex("payment_orders_open_user_plan_idx")
    .on("payment_orders")
    .columns(["user_id", "package_name", "billing_period"])
    .where(sql.ref("status"), "=", "pending")
    .execute();
  // Flags an administrator already acted on (completed, refunded) or that ended unpaid are not
  // waiting for review; the rest (a mismatched reversal left "completed") are.
  await sql`
    update payment_orders o set review_resolved_at = b.updated_at
    from billing_history b
    where o.billing_history_id = b.id and o.flagged_at is not null
      and (b.metadata ? 'completed_by_admin' or b.metadata ? 'refunded_by' or o.status in ('failed', 'cancelled'))
  `.execute(db);
  await sql`comment on column payment_orders.expires_at is 'a pending order is cancelled at the provider after this (order-expiry.ts)'`.execute(db);

  await db.schema.alterTable("billing_history").dropConstraint("billing_history_status_check").execute();
  await db.schema
    .alterTable("billing_history")
    .addCheckConstraint("billing_history_status_check", sql`status in ('pending', 'completed', 'failed', 'cancelled', 'refunded')`)
    .execute();
  await sql`
    update billing_history b set status = 'cancelled', updated_at = now()
    from payment_orders o
    where o.billing_history_id = b.id and o.status = 'cancelled' and b.status = 'failed'
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update billing_history set status = 'failed' where status = 'cancelled'`.execute(db);
  await db.schema.alterTable("billing_history").dropConstraint("billing_history_status_check").execute();
  await db.schema
    .alterTable("billing_history")
    .addCheckConstraint("billing_history_status_check", sql`status in ('pending', 'completed', 'failed', 'refunded')`)
    .execute();
  await db.schema.dropIndex("payment_orders_open_user_plan_idx").execute();
  await db.schema.dropIndex("payment_orders_open_expires_at_idx").execute();
  await db.schema.alterTable("payment_orders").dropColumn("review_resolved_by").dropColumn("review_resolved_at").dropColumn("expires_at").execute();
}
