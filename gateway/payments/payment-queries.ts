import { sql } from "kysely";
import type { Database } from "../../core/db/client.js";
import type { JsonObject } from "../../core/db/types.js";
import { newId } from "../../core/ids.js";
import type { BillingPeriod } from "../../core/plans.js";
import type { CurrentPlan } from "./plan-change.js";

/** Queries of payment_orders, billing_history and provider_events. */

export interface OrderRow {
  id: string;
  user_id: string;
  billing_history_id: string;
  package_name: string;
  billing_period: string;
  amount: number;
  currency: string;
  merchant_reference: string;
  provider_order_tracking_id: string | null;
  status: string;
  confirmation_code: string | null;
  payment_method: string | null;
  flagged_at: Date | null;
  flag_reason: string | null;
  /** An administrator decided about the flag; null while it is in review. */
  review_resolved_at: Date | null;
  /** A pending order is cancelled at the provider after this (unpaid-orders.ts). */
  expires_at: Date | null;
  redirect_url: string | null;
  created_at: Date;
  /** Unused time of the replaced plan taken off the price; amount + credit_cents is the period's price. */
  credit_cents: number;
}

const ORDER_COLUMNS = [
  "id", "user_id", "billing_history_id", "package_name", "billing_period", "amount", "currency", "merchant_reference",
  "provider_order_tracking_id", "status", "confirmation_code", "payment_method", "flagged_at", "flag_reason", "credit_cents",
  "review_resolved_at", "expires_at", "redirect_url", "created_at",
] as const;

/** A catalogue row a customer may buy (active), with its price. */
export function findPurchasablePlan(db: Database, packageName: string) {
  return db
    .selectFrom("package_definitions")
    .select(["package_name", "display_name", "request_limit", "monthly_price_cents", "contact_sales"])
    .where("package_name", "=", packageName)
    .where("is_active", "=", true)
    .executeTakeFirst();
}

