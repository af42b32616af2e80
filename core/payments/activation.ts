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
    pending_plan_name: null,
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
    .set({ status, pending_plan_name: null, updated_at: sql`now()` })
    .where("user_id", "=", userId)
    .where("status", "in", ["active", "past_due"])
    .execute();
}
