import type { JobsOptions } from "bullmq";
import { z } from "zod";
import { AccountEmailRequestSchema } from "./auth/account-emails.js";

/**
 * Where the gateway and the engine meet: queue names, payload schemas and default job options.
 * Payloads are validated when enqueued and again in the processor.
 */
export const QUEUES = {
  maintenance: {
    name: "maintenance",
    payload: z.object({
      task: z.enum(["purge-expired", "requeue-stale-email", "flush-usage", "flush-stream-rollups", "sync-schedules", "recover-lost-executions", "requeue-queued-analytics", "requeue-due-webhooks", "subscription-renewals", "expire-pending-orders", "status-probe"]),
    }),
    jobOptions: {
      attempts: 3,
      backoff: { type: "exponential", delay: 5_000 },
      removeOnComplete: { age: 24 * 3_600, count: 100 },
      removeOnFail: { age: 7 * 24 * 3_600 },
    },
  },
  email: {
    name: "email",
    payload: z.object({
      /** The email_outbox row to deliver; the job id is the same id, so it is enqueued once. */
      outbox_id: z.string().startsWith("mail_"),
    }),
    jobOptions: {
      attempts: 8,
      backoff: { type: "exponential", delay: 10_000 },
      removeOnComplete: { age: 24 * 3_600, count: 1_000 },
      removeOnFail: { age: 7 * 24 * 3_600 },
    },
  },
  "account-email": {
    name: "account-email",
    /** A reset or confirmation link an address asked for; the engine decides whether its account gets one. */
    payload: AccountEmailRequestSchema,
    jobOptions: {
      attempts: 5,
      backoff: { type: "exponential", delay: 5_000 },
      // The payload is an e-mail address: kept no longer than needed to see the queue work.
      removeOnComplete: { age: 3_600, count: 1_000 },
      removeOnFail: { age: 24 * 3_600 },
    },
  },
  "workflow-run": {
    name: "workflow-run",
    payload: z.object({
      /** The executions row to run (written before the job); the job id is the execution id. */
      execution_id: z.string().startsWith("exec_"),
    }),
    jobOptions: {
      // Step retries are the runner's own (per step, with backoff); BullMQ's attempts only cover
      // a worker that died or stalled mid-run, which resumes from the last completed step.
      attempts: 5,
      backoff: { type: "exponential", delay: 1_000 },
      removeOnComplete: { age: 24 * 3_600, count: 10_000 },
      removeOnFail: { age: 7 * 24 * 3_600 },
    },
  },
  "workflow-schedule": {
    name: "workflow-schedule",
    payload: z.object({
      /** Fired by the workflow's job scheduler; the processor starts one execution per fire time. */
      workflow_id: z.string().startsWith("wf_"),
    }),
    jobOptions: {
      attempts: 3,
      backoff: { type: "exponential", delay: 1_000 },
      removeOnComplete: { age: 24 * 3_600, count: 1_000 },
      removeOnFail: { age: 7 * 24 * 3_600 },
    },
  },
  "webhook-delivery": {
    name: "webhook-delivery",
    payload: z.object({
      /** The webhook_deliveries row; its attempt counter and schedule live in that row. */
      delivery_id: z.string().startsWith("del_"),
      /** The attempt this job makes (absent: the first); a job whose attempt was already made does nothing. */
      attempt: z.number().int().min(1).optional(),
    }),
    jobOptions: {
      attempts: 1,
      removeOnComplete: { age: 24 * 3_600, count: 10_000 },
      removeOnFail: { age: 7 * 24 * 3_600 },
    },
  },
  "webhook-recovery": {
    name: "webhook-recovery",
    /** The rest of a recovery the request did not finish (core/webhooks/recover-deliveries.ts). */
    payload: z.object({
      endpoint_id: z.string().startsWith("whe_"),
      since: z.iso.datetime({ offset: true }),
      until: z.iso.datetime({ offset: true }),
      as_of: z.iso.datetime({ offset: true }),
    }),
    jobOptions: {
      // Each step reopens only deliveries still failed, so running it again repeats nothing.
      attempts: 5,
      backoff: { type: "exponential", delay: 5_000 },
      removeOnComplete: { age: 24 * 3_600, count: 1_000 },
      removeOnFail: { age: 7 * 24 * 3_600 },
    },
  },
  analytics: {
    name: "analytics",
    payload: z.discriminatedUnion("task", [
      /** Parse an uploaded file (uploads/ in the dataset store) into the dataset's Parquet file and schema. */
      z.object({ task: z.literal("ingest"), dataset_id: z.string().startsWith("ds_") }),
      /** Run the analyses row (an analysis, or a cleaning when its analysis is "clean"). */
      z.object({ task: z.literal("analyze"), analysis_id: z.string().startsWith("an_") }),
    ]),
    jobOptions: {
      // The row is the truth: a job lost with its engine is retried from the start once.
      attempts: 2,
      backoff: { type: "fixed", delay: 1_000 },
      removeOnComplete: { age: 3_600, count: 1_000 },
      removeOnFail: { age: 7 * 24 * 3_600 },
    },
  },
} as const satisfies Record<string, { name: string; payload: z.ZodType; jobOptions: JobsOptions }>;

export type QueueKey = keyof typeof QUEUES;
export type JobPayload<Q extends QueueKey> = z.infer<(typeof QUEUES)[Q]["payload"]>;

/** Validates a payload for a queue; used both at enqueue time and in processors. */
export function parseJobPayload<Q extends QueueKey>(queue: Q, data: unknown): JobPayload<Q> {
  return QUEUES[queue].payload.parse(data) as JobPayload<Q>;
}
