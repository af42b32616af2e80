import { randomBytes } from "node:crypto";
import type { Redis } from "../../../core/redis.js";
import type { IpnSender } from "./ipn-delivery.js";
import { findIpn, readSettings, updateOrder, type SandboxOrder, type SandboxPayment } from "./sandbox-store.js";

/**
 * What happens when the customer finishes on the hosted page (or the control endpoint reverses
 * a payment): the order records the outcome atomically, then the registered IPN URL hears of it.
 */

export interface OutcomeDeps {
  redis: Redis;
  ipn: IpnSender;
  now: () => Date;
}

const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** An M-Pesa-like confirmation code, e.g. "QK7M2XH4TB". */
export function newConfirmationCode(): string {
  return Array.from(randomBytes(10), (byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join("");
}

/** The customer can still pay: no final outcome, not cancelled by the merchant (a customer's cancel can be retried). */
export function isPayable(order: SandboxOrder): boolean {
  return !order.cancelled_at && !order.reversed_at && (order.payment === null || order.payment.outcome === "cancelled");
}

async function notify(deps: OutcomeDeps, order: SandboxOrder, delayMs: number): Promise<void> {
  const registration = await findIpn(deps.redis, order.notification_id);
  if (!registration) return;
  const settings = await readSettings(deps.redis);
  deps.ipn.send({ registration, orderTrackingId: order.order_tracking_id, orderMerchantReference: order.merchant_reference }, settings, delayMs);
}

export type PaymentDraft = Omit<SandboxPayment, "settles_at" | "confirmation_code">;

/** Records the customer's outcome; undefined if the order is gone, "closed" if it can no longer be paid. */
export async function recordPayment(deps: OutcomeDeps, trackingId: string, draft: PaymentDraft): Promise<SandboxOrder | "closed" | undefined> {
  const now = deps.now();
  const { completion_delay_seconds: delaySeconds, cancellation_status_code: cancellationStatusCode } = await readSettings(deps.redis);
  const delayMs = draft.outcome === "completed" ? delaySeconds * 1000 : 0;
  const result = await updateOrder<"closed">(deps.redis, trackingId, (order) => {
    if (!isPayable(order)) return "closed";
    const payment: SandboxPayment = {
      ...draft,
      confirmation_code: draft.outcome === "cancelled" ? null : newConfirmationCode(),
      settles_at: new Date(now.getTime() + delayMs).toISOString(),
      ...(draft.outcome === "cancelled" ? { cancellation_status_code: cancellationStatusCode } : {}),
    };
    return { ...order, payment };
  });
  if (!result) return undefined;
  if ("refused" in result) return result.refused;
  await notify(deps, result.order, delayMs);
  return result.order;
}

/** Reverses a completed payment (status 3) and sends an IPN; a refusal says why not. */
export async function reversePayment(deps: OutcomeDeps, trackingId: string): Promise<SandboxOrder | "not_completed" | undefined> {
  const now = deps.now();
  const result = await updateOrder<"not_completed">(deps.redis, trackingId, (order) => {
    const payment = order.payment;
    if (order.reversed_at || payment?.outcome !== "completed") return "not_completed";
    // A reversal settles a delayed completion first: the order was paid.
    return { ...order, payment: { ...payment, settles_at: new Date(Math.min(Date.parse(payment.settles_at), now.getTime())).toISOString() }, reversed_at: now.toISOString() };
  });
  if (!result) return undefined;
  if ("refused" in result) return result.refused;
  await notify(deps, result.order, 0);
  return result.order;
}
