import { sql } from "kysely";
import type { Database } from "../db/client.js";
import type { JsonObject } from "../db/types.js";
import { PesapalError, type PesapalClient, type TransactionStatus } from "./pesapal-client.js";

/**
 * Orders that end without a payment: declined ("failed"), or cancelled by the customer, by a
 * newer checkout or by expiry ("cancelled"). A pending order stays open PENDING_ORDER_HOURS after
 * its last checkout (a new checkout for the same plan and period reuses it and starts the time
 * again); then the engine cancels it at the provider (docs/decisions/0027-one-open-order.md).
 */

export const PENDING_ORDER_HOURS = 24;

export function pendingOrderExpiry(from: Date): Date {
  return new Date(from.getTime() + PENDING_ORDER_HOURS * 3_600_000);
}

/**
 * The customer cancelled: Pesapal reports it as FAILED (2) or INVALID (0) with
 * `request_terminated_by_user` (or a description naming the cancellation).
 */
export function isCancellation(status: Pick<TransactionStatus, "statusCode" | "paymentStatusCode" | "description">): boolean {
  return (status.statusCode === 0 || status.statusCode === 2) && /cancel|terminated_by_user/i.test(`${status.paymentStatusCode ?? ""} ${status.description}`);
}

/** A pending order ends unpaid, with its billing row (inside the caller's transaction, order locked). */
export async function closeUnpaidOrder(
  trx: Database,
  order: { id: string; billing_history_id: string },
  input: { result: "failed" | "cancelled"; paymentMethod?: string | null; metadata: JsonObject },
): Promise<void> {
  const method = input.paymentMethod !== undefined ? { payment_method: input.paymentMethod } : {};
  await trx.updateTable("payment_orders").set({ status: input.result, ...method, updated_at: sql`now()` }).where("id", "=", order.id).execute();
  await trx
    .updateTable("billing_history")
    .set({ status: input.result, ...method, metadata: sql`metadata || ${JSON.stringify(input.metadata)}::jsonb`, updated_at: sql`now()` })
    .where("id", "=", order.billing_history_id)
    .execute();
}

export type ProviderCancellation =
  /** The provider will not take a payment for it any more. */
  | { outcome: "cancelled" }
  /** It was paid (or paid and reversed) after all: reconcile it, never cancel it. */
  | { outcome: "paid"; status: TransactionStatus }
  /** The provider could not be asked; try again later. */
  | { outcome: "unreachable"; error: PesapalError };

const isTransient = (error: PesapalError) => error.httpStatus === null || error.code === "timeout" || error.code === "network_error" || error.code.startsWith("http_5");

/**
 * CancelOrder at the provider. A refusal (already cancelled, failed, or processed) is settled by
 * asking GetTransactionStatus: only a completed or reversed payment is "paid".
 */
export async function cancelAtProvider(pesapal: PesapalClient, orderTrackingId: string): Promise<ProviderCancellation> {
  try {
    await pesapal.cancelOrder(orderTrackingId);
    return { outcome: "cancelled" };
  } catch (error) {
    if (!(error instanceof PesapalError)) throw error;
    if (isTransient(error)) return { outcome: "unreachable", error };
  }
  try {
    const status = await pesapal.getTransactionStatus(orderTrackingId);
    return status.statusCode === 1 || status.statusCode === 3 ? { outcome: "paid", status } : { outcome: "cancelled" };
  } catch (error) {
    if (!(error instanceof PesapalError)) throw error;
    return { outcome: "unreachable", error };
  }
}
