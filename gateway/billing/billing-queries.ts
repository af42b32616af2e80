import { sql } from "kysely";
import type { Database } from "../../core/db/client.js";

/** Reads of an account's subscription, package, usage and billing history for its billing overview. */

/** The live subscription if there is one, otherwise the newest. */
export function findLatestSubscription(db: Database, userId: string) {
  return db
    .selectFrom("subscriptions")
    .select(["status", "plan_name", "billing_period", "amount", "currency", "next_billing_date"])
    .where("user_id", "=", userId)
    .where("status", "!=", "scheduled")
    .orderBy(sql`status in ('active', 'past_due')`, "desc")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
}

export function findUserPackage(db: Database, userId: string) {
  return db.selectFrom("user_packages").select(["package_name", "expires_at"]).where("user_id", "=", userId).executeTakeFirst();
}

export function listPackageNames(db: Database) {
  return db.selectFrom("package_definitions").select(["package_name", "display_name"]).execute();
}

/** The newest billing rows, by billing date. */
export function listBillingHistory(db: Database, userId: string, limit: number) {
  return db
    .selectFrom("billing_history as b")
    .leftJoin("payment_orders as o", "o.id", "b.payment_order_id")
    .select([
      "b.id", "b.status", "b.amount", "b.currency", "b.billing_date", "b.invoice_number", "b.package_name", "b.billing_period", "b.payment_method",
      "o.merchant_reference", "o.flagged_at", "o.review_resolved_at",
    ])
    .where("b.user_id", "=", userId)
    .orderBy("b.billing_date", "desc")
    .orderBy("b.id", "desc")
    .limit(limit)
    .execute();
}
