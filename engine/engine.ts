import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { UnrecoverableError, Worker, type Job } from "bullmq";
import type { EngineConfig } from "../core/config.js";
import { createDatasetStore } from "../core/datasets/create-dataset-store.js";
import { createDb, type Database } from "../core/db/client.js";
import { createMailTransport, type MailSender } from "../core/email/transport.js";
import { QUEUES, type JobPayload, type QueueKey } from "../core/jobs.js";
import { removeEngineHeartbeat, writeEngineHeartbeat } from "../core/liveness.js";
import type { Logger } from "../core/logger.js";
import { createProducerQueues } from "../core/queues.js";
import { connectRedis, waitForRedis, type Redis } from "../core/redis.js";
import { reportRedisPersistence } from "../core/redis-persistence.js";
import type { AnyWorkerDefinition, EngineContext, WorkerDefinition } from "./worker-definition.js";
import { startAnalyticsPool, type AnalyticsPool } from "./analytics/analytics-pool.js";
import { jobLockOptions } from "./job-locks.js";
import { createEngineMetrics } from "./metrics/engine-metrics.js";
import { startMetricsServer } from "./metrics/metrics-server.js";
import { startRecurringJobs } from "./schedules.js";
import { WORKERS } from "./workers.js";
import { createSucceededAttempts } from "./webhooks/delivery-records.js";
import { createFirstAttempts } from "./webhooks/first-attempts.js";
import { createCompletions } from "./workflows/grouped-completions.js";
import { startWorkflowRuns } from "./workflows/workflow-runs.js";

export interface RunningEngine {
  instanceId: string;
  db: Database;
  workers: Worker[];
  /** The analytics worker processes (DuckDB). */
  analytics: AnalyticsPool;
  /** Where the engine's Prometheus metrics answer; undefined when ENGINE_METRICS_ENABLED=false. */
  metricsUrl: string | undefined;
  /** Stops taking jobs, waits for running ones, then closes every connection. */
  shutdown: () => Promise<void>;
}

export interface StartEngineOptions {
  /** Defaults to every registered worker. */
  workers?: AnyWorkerDefinition[];
}

export async function startEngine(config: EngineConfig, logger: Logger, options: StartEngineOptions = {}): Promise<RunningEngine> {
  const definitions = options.workers ?? WORKERS;
  const instanceId = `engine-${hostname()}-${process.pid}-${randomBytes(3).toString("hex")}`;
  const startedAt = new Date().toISOString();
  const db = createDb({ url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE, applicationName: "sluice-engine" });
  const workerConnection = connectRedis(config, "worker");
  const producerConnection = connectRedis(config, "producer");
  const liveness = connectRedis(config, "client", { keyPrefix: config.REDIS_KEY_PREFIX });
  const metering = connectRedis(config, "producer");
  for (const connection of [workerConnection, producerConnection, liveness, metering]) {
    connection.on("error", (error) => logger.warn({ err: error }, "redis connection error"));
  }
  await Promise.all([waitForRedis(producerConnection), waitForRedis(liveness), waitForRedis(metering)]);
  await reportRedisPersistence(metering, logger, config.NODE_ENV === "production");

  const producerQueues = createProducerQueues(producerConnection, config.QUEUE_PREFIX, (error) => logger.warn({ err: error }, "queue error"));
  const metrics = createEngineMetrics(producerQueues);
  // Before any worker starts: a port already taken stops the engine before it takes a job.
  const metricsServer = config.ENGINE_METRICS_ENABLED
    ? await startMetricsServer(metrics.registry, { host: config.ENGINE_METRICS_HOST, port: config.ENGINE_METRICS_PORT, token: config.METRICS_TOKEN })
    : undefined;
  const mail = createMailSender(config, logger);
  const workflowRuns = await startWorkflowRuns({ config, db, logger, queues: producerQueues });
  const analytics = await startAnalyticsPool(config, logger);
  const datasets = createDatasetStore(config);
  const succeededAttempts = createSucceededAttempts(db);
  const firstAttempts = createFirstAttempts({ config, db, logger, queues: producerQueues, succeededAttempts, metrics });
  const context: EngineContext = { config, db, logger, queues: producerQueues, redis: metering, workflowRuns, analytics, datasets, firstAttempts, succeededAttempts, completions: createCompletions(db), metrics, ...(mail ? { mail } : {}) };
  const workers = definitions.map((definition) => startWorker(definition, config, workerConnection, context, instanceId));
  const recurringJobs = await startRecurringJobs(definitions, producerConnection, config, logger);

  const beat = () =>
    writeEngineHeartbeat(liveness, {
      instance_id: instanceId,
      hostname: hostname(),
      pid: process.pid,
      started_at: startedAt,
      beat_at: new Date().toISOString(),
      queues: definitions.map((d) => QUEUES[d.queue].name),
    }).catch((error: unknown) => logger.warn({ err: error }, "heartbeat failed"));
  await beat();
  const heartbeat = setInterval(beat, config.HEARTBEAT_INTERVAL_MS);

  let stopping: Promise<void> | undefined;
  const shutdown = () => {
    stopping ??= (async () => {
      logger.info("engine shutting down: waiting for running jobs");
      clearInterval(heartbeat);
      await withTimeout(Promise.all(workers.map((worker) => worker.close())), config.JOB_DRAIN_TIMEOUT_MS, () =>
        Promise.all(workers.map((worker) => worker.close(true))),
      );
      // Attempts cut short here are made again by another engine's sweep of overdue deliveries.
      await withTimeout(firstAttempts.drain(), config.JOB_DRAIN_TIMEOUT_MS, async () => undefined);
      await workflowRuns.close();
      await analytics.close();
      datasets.close();
      await removeEngineHeartbeat(liveness, instanceId).catch(() => undefined);
      await metricsServer?.close();
      await Promise.allSettled([recurringJobs.close(), producerQueues.close()]);
      mail?.transport.close();
      await Promise.allSettled([db.destroy(), workerConnection.quit(), producerConnection.quit(), liveness.quit(), metering.quit()]);
      logger.info("engine stopped");
    })();
    return stopping;
  };

  return { instanceId, db, workers, analytics, metricsUrl: metricsServer?.url, shutdown };
}