/** The pending billing_history row and its payment order, in one transaction (the two point at each other). */
export async function insertPendingOrder(
  trx: Database,
  input: {
    userId: string;
    packageName: string;
    period: BillingPeriod;
    amountCents: number;
    creditCents: number;
    currency: string;
    provider: string;
    merchantReference: (orderId: string) => string;
    expiresAt: Date;
  },
): Promise<OrderRow> {
  const orderId = newId("ord");
  const billingId = newId("bill");
  await trx
    .insertInto("billing_history")
    .values({
      id: billingId,
      user_id: input.userId,
      amount: input.amountCents,
      currency: input.currency,
      status: "pending",
      package_name: input.packageName,
      billing_period: input.period,
      payment_order_id: orderId,
      metadata: JSON.stringify({ billing_period: input.period, package_name: input.packageName, ...(input.creditCents > 0 ? { proration_credit_cents: input.creditCents } : {}) }),
    })
    .execute();
  return trx
    .insertInto("payment_orders")
    .values({
      id: orderId,
      user_id: input.userId,
      billing_history_id: billingId,
      package_name: input.packageName,
      billing_period: input.period,
      amount: input.amountCents,
      credit_cents: input.creditCents,
      currency: input.currency,
      merchant_reference: input.merchantReference(orderId),
      provider: input.provider,
      expires_at: input.expiresAt,
    })
    .returning(ORDER_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Serialises one account's checkouts (until the caller's transaction ends), so two cannot both open an order for one plan and period. */
export async function lockAccountCheckouts(trx: Database, userId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`checkout:${userId}`}, 0))`.execute(trx);
}

/** The account's open order for this plan and period, if any: pending and not waiting in the review queue. */
export function findOpenOrder(trx: Database, input: { userId: string; packageName: string; period: BillingPeriod }): Promise<OrderRow | undefined> {
  return trx
    .selectFrom("payment_orders")
    .select(ORDER_COLUMNS)
    .where("user_id", "=", input.userId)
    .where("package_name", "=", input.packageName)
    .where("billing_period", "=", input.period)
    .where("status", "=", "pending")
    .where((eb) => eb.or([eb("flagged_at", "is", null), eb("review_resolved_at", "is not", null)]))
    .orderBy("created_at", "desc")
    .forUpdate()
    .executeTakeFirst();
}

/** A new checkout reused the order: it stays open for another full period from now. */
export async function extendOrder(trx: Database, orderId: string, expiresAt: Date): Promise<void> {
  await trx.updateTable("payment_orders").set({ expires_at: expiresAt, updated_at: sql`now()` }).where("id", "=", orderId).execute();
}

export async function recordSubmittedOrder(db: Database, orderId: string, submitted: { orderTrackingId: string; redirectUrl: string }): Promise<void> {
  await db
    .updateTable("payment_orders")
    .set({ provider_order_tracking_id: submitted.orderTrackingId, redirect_url: submitted.redirectUrl, updated_at: sql`now()` })
    .where("id", "=", orderId)
    .execute();
}

/** An order that never reached the provider (or came back unusable): failed, with its billing row. */
export async function markOrderNotSubmitted(db: Database, order: Pick<OrderRow, "id" | "billing_history_id">, reason: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("payment_orders").set({ status: "failed", updated_at: sql`now()` }).where("id", "=", order.id).execute();
    await trx
      .updateTable("billing_history")
      .set({ status: "failed", metadata: sql`metadata || ${JSON.stringify({ failure: reason })}::jsonb`, updated_at: sql`now()` })
      .where("id", "=", order.billing_history_id)
      .execute();
  });
}

/**
 * The order a notification names: by the provider's tracking id, or (before the tracking id was
 * stored) by our merchant reference. `userId` scopes it to its owner.
 */
export async function findOrderForNotification(
  db: Database,
  input: { orderTrackingId: string; merchantReference: string | null; userId?: string },
): Promise<{ order: OrderRow; boundBy: "tracking_id" | "merchant_reference" } | undefined> {
  let byTracking = db.selectFrom("payment_orders").select(ORDER_COLUMNS).where("provider_order_tracking_id", "=", input.orderTrackingId);
  if (input.userId) byTracking = byTracking.where("user_id", "=", input.userId);
  const tracked = await byTracking.executeTakeFirst();
  if (tracked) {
    if (input.merchantReference !== null && input.merchantReference !== tracked.merchant_reference) return undefined;
    return { order: tracked, boundBy: "tracking_id" };
  }
  if (input.merchantReference === null) return undefined;
  let byReference = db
    .selectFrom("payment_orders")
    .select(ORDER_COLUMNS)
    .where("merchant_reference", "=", input.merchantReference)
    .where("provider_order_tracking_id", "is", null);
  if (input.userId) byReference = byReference.where("user_id", "=", input.userId);
  const referenced = await byReference.executeTakeFirst();
  return referenced && { order: referenced, boundBy: "merchant_reference" };
}

/** Locks the order for a state change; the row lock serialises concurrent IPNs and callbacks. */
export function lockOrder(trx: Database, orderId: string): Promise<OrderRow> {
  return trx.selectFrom("payment_orders").select(ORDER_COLUMNS).where("id", "=", orderId).forUpdate().executeTakeFirstOrThrow();
}

export async function setOrderState(
  trx: Database,
  orderId: string,
  changes: { status?: string; orderTrackingId?: string; confirmationCode?: string | null; paymentMethod?: string | null },
): Promise<void> {
  await trx
    .updateTable("payment_orders")
    .set({
      ...(changes.status ? { status: changes.status } : {}),
      ...(changes.orderTrackingId ? { provider_order_tracking_id: changes.orderTrackingId } : {}),
      ...(changes.confirmationCode !== undefined ? { confirmation_code: changes.confirmationCode } : {}),
      ...(changes.paymentMethod !== undefined ? { payment_method: changes.paymentMethod } : {}),
      updated_at: sql`now()`,
    })
    .where("id", "=", orderId)
    .execute();
}

export async function updateBillingRow(
  trx: Database,
  billingId: string,
  changes: { status: string; invoiceNumber?: string; paymentMethod?: string | null; billingDate?: Date; metadata: JsonObject },
): Promise<void> {
  await trx
    .updateTable("billing_history")
    .set({
      status: changes.status,
      ...(changes.invoiceNumber ? { invoice_number: changes.invoiceNumber } : {}),
      ...(changes.paymentMethod !== undefined ? { payment_method: changes.paymentMethod } : {}),
      ...(changes.billingDate ? { billing_date: changes.billingDate } : {}),
      metadata: sql`metadata || ${JSON.stringify(changes.metadata)}::jsonb`,
      updated_at: sql`now()`,
    })
    .where("id", "=", billingId)
    .execute();
}

export async function nextInvoiceSequence(trx: Database): Promise<number> {
  const { rows } = await sql<{ value: string }>`select nextval('invoice_number_seq') as value`.execute(trx);
  const value = Number(rows[0]?.value);
  if (!Number.isSafeInteger(value)) throw new Error("invoice_number_seq returned no value");
  return value;
}

export async function findInvoiceNumber(db: Database, billingId: string): Promise<string | null> {
  const row = await db.selectFrom("billing_history").select("invoice_number").where("id", "=", billingId).executeTakeFirst();
  return row?.invoice_number ?? null;
}

/** A notification as received, before it is processed. */
export async function insertProviderEvent(
  db: Database,
  input: { provider: string; kind: "ipn" | "callback"; orderTrackingId: string; merchantReference: string | null; payload: JsonObject },
): Promise<number> {
  const row = await db
    .insertInto("provider_events")
    .values({
      provider: input.provider,
      kind: input.kind,
      order_tracking_id: input.orderTrackingId,
      merchant_reference: input.merchantReference,
      payload: JSON.stringify(input.payload),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function finishProviderEvent(db: Database, eventId: number, outcome: string): Promise<void> {
  await db.updateTable("provider_events").set({ outcome, processed_at: sql`now()` }).where("id", "=", eventId).execute();
}

export function findUserEmail(db: Database, userId: string) {
  return db
    .selectFrom("users")
    .leftJoin("profiles", "profiles.user_id", "users.id")
    .select(["users.email", "profiles.full_name"])
    .where("users.id", "=", userId)
    .executeTakeFirst();
}

/** The account's live (active or past-due) subscription, for the checkout's renewal and plan-change rules. */
export function findLiveSubscription(db: Database, userId: string) {
  return db.selectFrom("subscriptions").select(["plan_name"]).where("user_id", "=", userId).where("status", "in", ["active", "past_due"]).executeTakeFirst();
}

/**
 * The plan running now, its monthly price and the timeline's paid periods not yet over: what a
 * purchase is compared with (plan-change.ts). Read after `lockEntitlements` when activating.
 */
export async function loadCurrentPlan(db: Database, userId: string, now: Date): Promise<CurrentPlan | undefined> {
  const pkg = await db
    .selectFrom("user_packages as up")
    .innerJoin("package_definitions as d", "d.package_name", "up.package_name")
    .select(["up.package_name", "up.expires_at", "d.monthly_price_cents"])
    .where("up.user_id", "=", userId)
    .executeTakeFirst();
  if (!pkg) return undefined;
  const periods = await db
    .selectFrom("paid_periods")
    .select(["price_cents", "starts_at", "ends_at"])
    .where("user_id", "=", userId)
    .where("removed_at", "is", null)
    .where("ends_at", ">", now)
    .execute();
  return {
    packageName: pkg.package_name,
    monthlyPriceCents: pkg.monthly_price_cents,
    expiresAt: pkg.expires_at,
    paidPeriods: periods.map((p) => ({ priceCents: p.price_cents, startsAt: p.starts_at, endsAt: p.ends_at })),
  };
}

/** The paid plan change waiting for the live period to end, if there is one. */
export function findScheduledChange(db: Database, userId: string) {
  return db
    .selectFrom("subscriptions as s")
    .innerJoin("package_definitions as d", "d.package_name", "s.plan_name")
    .select(["s.id", "s.plan_name", "d.display_name", "s.billing_period", "s.current_period_start", "s.next_billing_date", "s.payment_order_id"])
    .where("s.user_id", "=", userId)
    .where("s.status", "=", "scheduled")
    .executeTakeFirst();
}

/** The user's order the provider tracks as `orderTrackingId`, with its plan's catalogue name; undefined for anyone else's. */
export function findCustomerOrder(db: Database, userId: string, orderTrackingId: string) {
  return db
    .selectFrom("payment_orders as o")
    .innerJoin("package_definitions as p", "p.package_name", "o.package_name")
    .select(["o.provider_order_tracking_id", "o.merchant_reference", "o.status", "o.package_name", "p.display_name", "o.billing_period", "o.amount", "o.currency", "o.expires_at"])
    .where("o.provider_order_tracking_id", "=", orderTrackingId)
    .where("o.user_id", "=", userId)
    .executeTakeFirst();
}
