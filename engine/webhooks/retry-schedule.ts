/**
 * When a failed webhook delivery is tried again (DESIGN.md section 7): after the n-th failed
 * attempt of a run, wait the n-th entry of the schedule (production: immediately, 5 s, 5 min,
 * 30 min, 2 h, 5 h, 10 h, 10 h; WEBHOOK_RETRY_SCHEDULE_MS), give or take 10 % so that the
 * deliveries of one outage do not all come back at the same moment. A longer `Retry-After` from
 * the receiver wins, up to a day. After the last entry the delivery has failed.
 */

/** The most a receiver's Retry-After can postpone the next attempt. */
export const MAX_RETRY_AFTER_MS = 24 * 3_600_000;
const JITTER = 0.1;

export interface RetryInput {
  /** Attempts made in this run so far, the failed one included (1 after the first attempt). */
  runAttempts: number;
  scheduleMs: readonly number[];
  /** The receiver's Retry-After, already converted to milliseconds from now. */
  retryAfterMs?: number | undefined;
  /** A number in [0, 1); Math.random in production. */
  random?: () => number;
}

/** Milliseconds until the next attempt, or null when no attempt is left. */
export function nextRetryDelayMs(input: RetryInput): number | null {
  const scheduled = input.scheduleMs[input.runAttempts - 1];
  if (scheduled === undefined) return null;
  const random = input.random ?? Math.random;
  const jittered = Math.round(scheduled * (1 - JITTER + 2 * JITTER * random()));
  const retryAfter = Math.min(input.retryAfterMs ?? 0, MAX_RETRY_AFTER_MS);
  return Math.max(jittered, retryAfter);
}
