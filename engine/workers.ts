import { defineWorker, type AnyWorkerDefinition } from "./worker-definition.js";
import { ingestDataset } from "./analytics/ingest.js";
import { engineOrderExpiryDeps, expirePendingOrders } from "./billing/expire-pending-orders.js";
import { runSubscriptionRenewals } from "./billing/subscription-renewals.js";
import { requeueQueuedAnalytics } from "./analytics/requeue-queued-analytics.js";
import { runAnalysisJob } from "./analytics/run-analysis.js";
import { processEmailJob } from "./jobs/deliver-email.js";
import { processAccountEmailJob } from "./jobs/send-account-email.js";
import { flushStreamRollups } from "./jobs/flush-stream-rollups.js";
import { flushUsage } from "../core/metering/usage-flush.js";
import { purgeExpiredRows } from "./jobs/purge-expired.js";
import { requeueStaleEmail } from "./jobs/requeue-stale-email.js";
import { processWebhookDeliveryJob } from "./webhooks/deliver-webhook.js";
import { purgeWebhookLog } from "./webhooks/purge-webhook-log.js";
import { processWebhookRecoveryJob } from "./webhooks/recover-failed-deliveries.js";
import { requeueDueDeliveries } from "./webhooks/requeue-due-deliveries.js";
import { runStatusProbe } from "./status/status-probe.js";
import { fireWorkflowSchedule } from "./workflows/fire-schedule.js";
import { recoverLostExecutions } from "./workflows/recover-lost-executions.js";
import { processWorkflowRun } from "./workflows/run-execution.js";
import { syncAllWorkflowSchedules } from "./workflows/sync-schedules.js";

/** Every BullMQ worker the engine runs, registered in this one place. */
export const WORKERS: AnyWorkerDefinition[] = [
  defineWorker({
    queue: "maintenance",
    concurrency: 1,
    process: async (payload, _job, { db, logger, queues, redis, config, analytics }) => {
      switch (payload.task) {
        case "purge-expired": {
          const now = new Date();
          const purged = { ...(await purgeExpiredRows(db, now)), ...(await purgeWebhookLog(db, now, config.WEBHOOK_LOG_RETENTION_DAYS)) };
          logger.info({ purged }, "purged expired rows");
          return purged;
        }
        case "flush-usage": {
          const flushed = await flushUsage(db, redis, config.REDIS_KEY_PREFIX);
          if (flushed.unverifiable) logger.warn(flushed, "usage hashes older than the ledger of applied batches were not applied: they may have been counted already");
          return flushed;
        }
        case "flush-stream-rollups":
          return flushStreamRollups(db, redis, config.REDIS_KEY_PREFIX);
        case "requeue-stale-email": {
          const requeued = await requeueStaleEmail(db, queues);
          if (requeued) logger.info({ requeued }, "re-enqueued stale queued e-mail");
          return { requeued };
        }
        case "sync-schedules": {
          const synced = await syncAllWorkflowSchedules(db, queues, logger);
          if (synced.removed || synced.invalid) logger.info(synced, "reconciled workflow schedules");
          return synced;
        }
        case "recover-lost-executions": {
          // An execution idle for a lock period has no job on its way between states.
          const recovered = await recoverLostExecutions({ db, queues, redis, keyPrefix: config.REDIS_KEY_PREFIX }, { graceMs: config.JOB_LOCK_MS });
          if (recovered.requeued || recovered.cancelled) logger.info(recovered, "recovered workflow executions whose job was lost");
          return recovered;
        }
        case "requeue-queued-analytics": {
          const requeued = await requeueQueuedAnalytics(db, queues);
          if (requeued.datasets || requeued.analyses) logger.info(requeued, "re-enqueued analytics jobs that were lost");
          return requeued;
        }
        case "subscription-renewals": {
          const renewals = await runSubscriptionRenewals({ db, redis, queues, logger, config });
          if (renewals.started || renewals.reminded || renewals.past_due || renewals.expired) logger.info(renewals, "scheduled plans, subscription reminders and expiries");
          return renewals;
        }
        case "expire-pending-orders": {
          const expired = await expirePendingOrders(engineOrderExpiryDeps({ db, queues, logger, config }));
          if (expired.cancelled || expired.held || expired.unreachable) logger.info(expired, "expired pending payment orders");
          return expired;
        }
        case "requeue-due-webhooks": {
          const requeued = await requeueDueDeliveries(db, queues);
          if (requeued) logger.info({ requeued }, "re-enqueued overdue webhook deliveries");
          return { requeued };
        }
        case "status-probe":
          return runStatusProbe({ db, redis, queues, config, analytics });
      }
    },
    schedules: [
      { id: "purge-expired-hourly", repeat: { every: 3_600_000 }, payload: { task: "purge-expired" } },
      { id: "requeue-stale-email-every-minute", repeat: { every: 60_000 }, payload: { task: "requeue-stale-email" } },
      { id: "flush-usage-every-5s", repeat: { every: 5_000 }, payload: { task: "flush-usage" } },
      { id: "flush-stream-rollups-every-10s", repeat: { every: 10_000 }, payload: { task: "flush-stream-rollups" } },
      { id: "requeue-due-webhooks-every-minute", repeat: { every: 60_000 }, payload: { task: "requeue-due-webhooks" } },
      { id: "sync-schedules-every-10-minutes", repeat: { every: 600_000 }, payload: { task: "sync-schedules" }, atBoot: true },
      { id: "subscription-renewals-hourly", repeat: { every: 3_600_000 }, payload: { task: "subscription-renewals" }, atBoot: true },
      { id: "expire-pending-orders-every-10-minutes", repeat: { every: 600_000 }, payload: { task: "expire-pending-orders" } },
      { id: "recover-lost-executions-every-30s", repeat: { every: 30_000 }, payload: { task: "recover-lost-executions" } },
      { id: "requeue-queued-analytics-every-minute", repeat: { every: 60_000 }, payload: { task: "requeue-queued-analytics" } },
      { id: "status-probe-every-minute", repeat: { every: 60_000 }, payload: { task: "status-probe" } },
    ],
  }),
  defineWorker({
    queue: "email",
    concurrency: 4,
    process: processEmailJob,
  }),
  defineWorker({
    queue: "account-email",
    concurrency: 4,
    process: (payload, _job, context) => processAccountEmailJob(payload, context),
  }),
  defineWorker({
    queue: "webhook-delivery",
    // Waiting on receivers (up to 15 s each), not on CPU.
    concurrency: 32,
    process: processWebhookDeliveryJob,
  }),
  defineWorker({
    queue: "webhook-recovery",
    // Each job reopens batches of deliveries and adds their jobs: short database and Redis work.
    concurrency: 2,
    process: (payload, _job, context) => processWebhookRecoveryJob(payload, context),
  }),
  defineWorker({
    queue: "workflow-run",
    // Steps mostly wait on outside calls; delays and backoff do not hold a slot at all.
    concurrency: 32,
    process: processWorkflowRun,
    // A dead engine's executions resume from the last completed step, up to three engine deaths.
    workerOptions: { maxStalledCount: 3 },
  }),
  defineWorker({
    queue: "workflow-schedule",
    concurrency: 4,
    process: fireWorkflowSchedule,
  }),
  defineWorker({
    queue: "analytics",
    // CPU-bound in DuckDB, which has its own DUCKDB_THREADS; a few jobs at once keep it busy.
    concurrency: 4,
    process: async (payload, _job, context) => {
      switch (payload.task) {
        case "ingest":
          return ingestDataset(payload.dataset_id, context);
        case "analyze":
          return runAnalysisJob(payload.analysis_id, context);
      }
    },
  }),
];
