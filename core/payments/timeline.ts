/**
 * The timeline of paid periods (DESIGN.md section 9, decision 0026), as pure rules: where each
 * standing payment's period lies, and what the account is entitled to at a moment. Periods are
 * laid out in the order they were paid: an upgrade starts when paid and cuts whatever ran then
 * (those unused days were its credit); every other payment (new, renewal, downgrade) starts
 * where the time already paid for ends, never before it was paid. Laying out again after a
 * removal closes the gap it leaves, and an upgrade's removal gives back the days it cut.
 */

export type PeriodLength = { months: number } | { days: number };

export interface PaidPeriodEntry {
  id: string;
  planName: string;
  length: PeriodLength;
  /** An upgrade: runs from its payment, cutting what ran then. */
  startsImmediately: boolean;
  paidAt: Date;
}

export interface LaidPeriod {
  id: string;
  planName: string;
  startsAt: Date;
  /** Equal to startsAt when an upgrade credited all of it. */
  endsAt: Date;
}

const DAY_MS = 86_400_000;

/** `start` plus whole calendar months (UTC), clamped to the last day of a shorter month. */
export function addMonths(start: Date, months: number): Date {
  const target = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  target.setUTCHours(start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds(), start.getUTCMilliseconds());
  return target;
}

export function periodEnd(start: Date, length: PeriodLength): Date {
  return "months" in length ? addMonths(start, length.months) : new Date(start.getTime() + length.days * DAY_MS);
}

const later = (a: Date, b: Date) => (a > b ? a : b);
const earlier = (a: Date, b: Date) => (a < b ? a : b);

/** Where each standing period lies, in the order paid (ties by id). */
export function layOutPeriods(entries: readonly PaidPeriodEntry[]): LaidPeriod[] {
  const ordered = [...entries].sort((a, b) => a.paidAt.getTime() - b.paidAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const laid: LaidPeriod[] = [];
  let paidUntil: Date | undefined;
  for (const entry of ordered) {
    let startsAt: Date;
    if (entry.startsImmediately) {
      for (const period of laid) period.endsAt = later(period.startsAt, earlier(period.endsAt, entry.paidAt));
      startsAt = entry.paidAt;
    } else {
      startsAt = paidUntil ? later(entry.paidAt, paidUntil) : entry.paidAt;
    }
    const period = { id: entry.id, planName: entry.planName, startsAt, endsAt: periodEnd(startsAt, entry.length) };
    laid.push(period);
    paidUntil = laid.reduce((end, p) => later(end, p.endsAt), period.endsAt);
  }
  return laid;
}

/**
 * What the laid-out periods entitle the account to at `now`: the period in force (or, within
 * `graceMs` after the last one ended, that one, past due), how far that plan runs without a
 * break (`runEnd`, when the next payment is due or the next plan starts), and the next plan
 * when another one follows.
 */
export type Entitlement =
  | { kind: "none" }
  | { kind: "paid"; current: LaidPeriod; pastDue: boolean; runEnd: Date; next: LaidPeriod | undefined };

export function entitlementAt(laid: readonly LaidPeriod[], now: Date, graceMs: number): Entitlement {
  const periods = laid.filter((p) => p.endsAt > p.startsAt).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const current = periods.find((p) => p.startsAt <= now && now < p.endsAt);
  if (current) {
    let runEnd = current.endsAt;
    for (const period of periods) {
      if (period.startsAt > runEnd) break;
      if (period.endsAt > runEnd && period.planName === current.planName) runEnd = period.endsAt;
      else if (period.endsAt > runEnd) break;
    }
    return { kind: "paid", current, pastDue: false, runEnd, next: periods.find((p) => p.startsAt >= runEnd) };
  }
  const last = periods.filter((p) => p.endsAt <= now).at(-1);
  if (last && now.getTime() < last.endsAt.getTime() + graceMs && !periods.some((p) => p.startsAt > now)) {
    return { kind: "paid", current: last, pastDue: true, runEnd: last.endsAt, next: undefined };
  }
  return { kind: "none" };
}
