import { QueueEvents, type Job } from "bullmq";
import { QUEUES } from "../../core/jobs.js";
import { createRedis, type Redis } from "../../core/redis.js";

/**
 * Waits, within a budget, for analytics jobs to finish, so a quick analysis is answered inline
 * (DESIGN.md section 8). One QueueEvents stream per gateway, opened on first use on a connection
 * of its own (it blocks on Redis), and closed when `closeWith` (the gateway's Redis client) ends
 * at shutdown, so nothing else has to remember it.
 */
export interface AnalysisWaiter {
  /** Resolves when the job has finished (either way) or `timeoutMs` has passed; never rejects. */
  wait: (job: Job, timeoutMs: number) => Promise<void>;
}

export function createAnalysisWaiter(options: { redisUrl: string; queuePrefix: string; closeWith: Redis }): AnalysisWaiter {
  let opened: Promise<QueueEvents> | undefined;
  let connection: Redis | undefined;

  const open = async () => {
    connection = createRedis(options.redisUrl, "worker");
    connection.on("error", () => undefined);
    const events = new QueueEvents(QUEUES.analytics.name, { connection, prefix: options.queuePrefix });
    events.on("error", () => undefined);
    options.closeWith.once("end", () => {
      opened = undefined;
      void events.close().finally(() => connection?.quit().catch(() => undefined));
    });
    await events.waitUntilReady();
    return events;
  };

  return {
    async wait(job, timeoutMs) {
      if (timeoutMs <= 0) return;
      const deadline = Date.now() + timeoutMs;
      try {
        opened ??= open().catch((error: unknown) => {
          opened = undefined;
          throw error;
        });
        const events = await opened;
        const left = deadline - Date.now();
        if (left > 0) await job.waitUntilFinished(events, left);
      } catch {
        // Timed out, failed or Redis away: the caller reads the row, which is the truth.
      }
    },
  };
}
