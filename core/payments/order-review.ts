import { sql } from "kysely";
import type { Database } from "../db/client.js";
import { queueEmail } from "../email/outbox.js";
import { paymentReviewAdminMessage } from "../email/templates.js";
import { formatUsd } from "../plans.js";

/**
 * The review queue (DESIGN.md section 9): a payment whose provider record does not match ours
 * (amount, currency, reference, a reversal of another amount) is flagged with its reason and
 * changes nothing; every administrator is e-mailed once per review. An administrator's decision
 * (complete, apply, refund, or "Mark Reviewed") resolves it. Shared by the gateway's
 * reconciliation and the engine's order expiry.
 */

export interface ReviewedOrder {
  id: string;
  user_id: string;
  package_name: string;
  amount: number;
  currency: string;
  merchant_reference: string;
}

/** Who paid what for which plan, as the administrators' e-mails about an order name them. */
export async function orderFacts(trx: Database, order: ReviewedOrder) {
  const customer = await trx.selectFrom("users").select("email").where("id", "=", order.user_id).executeTakeFirst();
  const plan = await trx.selectFrom("package_definitions").select("display_name").where("package_name", "=", order.package_name).executeTakeFirst();
  return {
    customerEmail: customer?.email ?? "(deleted account)",
    userId: order.user_id,
    planName: plan?.display_name ?? order.package_name,
    amount: `${formatUsd(Number(order.amount))} ${order.currency}`,
    merchantReference: order.merchant_reference,
  };
}

/** An order is in review while it is flagged and no administrator has resolved it. */
export function isInReview(order: { flagged_at: Date | null; review_resolved_at: Date | null }): boolean {
  return order.flagged_at !== null && order.review_resolved_at === null;
}

/**
 * Flags the order (inside the caller's transaction) and queues the administrators' e-mail when
 * it was not already in review. The same discrepancy an administrator already decided about
 * (a notification or callback repeated after the decision) changes nothing: `alreadyDecided`.
 * Returns the outbox ids to deliver after commit.
 */
export async function holdOrderForReview(
  trx: Database,
  order: ReviewedOrder,
  input: { reason: string; productName: string; publicUrl: string },
): Promise<{ alreadyDecided: boolean; outboxIds: string[] }> {
  const before = await trx.selectFrom("payment_orders").select(["flagged_at", "flag_reason", "review_resolved_at"]).where("id", "=", order.id).executeTakeFirstOrThrow();
  if (before.review_resolved_at !== null && before.flag_reason === input.reason) return { alreadyDecided: true, outboxIds: [] };
  const newlyFlagged = !isInReview(before);
  await trx
    .updateTable("payment_orders")
    .set({
      flagged_at: newlyFlagged ? sql`now()` : sql`flagged_at`,
      flag_reason: input.reason,
      review_resolved_at: null,
      review_resolved_by: null,
      updated_at: sql`now()`,
    })
    .where("id", "=", order.id)
    .execute();
  if (!newlyFlagged) return { alreadyDecided: false, outboxIds: [] };

  const message = paymentReviewAdminMessage({ productName: input.productName, publicUrl: input.publicUrl, ...(await orderFacts(trx, order)), reason: input.reason });
  const outboxIds: string[] = [];
  for (const admin of await listAdminEmails(trx)) outboxIds.push(await queueEmail(trx, { to: admin, template: "payment_review_admin", ...message }));
  return { alreadyDecided: false, outboxIds };
}

/** The addresses administrators are reached at. */
export async function listAdminEmails(db: Database): Promise<string[]> {
  const rows = await db.selectFrom("user_roles").innerJoin("users", "users.id", "user_roles.user_id").select("users.email").where("user_roles.role", "=", "admin").execute();
  return rows.map((row) => row.email);
}

/** An administrator decided about a flagged order: it leaves the review queue (the flag and its reason stay as history). */
export async function resolveReview(trx: Database, orderId: string, actorId: string): Promise<void> {
  await trx
    .updateTable("payment_orders")
    .set({ review_resolved_at: sql`now()`, review_resolved_by: actorId, updated_at: sql`now()` })
    .where("id", "=", orderId)
    .where("flagged_at", "is not", null)
    .where("review_resolved_at", "is", null)
    .execute();
}
