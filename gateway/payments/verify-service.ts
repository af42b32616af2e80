import { AppError } from "../../core/errors.js";
import { cancelAtProvider } from "../../core/payments/unpaid-orders.js";
import { failOrder } from "./order-transitions.js";
import type { PaymentDeps } from "./payment-deps.js";
import { findInvoiceNumber, findOrderForNotification, lockOrder, type OrderRow } from "./payment-queries.js";
import { reconcilePayment, stateOf, type ReconcileResult } from "./reconcile-service.js";

export const VERIFICATION_FAILED = "Unable to verify payment status. Please contact support if you were charged.";

type Verified = Extract<ReconcileResult, { found: true }>;

/**
 * The callback page's check (the browser came back from the provider): the signed-in owner's
 * order only (anyone else's is 404), reconciled like an IPN. A cancellation link carries only
 * our reference, so the order may also be named by it alone; it cancels an order the provider
 * still has open (`cancelled`), so that it is stored and shown as cancelled.
 */
export async function verifyPayment(
  deps: PaymentDeps,
  userId: string,
  query: { orderTrackingId?: string | undefined; merchantReference?: string | undefined; cancelled: boolean; payload: Record<string, string> },
): Promise<Verified> {
  let orderTrackingId = query.orderTrackingId;
  if (!orderTrackingId) {
    const byReference = query.merchantReference
      ? await deps.db
          .selectFrom("payment_orders")
          .select("provider_order_tracking_id")
          .where("merchant_reference", "=", query.merchantReference)
          .where("user_id", "=", userId)
          .executeTakeFirst()
      : undefined;
    if (!byReference) throw new AppError("NOT_FOUND", "No such payment.");
    orderTrackingId = byReference.provider_order_tracking_id ?? undefined;
    if (!orderTrackingId) {
      // Never reached the provider: nothing to ask it.
      const found = await findOrderForNotification(deps.db, { orderTrackingId: "", merchantReference: query.merchantReference ?? null, userId });
      if (!found) throw new AppError("NOT_FOUND", "No such payment.");
      return query.cancelled ? cancelByCustomer(deps, found.order) : verifiedAs(deps, found.order);
    }
  }
  const result = await reconcilePayment(deps, {
    kind: "callback",
    orderTrackingId,
    merchantReference: query.merchantReference ?? null,
    payload: query.payload,
    userId,
  });
  if (!result.found) throw new AppError("NOT_FOUND", "No such payment.");
  if (result.providerError) throw new AppError("PAYMENT_PROVIDER_ERROR", VERIFICATION_FAILED);
  if (query.cancelled && result.state === "pending") return cancelByCustomer(deps, result.order);
  return result;
}

async function verifiedAs(deps: PaymentDeps, order: OrderRow): Promise<Verified> {
  return { found: true, order, state: stateOf(order), invoiceNumber: await findInvoiceNumber(deps.db, order.billing_history_id), providerError: false };
}

/** The customer left by the cancel link while the order was still open: cancelled at the provider, then here. */
async function cancelByCustomer(deps: PaymentDeps, order: OrderRow): Promise<Verified> {
  if (order.provider_order_tracking_id) {
    const cancellation = await cancelAtProvider(deps.pesapal, order.provider_order_tracking_id);
    if (cancellation.outcome === "unreachable") throw new AppError("PAYMENT_PROVIDER_ERROR", VERIFICATION_FAILED, { cause: cancellation.error });
    // Paid after all (in another tab): the payment counts, the cancel link does not.
    if (cancellation.outcome === "paid") return verifyPayment(deps, order.user_id, { orderTrackingId: order.provider_order_tracking_id, cancelled: false, payload: {} });
  }
  const cancelled = await deps.db.transaction().execute(async (trx) => {
    const locked = await lockOrder(trx, order.id);
    if (locked.status !== "pending") return locked;
    return (await failOrder({ ...deps, db: trx }, locked, null, "cancelled")).order;
  });
  return verifiedAs(deps, cancelled);
}
