import { Queue } from "bullmq";
import { QUEUES, parseJobPayload, type JobPayload, type QueueKey } from "./jobs.js";
import type { Redis } from "./redis.js";

/** Producer side of the queues the gateway adds jobs to. */
export type ProducerQueues = { [Q in QueueKey]: Queue };

/** One BullMQ Queue per queue definition, sharing a fail-fast producer connection. */
export function createProducerQueues(connection: Redis, prefix: string): ProducerQueues {
  const entries = (Object.keys(QUEUES) as QueueKey[]).map((key) => [key, new Queue(QUEUES[key].name, { connection, prefix })]);
  return Object.fromEntries(entries) as ProducerQueues;
}

export async function closeProducerQueues(queues: ProducerQueues): Promise<void> {
  await Promise.allSettled(Object.values(queues).map((queue) => queue.close()));
}

/**
 * Adds a job after validating its payload against the queue's schema. `jobId` makes the add
 * idempotent: a second add with the same id is a no-op while the first job is kept.
 */
export async function enqueue<Q extends QueueKey>(
  queues: ProducerQueues,
  key: Q,
  payload: JobPayload<Q>,
  options: { jobId?: string; delay?: number } = {},
): Promise<void> {
  const data = parseJobPayload(key, payload);
  await queues[key].add(QUEUES[key].name, data, { ...QUEUES[key].jobOptions, ...options });
}