function createMailSender(config: EngineConfig, logger: Logger): MailSender | undefined {
  if (config.SMTP_URL) return { transport: createMailTransport(config.SMTP_URL), from: config.MAIL_FROM };
  if (config.NODE_ENV === "production") {
    logger.error("SMTP_URL is not set: e-mail cannot be delivered and will fail after its retries");
  } else {
    logger.info("SMTP_URL is not set: e-mail is delivered to the development mailbox (/dev/mailbox)");
  }
  return undefined;
}

function startWorker<Q extends QueueKey>(
  definition: WorkerDefinition<Q>,
  config: EngineConfig,
  connection: Redis,
  context: EngineContext,
  instanceId: string,
): Worker {
  const worker = new Worker(
    QUEUES[definition.queue].name,
    async (job: Job) => {
      const logger = context.logger.child({ queue: job.queueName, jobId: job.id, attempt: job.attemptsMade + 1 });
      const payload = QUEUES[definition.queue].payload.safeParse(job.data);
      // A payload that does not match its schema will never succeed: fail without retrying.
      if (!payload.success) throw new UnrecoverableError(`invalid ${job.queueName} payload: ${payload.error.message}`);
      return definition.process(payload.data as JobPayload<Q>, job, { ...context, logger });
    },
    {
      connection,
      prefix: config.QUEUE_PREFIX,
      // BullMQ records the worker's name on each job it takes (`processedBy`): which engine ran it.
      name: instanceId,
      concurrency: Math.min(definition.concurrency, config.WORKER_CONCURRENCY),
      // A dead engine's jobs are taken over within about 7/6 of JOB_LOCK_MS (decision 0035).
      ...jobLockOptions(config.JOB_LOCK_MS),
      ...definition.workerOptions,
    },
  );
  worker.on("failed", (job, error) => {
    context.logger.error({ queue: worker.name, jobId: job?.id, err: error }, "job failed");
  });
  worker.on("error", (error) => context.logger.error({ err: error, queue: worker.name }, "worker error"));
  worker.on("lockRenewalFailed", (jobIds) => context.metrics.lockRenewalsFailed(worker.name, jobIds.length));
  worker.on("stalled", () => context.metrics.jobStalled(worker.name));
  return worker;
}

async function withTimeout(work: Promise<unknown>, timeoutMs: number, onTimeout: () => Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), timeoutMs);
  });
  const outcome = await Promise.race([work.then(() => "done" as const), timedOut]);
  clearTimeout(timer);
  if (outcome === "timeout") await onTimeout();
}
