import type { EngineConfig } from "../../core/config.js";
import type { Database } from "../../core/db/client.js";
import { queueEmail } from "../../core/email/outbox.js";
import { sendQueuedEmail } from "../../core/email/send.js";
import { renewalReminderMessage } from "../../core/email/templates.js";
import { publishKeyInvalidation } from "../../core/keys/invalidation.js";
import type { Logger } from "../../core/logger.js";
import { currentPackage, lockEntitlements, syncEntitlements } from "../../core/payments/entitlements.js";
import { dueReminder, EXPIRY_GRACE_DAYS, renewalLink, RENEWAL_REMINDER_DAYS } from "../../core/payments/renewal-terms.js";
import { BILLING_PERIODS, FREE_PLAN_NAME, formatUsd, PERIOD_TERMS, quotePrice } from "../../core/plans.js";
import type { ProducerQueues } from "../../core/queues.js";
import type { Redis } from "../../core/redis.js";
import { claimReminder, findLiveSubscription, listDueAccounts, listEndingSubscriptions } from "./renewal-queries.js";

/**
 * The hourly end-of-period task (DESIGN.md section 9), reading the timeline of paid periods
 * (decision 0026): accounts whose period boundary has passed are derived again from it (the next
 * paid plan starts, past due at the end of the paid time, back to free once the grace days are
 * over), announced on the key-invalidation channel so every gateway meters them within a second;
 * renewal reminders go 7 and 1 days before the paid time ends (once each per end, so not while
 * a later period is paid). Idempotent: running it again changes and sends nothing more.
 */

export interface RenewalDeps {
  db: Database;
  redis: Redis;
  queues: ProducerQueues;
  logger: Logger;
  config: Pick<EngineConfig, "REDIS_KEY_PREFIX" | "PRODUCT_NAME" | "PUBLIC_URL">;
}

const DAY_MS = 86_400_000;

export async function runSubscriptionRenewals(
  deps: RenewalDeps,
  now: Date = new Date(),
): Promise<{ started: number; reminded: number; past_due: number; expired: number }> {
  const changes = await deriveDueAccounts(deps, now);
  const reminded = await sendRenewalReminders(deps, now);
  return { ...changes, reminded };
}

/** Each account the clock has moved past a boundary of, derived again from its timeline and counted by what changed. */
async function deriveDueAccounts(deps: RenewalDeps, now: Date): Promise<{ started: number; past_due: number; expired: number }> {
  const counts = { started: 0, past_due: 0, expired: 0 };
  for (const userId of await listDueAccounts(deps.db, now, new Date(now.getTime() - EXPIRY_GRACE_DAYS * DAY_MS))) {
    const { before, after } = await deps.db.transaction().execute(async (trx) => {
      await lockEntitlements(trx, userId);
      const previous = await entitlementState(trx, userId);
      await syncEntitlements(trx, userId, now, "clock");
      return { before: previous, after: await entitlementState(trx, userId) };
    });
    const change =
      after.plan === FREE_PLAN_NAME && before.plan !== FREE_PLAN_NAME
        ? "expired"
        : after.live && after.live.plan_name !== before.live?.plan_name
          ? "started"
          : after.live?.status === "past_due" && before.live?.status === "active"
            ? "past_due"
            : undefined;
    if (!change) continue;
    counts[change]++;
    deps.logger.info({ userId, change }, "plan changed at the end of a paid period");
    if (change !== "past_due") await announce(deps, userId);
  }
  return counts;
}

async function entitlementState(trx: Database, userId: string) {
  return { plan: (await currentPackage(trx, userId))?.packageName ?? FREE_PLAN_NAME, live: await findLiveSubscription(trx, userId) };
}

async function announce(deps: RenewalDeps, userId: string): Promise<void> {
  await publishKeyInvalidation(deps.redis, deps.config.REDIS_KEY_PREFIX, { user_id: userId }).catch((error: unknown) =>
    deps.logger.warn({ err: error, userId }, "could not announce a plan change; key caches expire within 30 s"),
  );
}

async function sendRenewalReminders(deps: RenewalDeps, now: Date): Promise<number> {
  const furthest = Math.max(...RENEWAL_REMINDER_DAYS);
  const ending = await listEndingSubscriptions(deps.db, now, new Date(now.getTime() + furthest * DAY_MS));
  let sent = 0;
  for (const row of ending) {
    const periodEnd = row.paid_until;
    const period = BILLING_PERIODS.find((p) => p === row.billing_period);
    if (!periodEnd || !period) continue;
    const days = dueReminder(periodEnd, now);
    if (days === undefined) continue;
    if (row.reminded_for_period_end?.getTime() === periodEnd.getTime() && (row.reminded_days_before ?? Infinity) <= days) continue;
    const outboxId = await deps.db.transaction().execute(async (trx) => {
      if (!(await claimReminder(trx, row.id, periodEnd, days))) return undefined;
      const message = renewalReminderMessage({
        productName: deps.config.PRODUCT_NAME,
        publicUrl: deps.config.PUBLIC_URL,
        fullName: row.full_name ?? "",
        planName: row.display_name,
        periodLabel: PERIOD_TERMS[period].label,
        amount: `${formatUsd(quotePrice(row.monthly_price_cents, period).totalCents)} USD`,
        expiresAt: periodEnd,
        daysLeft: days,
        graceDays: EXPIRY_GRACE_DAYS,
        renewLink: renewalLink(deps.config.PUBLIC_URL, { packageName: row.plan_name, requestLimit: row.request_limit, monthlyPriceCents: row.monthly_price_cents }, period),
      });
      return queueEmail(trx, { to: row.email, template: `renewal_reminder_${days}d`, ...message });
    });
    if (!outboxId) continue;
    await sendQueuedEmail(deps.queues, outboxId, deps.logger);
    sent++;
  }
  return sent;
}
