/** First retry after about a second, doubling per attempt, never more than five minutes. */
const BASE_DELAY_MS = 1_000;
const MAX_BACKOFF_MS = 5 * 60_000;
/** A target's Retry-After is honoured up to an hour; a longer wait is not worth holding a run for. */
const MAX_RETRY_AFTER_MS = 3_600_000;

/**
 * How long to wait before the next attempt of a step whose attempt `failedAttempt` (1-based)
 * failed: exponential backoff with jitter (between half and the whole of 1 s, 2 s, 4 s, ...,
 * capped at 5 minutes), or the target's Retry-After when that is longer.
 */
export function retryDelayMs(failedAttempt: number, retryAfterMs?: number, random: () => number = Math.random): number {
  const exponential = Math.min(MAX_BACKOFF_MS, BASE_DELAY_MS * 2 ** Math.max(0, failedAttempt - 1));
  const jittered = Math.round(exponential * (0.5 + random() * 0.5));
  if (retryAfterMs === undefined || !Number.isFinite(retryAfterMs)) return jittered;
  return Math.max(jittered, Math.min(Math.max(0, Math.round(retryAfterMs)), MAX_RETRY_AFTER_MS));
}

/** A short, jittered wait for a run that found its account's concurrency limit reached. */
export function slotWaitMs(random: () => number = Math.random): number {
  return 250 + Math.round(random() * 750);
}
