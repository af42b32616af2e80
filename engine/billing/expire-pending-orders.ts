import type { EngineConfig } from "../../core/config.js";
import type { Database } from "../../core/db/client.js";
import { sendQueuedEmail } from "../../core/email/send.js";
import type { Logger } from "../../core/logger.js";
import { holdOrderForReview } from "../../core/payments/order-review.js";
import { createPesapalClient, pesapalBaseUrl, type PesapalClient } from "../../core/payments/pesapal-client.js";
import { cancelAtProvider, closeUnpaidOrder, PENDING_ORDER_HOURS } from "../../core/payments/unpaid-orders.js";
import type { ProducerQueues } from "../../core/queues.js";

/**
 * Pending orders past their expiry (PENDING_ORDER_HOURS after their last checkout) are cancelled
 * at the provider (CancelOrder), then here: order and billing row "cancelled". One the provider
 * reports paid after all is never cancelled: it goes to the review queue, since its notification
 * has not settled it. Orders in review wait for an administrator. Idempotent; run every 10 minutes.
 */

export interface OrderExpiryDeps {
  db: Database;
  queues: ProducerQueues;
  logger: Logger;
  pesapal: PesapalClient;
  config: Pick<EngineConfig, "PRODUCT_NAME" | "PUBLIC_URL">;
}

/** Orders handled per run; the rest wait for the next. */
const BATCH = 100;

export function engineOrderExpiryDeps(deps: Omit<OrderExpiryDeps, "pesapal" | "config"> & { config: EngineConfig }): OrderExpiryDeps {
  const { config } = deps;
  const pesapal = createPesapalClient({ baseUrl: pesapalBaseUrl(config), consumerKey: config.PESAPAL_CONSUMER_KEY, consumerSecret: config.PESAPAL_CONSUMER_SECRET, logger: deps.logger });
  return { ...deps, pesapal, config };
}

export async function expirePendingOrders(deps: OrderExpiryDeps, now: Date = new Date()): Promise<{ cancelled: number; held: number; unreachable: number }> {
  const due = await deps.db
    .selectFrom("payment_orders")
    .select(["id", "provider_order_tracking_id"])
    .where("status", "=", "pending")
    .where("expires_at", "<=", now)
    .where((eb) => eb.or([eb("flagged_at", "is", null), eb("review_resolved_at", "is not", null)]))
    .orderBy("expires_at")
    .limit(BATCH)
    .execute();
  const counts = { cancelled: 0, held: 0, unreachable: 0 };
  for (const row of due) {
    const cancellation = row.provider_order_tracking_id ? await cancelAtProvider(deps.pesapal, row.provider_order_tracking_id) : ({ outcome: "cancelled" } as const);
    if (cancellation.outcome === "unreachable") {
      counts.unreachable++;
      deps.logger.warn({ orderId: row.id, err: cancellation.error }, "could not cancel an expired order at the provider; next run tries again");
      continue;
    }
    const outboxIds = await deps.db.transaction().execute(async (trx) => {
      const order = await trx.selectFrom("payment_orders").selectAll().where("id", "=", row.id).forUpdate().executeTakeFirstOrThrow();
      if (order.status !== "pending" || order.expires_at === null || order.expires_at > now) return [];
      if (cancellation.outcome === "paid") {
        const reason = `the provider reports this order ${cancellation.status.statusCode === 1 ? "paid" : "reversed"} but no notification settled it before it expired`;
        // Decided already by an administrator: left to them (and to its notification).
        return (await holdOrderForReview(trx, order, { reason, productName: deps.config.PRODUCT_NAME, publicUrl: deps.config.PUBLIC_URL })).outboxIds;
      }
      await closeUnpaidOrder(trx, order, { result: "cancelled", metadata: { failure: "cancelled", cancelled_because: "expired", expired_after_hours: PENDING_ORDER_HOURS, processed_at: now.toISOString() } });
      return [];
    });
    counts[cancellation.outcome === "paid" ? "held" : "cancelled"]++;
    for (const id of outboxIds) await sendQueuedEmail(deps.queues, id, deps.logger);
  }
  return counts;
}
