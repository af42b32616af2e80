import { sql } from "kysely";
import type { Database } from "../db/client.js";
import { newId } from "../ids.js";
import { FREE_PLAN_NAME, type BillingPeriod } from "../plans.js";

/**
 * What a paid (or reversed) order does to an account: its package (user_packages, which the
 * metered path reads) and its subscription. Run inside the caller's transaction; the caller
 * announces the change on the key-invalidation channel after commit. Shared with the engine
 * (renewals and expiry return accounts to free the same way).
 */

export async function currentPackage(trx: Database, userId: string): Promise<{ packageName: string; expiresAt: Date | null } | undefined> {
  const row = await trx.selectFrom("user_packages").select(["package_name", "expires_at"]).where("user_id", "=", userId).forUpdate().executeTakeFirst();
  return row && { packageName: row.package_name, expiresAt: row.expires_at };
}

export async function assignPaidPlan(
  trx: Database,
  input: {
    userId: string;
    packageName: string;
    requestLimit: number;
    period: BillingPeriod;
    amountCents: number;
    currency: string;
    periodStart: Date;
    periodEnd: Date;
    /** The order that paid for the period; absent for a plan applied by an administrator without one. */
    paymentOrderId?: string;
  },
): Promise<void> {
  await trx
    .insertInto("user_packages")
    .values({ id: newId("pkg"), user_id: input.userId, package_name: input.packageName, request_limit: input.requestLimit, expires_at: input.periodEnd })
    .onConflict((oc) =>
      oc.column("user_id").doUpdateSet({ package_name: input.packageName, request_limit: input.requestLimit, expires_at: input.periodEnd, updated_at: sql`now()` }),
    )
    .execute();
  const subscription = {
    status: "active",
    plan_name: input.packageName,
    payment_order_id: input.paymentOrderId ?? null,
    billing_period: input.period,
    amount: input.amountCents,
    currency: input.currency,
    current_period_start: input.periodStart,
    next_billing_date: input.periodEnd,
  };
  const updated = await trx
    .updateTable("subscriptions")
    .set({ ...subscription, updated_at: sql`now()` })
    .where("user_id", "=", input.userId)
    .where("status", "in", ["active", "past_due"])
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    await trx.insertInto("subscriptions").values({ id: newId("sub"), user_id: input.userId, ...subscription }).execute();
  }
}

/** Back to the free package, and the live subscription ends with `status`. */
export async function revertToFreePlan(trx: Database, userId: string, status: "cancelled" | "expired"): Promise<void> {
  await trx
    .updateTable("user_packages")
    .set({ package_name: FREE_PLAN_NAME, request_limit: null, expires_at: null, updated_at: sql`now()` })
    .where("user_id", "=", userId)
    .execute();
  await trx
    .updateTable("subscriptions")
    .set({ status, updated_at: sql`now()` })
    .where("user_id", "=", userId)
    .where("status", "in", ["active", "past_due"])
    .execute();
}

/** A paid plan that starts when the live period ends (a downgrade): the account's one scheduled subscription. */
export async function schedulePaidPlan(
  trx: Database,
  input: { userId: string; packageName: string; period: BillingPeriod; amountCents: number; currency: string; periodStart: Date; periodEnd: Date; paymentOrderId: string },
): Promise<void> {
  await trx
    .insertInto("subscriptions")
    .values({
      id: newId("sub"),
      user_id: input.userId,
      status: "scheduled",
      plan_name: input.packageName,
      billing_period: input.period,
      amount: input.amountCents,
      currency: input.currency,
      current_period_start: input.periodStart,
      next_billing_date: input.periodEnd,
      payment_order_id: input.paymentOrderId,
    })
    .execute();
}

/**
 * The scheduled plan whose start has come becomes the account's plan and live subscription;
 * the one it follows ends as expired. False when there is none due (or it was already started).
 */
export async function startScheduledPlan(trx: Database, userId: string, now: Date): Promise<boolean> {
  await currentPackage(trx, userId); // locks the package row: serialises with payments and expiry
  const due = await trx
    .selectFrom("subscriptions as s")
    .innerJoin("package_definitions as d", "d.package_name", "s.plan_name")
    .select(["s.id", "s.plan_name", "s.next_billing_date", "d.request_limit"])
    .where("s.user_id", "=", userId)
    .where("s.status", "=", "scheduled")
    .where("s.current_period_start", "<=", now)
    .executeTakeFirst();
  if (!due) return false;
  await trx.updateTable("subscriptions").set({ status: "expired", updated_at: sql`now()` }).where("user_id", "=", userId).where("status", "in", ["active", "past_due"]).execute();
  await trx.updateTable("subscriptions").set({ status: "active", updated_at: sql`now()` }).where("id", "=", due.id).execute();
  await trx
    .insertInto("user_packages")
    .values({ id: newId("pkg"), user_id: userId, package_name: due.plan_name, request_limit: due.request_limit, expires_at: due.next_billing_date })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ package_name: due.plan_name, request_limit: due.request_limit, expires_at: due.next_billing_date, updated_at: sql`now()` }))
    .execute();
  return true;
}

/** A scheduled plan whose payment was reversed or refunded never starts. True when there was one. */
export async function cancelScheduledPlan(trx: Database, paymentOrderId: string): Promise<boolean> {
  const cancelled = await trx
    .updateTable("subscriptions")
    .set({ status: "cancelled", updated_at: sql`now()` })
    .where("payment_order_id", "=", paymentOrderId)
    .where("status", "=", "scheduled")
    .executeTakeFirst();
  return Number(cancelled.numUpdatedRows) > 0;
}
