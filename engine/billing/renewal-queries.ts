import { sql } from "kysely";
import type { Database } from "../../core/db/client.js";
import { FREE_PLAN_NAME } from "../../core/plans.js";

/** Queries of the subscription renewal task: periods ending soon, lapsed plans, reminder claims. */

const LIVE = ["active", "past_due"] as const;

/**
 * Live subscriptions whose plan runs to the end of the account's paid time (the timeline's last
 * standing period) and that end ends in (now, until]: nothing paid follows. With plan and customer.
 */
export function listEndingSubscriptions(db: Database, now: Date, until: Date) {
  const paidUntil = db
    .selectFrom("paid_periods")
    .select((eb) => ["user_id", eb.fn.max("ends_at").as("paid_until")])
    .where("removed_at", "is", null)
    .groupBy("user_id")
    .as("t");
  return db
    .selectFrom("subscriptions as s")
    .innerJoin(paidUntil, "t.user_id", "s.user_id")
    .innerJoin("users as u", "u.id", "s.user_id")
    .leftJoin("profiles as p", "p.user_id", "s.user_id")
    .innerJoin("package_definitions as d", "d.package_name", "s.plan_name")
    .select([
      "s.id", "s.user_id", "s.plan_name", "s.billing_period", "t.paid_until", "s.reminded_for_period_end", "s.reminded_days_before",
      "u.email", "p.full_name", "d.display_name", "d.request_limit", "d.monthly_price_cents",
    ])
    .where("s.status", "=", "active")
    .whereRef("s.next_billing_date", "=", "t.paid_until")
    .where("t.paid_until", ">", now)
    .where("t.paid_until", "<=", until)
    .orderBy("s.id")
    .execute();
}

/**
 * Accounts whose entitlement the clock has changed: a live period that has ended (past due, or
 * the next plan begins), grace days that are over, a scheduled plan whose start has come, or a
 * package assigned with an expiry now past its grace days.
 */
export async function listDueAccounts(db: Database, now: Date, graceCutoff: Date): Promise<string[]> {
  const rows = await db
    .selectFrom("subscriptions")
    .select("user_id")
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "active"), eb("next_billing_date", "<=", now)]),
        eb.and([eb("status", "=", "past_due"), eb("next_billing_date", "<=", graceCutoff)]),
        eb.and([eb("status", "=", "scheduled"), eb("current_period_start", "<=", now)]),
      ]),
    )
    .union(db.selectFrom("user_packages").select("user_id").where("package_name", "!=", FREE_PLAN_NAME).where("expires_at", "<=", graceCutoff))
    .execute();
  return rows.map((row) => row.user_id);
}

/** The account's live subscription (its plan and status), to tell what a change did. */
export function findLiveSubscription(db: Database, userId: string) {
  return db.selectFrom("subscriptions").select(["plan_name", "status"]).where("user_id", "=", userId).where("status", "in", LIVE).executeTakeFirst();
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
