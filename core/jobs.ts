import type { JobsOptions } from "bullmq";
import { z } from "zod";

/**
 * Where the gateway and the engine meet: queue names, payload schemas and default job options.
 * Payloads are validated when enqueued and again in the processor.
 */
export const QUEUES = {
  maintenance: {
    name: "maintenance",
    payload: z.object({
      task: z.enum(["purge-expired", "requeue-stale-email", "flush-usage"]),
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
} as const satisfies Record<string, { name: string; payload: z.ZodType; jobOptions: JobsOptions }>;

export type QueueKey = keyof typeof QUEUES;
export type JobPayload<Q extends QueueKey> = z.infer<(typeof QUEUES)[Q]["payload"]>;

/** Validates a payload for a queue; used both at enqueue time and in processors. */
export function parseJobPayload<Q extends QueueKey>(queue: Q, data: unknown): JobPayload<Q> {
  return QUEUES[queue].payload.parse(data) as JobPayload<Q>;
}
