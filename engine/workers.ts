import { defineWorker, type AnyWorkerDefinition } from "./worker-definition.js";
import { processEmailJob } from "./jobs/deliver-email.js";
import { flushUsage } from "./jobs/flush-usage.js";
import { purgeExpiredRows } from "./jobs/purge-expired.js";
import { requeueStaleEmail } from "./jobs/requeue-stale-email.js";

/** Every BullMQ worker the engine runs, registered in this one place. */
export const WORKERS: AnyWorkerDefinition[] = [
  defineWorker({
    queue: "maintenance",
    concurrency: 1,
    process: async (payload, _job, { db, logger, queues, redis, config }) => {
      switch (payload.task) {
        case "purge-expired": {
          const purged = await purgeExpiredRows(db);
          logger.info({ purged }, "purged expired rows");
          return purged;
        }
        case "flush-usage":
          return flushUsage(db, redis, config.REDIS_KEY_PREFIX);
        case "requeue-stale-email": {
          const requeued = await requeueStaleEmail(db, queues);
          if (requeued) logger.info({ requeued }, "re-enqueued stale queued e-mail");
          return { requeued };
        }
      }
    },
    schedules: [
      { id: "purge-expired-hourly", repeat: { every: 3_600_000 }, payload: { task: "purge-expired" } },
      { id: "requeue-stale-email-every-minute", repeat: { every: 60_000 }, payload: { task: "requeue-stale-email" } },
      { id: "flush-usage-every-5s", repeat: { every: 5_000 }, payload: { task: "flush-usage" } },
    ],
  }),
  defineWorker({
    queue: "email",
    concurrency: 4,
    process: processEmailJob,
  }),
];
