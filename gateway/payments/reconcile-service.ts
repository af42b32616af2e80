import type { PaymentState } from "../../core/contracts/checkout.js";
import type { JsonObject } from "../../core/db/types.js";
import { isInReview } from "../../core/payments/order-review.js";
import { centsToAmountString } from "../../core/payments/pesapal-amounts.js";
import { PesapalError, type TransactionStatus } from "../../core/payments/pesapal-client.js";
import { isCancellation } from "../../core/payments/unpaid-orders.js";
import { activateOrder, failOrder, holdForReview, reverseOrder, type AfterCommit } from "./order-transitions.js";
import type { PaymentDeps } from "./payment-deps.js";
import { findInvoiceNumber, findOrderForNotification, finishProviderEvent, insertProviderEvent, lockOrder, setOrderState, type OrderRow } from "./payment-queries.js";

/**
 * Reconciliation, the one path from a provider notification to a state change. The callback
 * (through /api/payments/verify) and the IPN carry no status and no signature: both only make
 * us ask the provider (GetTransactionStatus), and its answer must match our order's reference,
 * amount and currency before anything is activated. State changes happen under the order's row
 * lock, so duplicate IPNs and a callback racing an IPN change nothing twice.
 */

export interface PaymentNotification {
  kind: "ipn" | "callback";
  orderTrackingId: string;
  merchantReference: string | null;
  /** The notification as received (query or body), stored in provider_events. */
  payload: JsonObject;
  /** Only this user's orders (the callback); the IPN is unscoped. */
  userId?: string;
}

export type ReconcileResult =
  | { found: false }
  | { found: true; order: OrderRow; state: PaymentState; invoiceNumber: string | null; providerError: boolean };

export async function reconcilePayment(deps: PaymentDeps, notification: PaymentNotification): Promise<ReconcileResult> {
  const eventId = await insertProviderEvent(deps.db, {
    provider: deps.provider,
    kind: notification.kind,
    orderTrackingId: notification.orderTrackingId,
    merchantReference: notification.merchantReference,
    payload: notification.payload,
  });
  const match = await findOrderForNotification(deps.db, notification);
  if (!match) {
    await finishProviderEvent(deps.db, eventId, "unknown_order");
    return { found: false };
  }

  let status: TransactionStatus;
  try {
    status = await deps.pesapal.getTransactionStatus(notification.orderTrackingId);
  } catch (error) {
    if (!(error instanceof PesapalError)) throw error;
    await finishProviderEvent(deps.db, eventId, `status_unavailable:${error.code}`);
    return { found: true, order: match.order, state: stateOf(match.order), invoiceNumber: null, providerError: true };
  }
  // A tracking id we had not stored yet binds to the order only if the provider names our reference.
  if (match.boundBy === "merchant_reference" && status.merchantReference !== match.order.merchant_reference) {
    await finishProviderEvent(deps.db, eventId, "unknown_order");
    return { found: false };
  }

  const { outcome, order, afterCommit } = await deps.db.transaction().execute(async (trx) => {
    const locked = await lockOrder(trx, match.order.id);
    if (locked.provider_order_tracking_id === null) await setOrderState(trx, locked.id, { orderTrackingId: notification.orderTrackingId });
    const tx = { ...deps, db: trx };
    const mismatch = status.statusCode === 1 || status.statusCode === 3 ? mismatchOf(locked, status) : null;
    if (mismatch) return holdForReview(tx, locked, status.statusCode === 3 ? `a reversal that does not match: ${mismatch}` : mismatch);
    return applyStatus(tx, locked, status);
  });
  for (const effect of afterCommit) await effect();
  if (outcome === "mismatch") deps.logger.warn({ orderId: order.id, reason: order.flag_reason }, "payment status does not match the order; flagged, not activated");
  await finishProviderEvent(deps.db, eventId, outcome);
  return { found: true, order, state: stateOf(order), invoiceNumber: await findInvoiceNumber(deps.db, order.billing_history_id), providerError: false };
}

/** Why the provider's record is not our order, or null when reference, amount and currency agree. */
export function mismatchOf(order: Pick<OrderRow, "merchant_reference" | "amount" | "currency">, status: TransactionStatus): string | null {
  const problems: string[] = [];
  if (status.merchantReference !== order.merchant_reference) problems.push(`the provider reports merchant reference ${JSON.stringify(status.merchantReference)}, not ${order.merchant_reference}`);
  if (status.amountCents !== order.amount) {
    problems.push(`the provider reports ${centsToAmountString(status.amountCents)} ${status.currency || order.currency}, the order is for ${centsToAmountString(order.amount)} ${order.currency}`);
  }
  if (status.currency.toUpperCase() !== order.currency) problems.push(`the provider reports currency ${JSON.stringify(status.currency)}, the order is in ${order.currency}`);
  return problems.length ? problems.join("; ") : null;
}

async function applyStatus(deps: PaymentDeps, order: OrderRow, status: TransactionStatus): Promise<{ outcome: string; order: OrderRow; afterCommit: AfterCommit[] }> {
  const unchanged = (outcome: string) => ({ outcome, order, afterCommit: [] });
  switch (status.statusCode) {
    case 1:
      if (order.status === "completed") return unchanged("duplicate");
      if (order.status === "refunded") return unchanged("ignored_after_reversal");
      return activateOrder(deps, order, status);
    case 2:
      if (order.status !== "pending") return unchanged(order.status === "failed" || order.status === "cancelled" ? "duplicate" : "ignored");
      return failOrder(deps, order, status, isCancellation(status) ? "cancelled" : "failed");
    case 3:
      if (order.status === "refunded") return unchanged("duplicate");
      return reverseOrder(deps, order);
    default:
      if (order.status === "pending" && isCancellation(status)) return failOrder(deps, order, status, "cancelled");
      return unchanged("pending");
  }
}

/** What the customer is told about an order: never "completed" (or anything else) while it waits for an administrator. */
export function stateOf(order: Pick<OrderRow, "status" | "flagged_at" | "review_resolved_at">): PaymentState {
  if (isInReview(order)) return "review";
  switch (order.status) {
    case "completed":
      return "completed";
    case "failed":
      return "failed";
    case "cancelled":
      return "cancelled";
    case "refunded":
      return "reversed";
    default:
      return "pending";
  }
}
