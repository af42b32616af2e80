import type { EngineConfig } from "../../core/config.js";
import type { Database } from "../../core/db/client.js";
import { queueEmail } from "../../core/email/outbox.js";
import { sendQueuedEmail } from "../../core/email/send.js";
import { renewalReminderMessage } from "../../core/email/templates.js";
import { publishKeyInvalidation } from "../../core/keys/invalidation.js";
import type { Logger } from "../../core/logger.js";
import { currentPackage, revertToFreePlan, startScheduledPlan } from "../../core/payments/activation.js";
import { dueReminder, EXPIRY_GRACE_DAYS, graceEnd, renewalLink, RENEWAL_REMINDER_DAYS } from "../../core/payments/renewal-terms.js";
import { BILLING_PERIODS, FREE_PLAN_NAME, formatUsd, PERIOD_TERMS, quotePrice } from "../../core/plans.js";
import type { ProducerQueues } from "../../core/queues.js";
import type { Redis } from "../../core/redis.js";
import { claimReminder, expireLiveSubscription, listDueScheduledPlans, listEndingSubscriptions, listLapsedAccounts, markPastDue } from "./renewal-queries.js";

/**
 * The hourly end-of-period task (DESIGN.md section 9): paid downgrades start when the period
 * they follow ends; renewal reminders 7 and 1 days before a period ends (once each per period,
 * not when the next period is already paid), past due at the end, and back to free once the
 * grace days are over, announced on the key-invalidation channel so every gateway meters the account on
 * free within a second. Idempotent: running it again changes and sends nothing more.
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
  const started = await startScheduledPlans(deps, now);
  const reminded = await sendRenewalReminders(deps, now);
  const pastDue = await markPastDue(deps.db, now);
  const expired = await expireLapsedPlans(deps, now);
  return { started, reminded, past_due: pastDue, expired };
}

/** Paid downgrades whose start has come replace the plan they follow. */
async function startScheduledPlans(deps: RenewalDeps, now: Date): Promise<number> {
  let started = 0;
  for (const userId of await listDueScheduledPlans(deps.db, now)) {
    if (!(await deps.db.transaction().execute((trx) => startScheduledPlan(trx, userId, now)))) continue;
    started++;
    deps.logger.info({ userId }, "scheduled plan started");
    await announce(deps, userId);
  }
  return started;
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
    const periodEnd = row.next_billing_date;
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

async function expireLapsedPlans(deps: RenewalDeps, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - EXPIRY_GRACE_DAYS * DAY_MS);
  let reverted = 0;
  for (const userId of await listLapsedAccounts(deps.db, cutoff)) {
    const revertedPackage = await deps.db.transaction().execute(async (trx) => {
      // Locked, and checked again: a payment may have renewed the plan since the list was read.
      const pkg = await currentPackage(trx, userId);
      if (pkg && pkg.packageName !== FREE_PLAN_NAME && pkg.expiresAt && graceEnd(pkg.expiresAt) <= now) {
        await revertToFreePlan(trx, userId, "expired");
        return true;
      }
      await expireLiveSubscription(trx, userId, cutoff);
      return false;
    });
    if (!revertedPackage) continue;
    reverted++;
    deps.logger.info({ userId }, "plan expired; account returned to free");
    await announce(deps, userId);
  }
  return reverted;
}
