import { PERIOD_TERMS, type BillingPeriod } from "../../core/plans.js";

/** Pure rules of a paid order: references, invoice numbers and the period a payment buys. */

/** Pesapal's `id`: unique per order, at most 50 characters of [A-Za-z0-9-]. Built from our order id. */
export function merchantReferenceFor(orderId: string): string {
  const reference = orderId.replace(/_/g, "-");
  if (!/^[A-Za-z0-9-]{1,50}$/.test(reference)) throw new RangeError(`order id ${orderId} cannot be a merchant reference`);
  return reference;
}

/** INV-YYYY-NNNNNN: the year of completion and the next value of invoice_number_seq. */
export function formatInvoiceNumber(completedAt: Date, sequence: number): string {
  return `INV-${completedAt.getUTCFullYear()}-${String(sequence).padStart(6, "0")}`;
}

/** `start` plus whole calendar months (UTC), clamped to the last day of a shorter month. */
export function addMonths(start: Date, months: number): Date {
  const target = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  target.setUTCHours(start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds(), start.getUTCMilliseconds());
  return target;
}

/**
 * The period a payment buys. Paying again for the package still running extends it from its
 * current end; anything else starts now.
 */
export function paidPeriod(input: {
  now: Date;
  period: BillingPeriod;
  packageName: string;
  current: { packageName: string; expiresAt: Date | null } | undefined;
}): { start: Date; end: Date } {
  const { current, now } = input;
  const isRenewal = current?.packageName === input.packageName && current.expiresAt !== null && current.expiresAt > now;
  const start = isRenewal && current.expiresAt ? current.expiresAt : now;
  return { start, end: addMonths(start, PERIOD_TERMS[input.period].months) };
}
