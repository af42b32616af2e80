import { sql } from "kysely";
import type { Database } from "../../core/db/client.js";
import { FREE_PLAN_NAME } from "../../core/plans.js";

/** Queries of the subscription renewal task: periods ending soon, lapsed plans, reminder claims. */

const LIVE = ["active", "past_due"] as const;

/** Active subscriptions whose period ends in (now, until] and is not followed by a paid one, with their plan and customer. */
export function listEndingSubscriptions(db: Database, now: Date, until: Date) {
  return db
    .selectFrom("subscriptions as s")
    .innerJoin("users as u", "u.id", "s.user_id")
    .leftJoin("profiles as p", "p.user_id", "s.user_id")
    .innerJoin("package_definitions as d", "d.package_name", "s.plan_name")
    .select([
      "s.id", "s.user_id", "s.plan_name", "s.billing_period", "s.next_billing_date", "s.reminded_for_period_end", "s.reminded_days_before",
      "u.email", "p.full_name", "d.display_name", "d.request_limit", "d.monthly_price_cents",
    ])
    .where("s.status", "=", "active")
    .where("s.next_billing_date", ">", now)
    .where("s.next_billing_date", "<=", until)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("subscriptions as next").select("next.id").whereRef("next.user_id", "=", "s.user_id").where("next.status", "=", "scheduled"))),
    )
    .orderBy("s.id")
    .execute();
}

/** Accounts with a scheduled plan whose start has come. */
export async function listDueScheduledPlans(db: Database, now: Date): Promise<string[]> {
  const rows = await db.selectFrom("subscriptions").select("user_id").where("status", "=", "scheduled").where("current_period_start", "<=", now).execute();
  return rows.map((row) => row.user_id);
}

/**
 * Records that the `daysBefore` reminder of the subscription's current period is sent; false
 * when it (or a nearer one) already was, or the period changed meanwhile (a renewal).
 */
export async function claimReminder(trx: Database, subscriptionId: string, periodEnd: Date, daysBefore: number): Promise<boolean> {
  const claimed = await trx
    .updateTable("subscriptions")
    .set({ reminded_for_period_end: periodEnd, reminded_days_before: daysBefore, updated_at: sql`now()` })
    .where("id", "=", subscriptionId)
    .where("status", "=", "active")
    .where("next_billing_date", "=", periodEnd)
    .where((eb) => eb.or([eb("reminded_for_period_end", "is", null), eb("reminded_for_period_end", "!=", periodEnd), eb("reminded_days_before", ">", daysBefore)]))
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Active subscriptions past their period end are past due: still on their plan, in the grace days. */
export async function markPastDue(db: Database, now: Date): Promise<number> {
  const updated = await db
    .updateTable("subscriptions")
    .set({ status: "past_due", updated_at: sql`now()` })
    .where("status", "=", "active")
    .where("next_billing_date", "<=", now)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows);
}

/** Accounts whose paid package, or live subscription, ended at or before `cutoff`. */
export async function listLapsedAccounts(db: Database, cutoff: Date): Promise<string[]> {
  const rows = await db
    .selectFrom("user_packages")
    .select("user_id")
    .where("package_name", "!=", FREE_PLAN_NAME)
    .where("expires_at", "<=", cutoff)
    .union(db.selectFrom("subscriptions").select("user_id").where("status", "in", LIVE).where("next_billing_date", "<=", cutoff))
    .execute();
  return rows.map((row) => row.user_id);
}

/** Ends a live subscription whose period is over when the package is no longer its own (nothing to revert). */
export async function expireLiveSubscription(trx: Database, userId: string, cutoff: Date): Promise<void> {
  await trx
    .updateTable("subscriptions")
    .set({ status: "expired", updated_at: sql`now()` })
    .where("user_id", "=", userId)
    .where("status", "in", LIVE)
    .where("next_billing_date", "<=", cutoff)
    .execute();
}
