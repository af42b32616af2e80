import { AppError } from "../../core/errors.js";
import type { PaymentDeps } from "./payment-deps.js";
import { findOrderForNotification, findInvoiceNumber } from "./payment-queries.js";
import { reconcilePayment, stateOf, type ReconcileResult } from "./reconcile-service.js";

export const VERIFICATION_FAILED = "Unable to verify payment status. Please contact support if you were charged.";

/**
 * The callback page's check (the browser came back from the provider): the signed-in owner's
 * order only (anyone else's is 404), reconciled like an IPN. A cancellation link carries only
 * our reference, so the order may also be named by it alone.
 */
export async function verifyPayment(
  deps: PaymentDeps,
  userId: string,
  query: { orderTrackingId?: string | undefined; merchantReference?: string | undefined; payload: Record<string, string> },
): Promise<Extract<ReconcileResult, { found: true }>> {
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
      return { found: true, order: found.order, state: stateOf(found.order), invoiceNumber: await findInvoiceNumber(deps.db, found.order.billing_history_id), providerError: false };
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
  return result;
}
