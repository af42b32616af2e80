import { checkoutParams, type BillingPeriod } from "../plans.js";

/**
 * When a paid period ends: reminder e-mails before the expiry, then a grace period during which
 * the account keeps its plan (shown as overdue) before it returns to the free plan.
 */

export const EXPIRY_GRACE_DAYS = 3;
/** Days before the expiry at which a reminder is sent, once each per period. */
export const RENEWAL_REMINDER_DAYS = [7, 1] as const;
export type ReminderDays = (typeof RENEWAL_REMINDER_DAYS)[number];

const DAY_MS = 86_400_000;

/** The moment an expired plan stops applying: expiry plus the grace days. */
export function graceEnd(expiresAt: Date): Date {
  return new Date(expiresAt.getTime() + EXPIRY_GRACE_DAYS * DAY_MS);
}

/**
 * The reminder a period is due at `now`: the nearest threshold already reached, if the expiry is
 * still ahead. A run that missed the 7-day mark but is within a day sends only the 1-day one.
 */
export function dueReminder(expiresAt: Date, now: Date): ReminderDays | undefined {
  const remaining = expiresAt.getTime() - now.getTime();
  if (remaining <= 0) return undefined;
  // RENEWAL_REMINDER_DAYS is in descending order, so the last one reached is the nearest.
  const reached = RENEWAL_REMINDER_DAYS.filter((days) => remaining <= days * DAY_MS);
  return reached.length > 0 ? reached[reached.length - 1] : undefined;
}

/**
 * The dashboard's checkout section for paying the same plan again: its query parameters
 * (plan, tier, period, amount in dollars per month, as the pricing page builds them) and the
 * renewal intent.
 */
export function renewalLink(publicUrl: string, plan: { packageName: string; requestLimit: number; monthlyPriceCents: number }, period: BillingPeriod): string {
  const query = checkoutParams({ package_name: plan.packageName, request_limit: plan.requestLimit, monthly_price_cents: plan.monthlyPriceCents }, period);
  query.set("intent", "renew");
  return new URL(`/dashboard?${query.toString()}`, publicUrl).toString();
}
