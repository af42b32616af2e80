import { monthStartDay, nextMonthStart, utcDay } from "../../core/metering/calendar.js";
import { usageThresholdMessage } from "../../core/email/templates.js";
import { queueEmail } from "../../core/email/outbox.js";
import { sendQueuedEmail } from "../../core/email/send.js";
import type { Database } from "../../core/db/client.js";
import type { Logger } from "../../core/logger.js";
import type { ProducerQueues } from "../../core/queues.js";
import { enqueueDeliveries, recordWebhookEvent } from "../../core/webhooks/events.js";
import type { KeyContext } from "./key-context.js";
import type { MeterPolicy } from "./meter-decisions.js";

export const USAGE_THRESHOLDS = [80, 90, 100] as const;

/** The thresholds this request's count crossed: exactly one request crosses each (INCR is atomic). */
export function crossedThresholds(used: number, limit: number): number[] {
  if (limit <= 0) return [];
  return USAGE_THRESHOLDS.filter((percent) => {
    const mark = Math.ceil((limit * percent) / 100);
    return used >= mark && used - 1 < mark;
  });
}

/**
 * Records a `usage.threshold_reached` webhook event (delivered to the account's subscribed
 * endpoints) and e-mails the owner, once per threshold per month (the usage_thresholds_notified
 * row is the guard). Runs off the request path.
 */
export async function notifyThreshold(
  deps: { db: Database; queues: ProducerQueues; logger: Logger; productName: string; publicUrl: string },
  context: KeyContext,
  quota: MeterPolicy,
  percent: number,
  now: Date,
): Promise<void> {
  const month = monthStartDay(now);
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto("usage_thresholds_notified")
      .values({ user_id: context.userId, month, threshold: percent })
      .onConflict((oc) => oc.doNothing())
      .returning("threshold")
      .executeTakeFirst();
    if (!claimed) return undefined;
    const resetDate = utcDay(nextMonthStart(now));
    const { deliveryIds } = await recordWebhookEvent(trx, {
      userId: context.userId,
      type: "usage.threshold_reached",
      data: { threshold_percent: percent, requests_used: quota.used, requests_limit: quota.limit, reset_date: resetDate, package: context.packageName },
      now,
      // Only live keys consume the paid quota (onAdmitted): live endpoints get this event.
      mode: context.mode,
    });
    const owner = await trx.selectFrom("users").select("email").where("id", "=", context.userId).executeTakeFirstOrThrow();
    const message = usageThresholdMessage({
      productName: deps.productName,
      publicUrl: deps.publicUrl,
      percent,
      used: quota.used,
      limit: quota.limit,
      resetDate,
      dashboardLink: new URL("/dashboard?section=billing", deps.publicUrl).toString(),
    });
    const outboxId = await queueEmail(trx, { to: owner.email, template: "usage-threshold", ...message });
    return { outboxId, deliveryIds };
  });
  if (!outcome) return;
  // If Redis is away, the engine's sweeps deliver both later.
  await enqueueDeliveries(deps.queues, outcome.deliveryIds).catch((error: unknown) =>
    deps.logger.warn({ err: error }, "could not enqueue usage threshold webhook deliveries; the engine's sweep will"),
  );
  await sendQueuedEmail(deps.queues, outcome.outboxId, deps.logger);
}
