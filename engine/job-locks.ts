import type { WorkerOptions } from "bullmq";

/**
 * BullMQ's lock settings for a lock of `jobLockMs` (JOB_LOCK_MS, decision 0035): renewed about
 * every sixth of it, and checked for lapsed locks as often, so a dead engine's jobs are taken over
 * within 5/6 to 7/6 of it while a live engine keeps its jobs through event-loop stalls of up to
 * about 5/6 of it. Whole milliseconds: the stalled check's interval is a Redis PX argument.
 */
export function jobLockOptions(jobLockMs: number): Required<Pick<WorkerOptions, "lockDuration" | "lockRenewTime" | "stalledInterval">> {
  const sixth = Math.floor(jobLockMs / 6);
  return { lockDuration: jobLockMs, lockRenewTime: sixth, stalledInterval: sixth };
}
