import { Counter, Gauge, Histogram, type Registry } from "prom-client";
import { QUEUES, type QueueKey } from "../../core/jobs.js";
import { createProcessMetricsRegistry } from "../../core/metrics/process-metrics.js";
import type { ProducerQueues } from "../../core/queues.js";

/** Queue states counted at scrape time (BullMQ's names). */
const QUEUE_STATES = ["waiting", "active", "delayed", "failed"] as const;

export type ExecutionOutcome = "completed" | "failed" | "cancelled";

/**
 * What the engine counts for Prometheus. Labels take only values from small fixed sets (queue
 * names, action and analysis types, outcomes, status classes): never an id.
 */
export interface EngineMetrics {
  executionFinished: (outcome: ExecutionOutcome, mode: "live" | "test", durationSeconds: number | undefined) => void;
  /** One step attempt (or pure step) and how it ended, timed from `startedMs` (performance.now()). */
  stepFinished: (actionType: string, outcome: string, startedMs: number) => void;
  /** One webhook request: its HTTP status (null when none came back) and how long it took. */
  deliveryAttempted: (attempt: { succeeded: boolean; responseStatus: number | null; durationMs: number }) => void;
  analysisFinished: (analysisType: string, outcome: string, durationSeconds: number) => void;
  /** Jobs whose lock could not be renewed: another engine may take them over while they run. */
  lockRenewalsFailed: (queue: string, count: number) => void;
  /** Jobs this engine's stalled check found without a lock (their engine died) and handed to a worker again. */
  jobStalled: (queue: string) => void;
  registry: Registry;
}

export function createEngineMetrics(queues: ProducerQueues): EngineMetrics {
  const registry = createProcessMetricsRegistry();
  const registers = [registry];

  new Gauge({
    name: "sluice_queue_jobs",
    help: "Jobs in each queue by state, read from Redis when scraped (the same in every engine).",
    labelNames: ["queue", "state"],
    registers,
    async collect() {
      this.reset();
      const keys = Object.keys(QUEUES) as QueueKey[];
      // Redis away: the series are left out rather than the whole scrape failing.
      const counts = await Promise.all(keys.map((key) => queues.get(key).getJobCounts(...QUEUE_STATES).catch(() => undefined)));
      keys.forEach((key, index) => {
        const queueCounts = counts[index];
        if (!queueCounts) return;
        for (const state of QUEUE_STATES) this.set({ queue: QUEUES[key].name, state }, queueCounts[state] ?? 0);
      });
    },
  });

  const executions = new Counter({
    name: "sluice_workflow_executions_finished_total",
    help: "Workflow executions this engine ended, by outcome and mode.",
    labelNames: ["outcome", "mode"],
    registers,
  });
  const executionDuration = new Histogram({
    name: "sluice_workflow_execution_duration_seconds",
    help: "Time from an execution's start to its end (time asleep in delay steps included), by outcome and mode.",
    labelNames: ["outcome", "mode"],
    buckets: [0.1, 0.5, 1, 2.5, 5, 15, 60, 300, 900, 3_600, 86_400],
    registers,
  });
  const stepDuration = new Histogram({
    name: "sluice_workflow_step_duration_seconds",
    help: "Duration of one step attempt (claim, action and record), by action type and outcome (completed, retry, failed, cancelled, lost).",
    labelNames: ["action_type", "outcome"],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
    registers,
  });
  const deliveryAttempts = new Counter({
    name: "sluice_webhook_delivery_attempts_total",
    help: "Webhook delivery attempts made, by outcome (succeeded, failed) and HTTP status class (2xx to 5xx, none when no answer came).",
    labelNames: ["outcome", "status_class"],
    registers,
  });
  const deliveryDuration = new Histogram({
    name: "sluice_webhook_delivery_duration_seconds",
    help: "Time from sending a webhook request to the end of its answer (or its failure), by outcome.",
    labelNames: ["outcome"],
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15],
    registers,
  });
  const analysisDuration = new Histogram({
    name: "sluice_analysis_duration_seconds",
    help: "Duration of analysis and cleaning jobs, by analysis type and outcome (completed, or the failure's code).",
    labelNames: ["analysis_type", "outcome"],
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
    registers,
  });
  const lockRenewalFailures = new Counter({
    name: "sluice_job_lock_renewals_failed_total",
    help: "Running jobs whose lock this engine could not renew (another engine may take them over), by queue.",
    labelNames: ["queue"],
    registers,
  });
  const stalledJobs = new Counter({
    name: "sluice_jobs_stalled_total",
    help: "Jobs found without a lock (their engine died or stalled) and handed to a worker again, by queue.",
    labelNames: ["queue"],
    registers,
  });

  return {
    executionFinished(outcome, mode, durationSeconds) {
      executions.inc({ outcome, mode });
      if (durationSeconds !== undefined) executionDuration.observe({ outcome, mode }, durationSeconds);
    },
    stepFinished(actionType, outcome, startedMs) {
      stepDuration.observe({ action_type: actionType, outcome }, (performance.now() - startedMs) / 1_000);
    },
    deliveryAttempted({ succeeded, responseStatus, durationMs }) {
      const outcome = succeeded ? "succeeded" : "failed";
      deliveryAttempts.inc({ outcome, status_class: statusClass(responseStatus) });
      deliveryDuration.observe({ outcome }, durationMs / 1_000);
    },
    analysisFinished(analysisType, outcome, durationSeconds) {
      analysisDuration.observe({ analysis_type: analysisType, outcome }, durationSeconds);
    },
    lockRenewalsFailed(queue, count) {
      lockRenewalFailures.inc({ queue }, count);
    },
    jobStalled(queue) {
      stalledJobs.inc({ queue });
    },
    registry,
  };
}

/** 2xx to 5xx, or none: a status outside 100-599 is not a class. */
export function statusClass(status: number | null): string {
  if (status === null || status < 100 || status > 599) return "none";
  return `${Math.floor(status / 100)}xx`;
}
