import { Queue } from "bullmq";
import type { EngineConfig } from "../core/config.js";
import { QUEUES, parseJobPayload } from "../core/jobs.js";
import type { Logger } from "../core/logger.js";
import type { Redis } from "../core/redis.js";
import type { AnyWorkerDefinition } from "./worker-definition.js";

export interface RecurringJobs {
  /** Re-creates schedulers that are missing (Redis restarted without its data); returns how many. */
  repair: () => Promise<number>;
  close: () => Promise<void>;
}

interface ScheduledQueue {
  queue: Queue;
  definition: AnyWorkerDefinition;
}

/**
 * The engine's recurring jobs: BullMQ job schedulers upserted at boot (idempotent across
 * engines), the `atBoot` jobs added, and schedulers no longer defined removed. Redis holds the
 * schedulers, so a Redis that comes back empty would silently stop every sweep; each engine
 * checks every `checkIntervalMs` and re-creates what is missing, with the `atBoot` jobs (which
 * rebuild the workflows' own schedules).
 */
export async function startRecurringJobs(
  definitions: AnyWorkerDefinition[],
  connection: Redis,
  config: Pick<EngineConfig, "QUEUE_PREFIX" | "SCHEDULE_CHECK_INTERVAL_MS">,
  logger: Logger,
): Promise<RecurringJobs> {
  const scheduled: ScheduledQueue[] = definitions
    .filter((definition) => definition.schedules?.length)
    .map((definition) => ({ definition, queue: new Queue(QUEUES[definition.queue].name, { connection, prefix: config.QUEUE_PREFIX }) }));
  for (const { queue } of scheduled) queue.on("error", (error) => logger.warn({ err: error }, "queue error"));

  for (const entry of scheduled) {
    await upsertSchedules(entry, () => true);
    await addBootJobs(entry);
    // A queue with fixed schedules has only these: one renamed or dropped in a release stops firing.
    const defined = new Set(entry.definition.schedules?.map((schedule) => schedule.id));
    for (const scheduler of await entry.queue.getJobSchedulers()) {
      if (!defined.has(scheduler.key)) await entry.queue.removeJobScheduler(scheduler.key);
    }
  }

  const repair = async () => {
    let repaired = 0;
    for (const entry of scheduled) {
      const existing = new Set((await entry.queue.getJobSchedulers()).map((scheduler) => scheduler.key));
      const missing = await upsertSchedules(entry, (id) => !existing.has(id));
      if (missing === 0) continue;
      await addBootJobs(entry);
      repaired += missing;
    }
    if (repaired) logger.warn({ repaired }, "job schedulers were missing (Redis lost its data?): re-created them");
    return repaired;
  };
  const timer = setInterval(() => {
    repair().catch((error: unknown) => logger.warn({ err: error }, "could not check the job schedulers"));
  }, config.SCHEDULE_CHECK_INTERVAL_MS);

  return {
    repair,
    async close() {
      clearInterval(timer);
      await Promise.allSettled(scheduled.map(({ queue }) => queue.close()));
    },
  };
}

async function upsertSchedules({ queue, definition }: ScheduledQueue, include: (id: string) => boolean): Promise<number> {
  let upserted = 0;
  for (const schedule of definition.schedules ?? []) {
    if (!include(schedule.id)) continue;
    await queue.upsertJobScheduler(schedule.id, schedule.repeat, {
      name: schedule.id,
      data: parseJobPayload(definition.queue, schedule.payload),
      opts: QUEUES[definition.queue].jobOptions,
    });
    upserted += 1;
  }
  return upserted;
}

async function addBootJobs({ queue, definition }: ScheduledQueue): Promise<void> {
  for (const schedule of definition.schedules ?? []) {
    if (schedule.atBoot) await queue.add(schedule.id, parseJobPayload(definition.queue, schedule.payload), QUEUES[definition.queue].jobOptions);
  }
}
