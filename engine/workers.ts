import { defineWorker, type AnyWorkerDefinition } from "./worker-definition.js";
import { purgeExpiredRows } from "./jobs/purge-expired.js";

/** Every BullMQ worker the engine runs, registered in this one place. */
export const WORKERS: AnyWorkerDefinition[] = [
  defineWorker({
    queue: "maintenance",
    concurrency: 1,
    process: async (payload, _job, { db, logger }) => {
      switch (payload.task) {
        case "purge-expired": {
          const purged = await purgeExpiredRows(db);
          logger.info({ purged }, "purged expired rows");
          return purged;
        }
      }
    },
    schedules: [{ id: "purge-expired-hourly", repeat: { every: 3_600_000 }, payload: { task: "purge-expired" } }],
  }),
];
