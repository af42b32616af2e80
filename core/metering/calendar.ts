/** Calendar arithmetic of the metered path: UTC days and calendar months. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** "2026-11" */
export function utcMonth(now: Date): string {
  return now.toISOString().slice(0, 7);
}

/** "2026-11-01", the `month` column of monthly ledgers. */
export function monthStartDay(now: Date): string {
  return `${utcMonth(now)}-01`;
}

export function nextMonthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

/** Seconds in the calendar month of `now`: the window of every monthly policy. */
export function secondsInMonth(now: Date): number {
  return (nextMonthStart(now).getTime() - Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)) / 1_000;
}

/** Whole seconds from `nowMs` to `targetMs` (epoch milliseconds), at least 1. */
export function secondsUntil(targetMs: number, nowMs: number): number {
  return Math.max(1, Math.ceil((targetMs - nowMs) / 1_000));
}
