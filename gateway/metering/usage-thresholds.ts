import { monthStartDay, nextMonthStart } from "../../core/metering/calendar.js";
import { usageThresholdMessage } from "../../core/email/templates.js";
import { queueEmail } from "../../core/email/outbox.js";
import { sendQueuedEmail } from "../../core/email/send.js";
import type { Database } from "../../core/db/client.js";
import { newId } from "../../core/ids.js";
import type { Logger } from "../../core/logger.js";
import type { ProducerQueues } from "../../core/queues.js";
import type { KeyContext } from "./key-context.js";
import type { MeterPolicy } from "./meter.js";

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
 * Records a `usage.threshold_reached` webhook event and e-mails the owner, once per threshold
 * per month (the usage_thresholds_notified row is the guard). Runs off the request path.
 */
export async function notifyThreshold(
  deps: { db: Database; queues: ProducerQueues; logger: Logger; productName: string; publicUrl: string },
  context: KeyContext,
  quota: MeterPolicy,
  percent: number,
  now: Date,
): Promise<void> {
  const month = monthStartDay(now);
  const outboxId = await deps.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto("usage_thresholds_notified")
      .values({ user_id: context.userId, month, threshold: percent })
      .onConflict((oc) => oc.doNothing())
      .returning("threshold")
      .executeTakeFirst();
    if (!claimed) return undefined;
    const eventId = newId("evt");
    const resetDate = nextMonthStart(now).toISOString().slice(0, 10);
    await trx
      .insertInto("webhook_events")
      .values({
        id: eventId,
        user_id: context.userId,
        type: "usage.threshold_reached",
        payload: JSON.stringify({
          id: eventId,
          type: "usage.threshold_reached",
          timestamp: now.toISOString(),
          data: { threshold_percent: percent, requests_used: quota.used, requests_limit: quota.limit, reset_date: resetDate, package: context.packageName },
        }),
      })
      .execute();
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
    return queueEmail(trx, { to: owner.email, template: "usage-threshold", ...message });
  });
  if (outboxId) await sendQueuedEmail(deps.queues, outboxId, deps.logger);
}
