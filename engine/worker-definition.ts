import type { Job, RepeatOptions, WorkerOptions } from "bullmq";
import type { EngineConfig } from "../core/config.js";
import type { JobPayload, QueueKey } from "../core/jobs.js";
import type { Database } from "../core/db/client.js";
import type { DatasetStore } from "../core/datasets/dataset-store.js";
import type { MailSender } from "../core/email/transport.js";
import type { Logger } from "../core/logger.js";
import type { ProducerQueues } from "../core/queues.js";
import type { Redis } from "../core/redis.js";
import type { AnalyticsDb } from "./analytics/analytics-db.js";
import type { EngineMetrics } from "./metrics/engine-metrics.js";
import type { SucceededAttempts } from "./webhooks/delivery-records.js";
import type { FirstAttempts } from "./webhooks/first-attempts.js";
import type { Completions } from "./workflows/grouped-completions.js";
import type { WorkflowRuns } from "./workflows/workflow-runs.js";

export interface EngineContext {
  config: EngineConfig;
  db: Database;
  logger: Logger;
  /** For jobs that enqueue other jobs (through `enqueue`, which validates the payload). */
  queues: ProducerQueues;
  /** Redis without a key prefix (keys are named in full), for the usage flush. */
  redis: Redis;
  /** The SMTP sender, when SMTP_URL is set; created once at boot, closed on shutdown. */
  mail?: MailSender;
  /** Workflow executions running in this engine, their cancel subscription and concurrency slots. */
  workflowRuns: WorkflowRuns;
  /** DuckDB, in the engine's analytics worker processes (a pool started at boot, closed at shutdown). */
  analytics: AnalyticsDb;
  /** Where uploads and datasets' Parquet files are stored (DATASET_STORAGE): a directory or an S3 bucket. */
  datasets: DatasetStore;
  /** First attempts of webhook deliveries this process makes itself, after the event's statement. */
  firstAttempts: FirstAttempts;
  /** Completions of executions, written in groups. */
  completions: Completions;
  /** Succeeded webhook attempts, recorded in groups. */
  succeededAttempts: SucceededAttempts;
  /** What the engine counts for Prometheus (its metrics server). */
  metrics: EngineMetrics;
}

export interface WorkerDefinition<Q extends QueueKey = QueueKey> {
  queue: Q;
  /** Jobs this worker may run at once in one engine process. */
  concurrency: number;
  process: (payload: JobPayload<Q>, job: Job, context: EngineContext) => Promise<unknown>;
  /**
   * Recurring jobs, upserted as BullMQ job schedulers at boot (idempotent across engines);
   * `atBoot` also runs one job whenever an engine starts.
   */
  schedules?: Array<{ id: string; repeat: RepeatOptions; payload: JobPayload<Q>; atBoot?: boolean }>;
  /** BullMQ stall settings, when the defaults do not suit this queue's jobs (locks last JOB_LOCK_MS). */
  workerOptions?: Pick<WorkerOptions, "maxStalledCount">;
}

/** A worker for any one queue, with its payload type kept. */
export type AnyWorkerDefinition = { [Q in QueueKey]: WorkerDefinition<Q> }[QueueKey];

export function defineWorker<Q extends QueueKey>(definition: WorkerDefinition<Q>): WorkerDefinition<Q> {
  return definition;
}
