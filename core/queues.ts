import { Queue } from "bullmq";
import { QUEUES, parseJobPayload, type JobPayload, type QueueKey } from "./jobs.js";
import type { Redis } from "./redis.js";

/** Producer side of the queues the gateway adds jobs to; each opens on first use. */
export interface ProducerQueues {
  get: (key: QueueKey) => Queue;
  close: () => Promise<void>;
}

/** BullMQ Queues sharing one fail-fast producer connection, created when first needed. */
export function createProducerQueues(connection: Redis, prefix: string, onError: (error: Error) => void = () => undefined): ProducerQueues {
  const opened = new Map<QueueKey, Queue>();
  return {
    get(key) {
      let queue = opened.get(key);
      if (!queue) {
        queue = new Queue(QUEUES[key].name, { connection, prefix });
        // Without a listener BullMQ prints connection errors to stderr, bypassing the logger.
        queue.on("error", onError);
        opened.set(key, queue);
      }
      return queue;
    },
    async close() {
      await Promise.allSettled([...opened.values()].map((queue) => queue.close()));
      opened.clear();
    },
  };
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
  await queues.get(key).add(QUEUES[key].name, data, { ...QUEUES[key].jobOptions, ...options });
}
