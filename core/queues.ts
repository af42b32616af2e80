import { Queue, QueueEvents, type Job } from "bullmq";
import { QUEUES, parseJobPayload, type JobPayload, type QueueKey } from "./jobs.js";
import type { Logger } from "./logger.js";
import { duplicateRedis, type Redis } from "./redis.js";

/** Producer side of the queues the gateway adds jobs to; each opens on first use. */
export interface ProducerQueues {
  get: (key: QueueKey) => Queue;
  /** Completion events of a queue (for job.waitUntilFinished), on a blocking connection of its own opened on first use. */
  events: (key: QueueKey) => Promise<QueueEvents>;
  close: () => Promise<void>;
}

/** BullMQ Queues sharing one fail-fast producer connection, created when first needed. */
export function createProducerQueues(connection: Redis, prefix: string, onError: (error: Error) => void = () => undefined): ProducerQueues {
  const opened = new Map<QueueKey, Queue>();
  const listening = new Map<QueueKey, Promise<QueueEvents>>();
  const eventConnections: Redis[] = [];
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
    events(key) {
      let events = listening.get(key);
      if (!events) {
        const blocking = duplicateRedis(connection, { maxRetriesPerRequest: null, enableOfflineQueue: true });
        eventConnections.push(blocking);
        const queueEvents = new QueueEvents(QUEUES[key].name, { connection: blocking, prefix });
        queueEvents.on("error", onError);
        events = queueEvents.waitUntilReady().then(() => queueEvents);
        listening.set(key, events);
      }
      return events;
    },
    async close() {
      const events = await Promise.allSettled(listening.values());
      listening.clear();
      await Promise.allSettled([
        ...[...opened.values()].map((queue) => queue.close()),
        ...events.map((result) => (result.status === "fulfilled" ? result.value.close() : undefined)),
      ]);
      // QueueEvents does not own a connection it was given.
      for (const blocking of eventConnections.splice(0)) blocking.disconnect();
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

/**
 * How long a request waits for a job to be added. A queue first opened while Redis is away
 * waits for it indefinitely; the add carries on in the background (the job id keeps it single)
 * and the engine's sweep covers it if it never lands.
 */
export const ENQUEUE_WAIT_MS = 2_000;

/** The add, or a rejection once it has taken longer than ENQUEUE_WAIT_MS. */
export function withinEnqueueWait<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`enqueue still pending after ${ENQUEUE_WAIT_MS} ms`)), ENQUEUE_WAIT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Adds the job of a row already written (payload validated, `jobId` making the add idempotent)
 * and waits up to `waitMs` for it to finish, either way: for requests answered inline when the
 * work is quick. Never rejects: finished, failed or still running when the wait ends, the caller
 * reads its row, which is the truth; an add that fails (Redis away) is logged and left to the
 * engine's sweep of rows without a job.
 */
export async function enqueueAndWait<Q extends QueueKey>(
  queues: ProducerQueues,
  key: Q,
  payload: JobPayload<Q>,
  options: { jobId: string; waitMs: number; logger: Logger },
): Promise<void> {
  const deadline = Date.now() + options.waitMs;
  const events = options.waitMs > 0 ? await withinMs(queues.events(key), options.waitMs) : undefined;
  const data = parseJobPayload(key, payload);
  let job: Job;
  try {
    job = await withinEnqueueWait(queues.get(key).add(QUEUES[key].name, data, { ...QUEUES[key].jobOptions, jobId: options.jobId }));
  } catch (error) {
    options.logger.warn({ err: error, queue: key, jobId: options.jobId }, "enqueue failed; the engine's sweep will add the job");
    return;
  }
  const left = deadline - Date.now();
  if (events && left > 0) await job.waitUntilFinished(events, left).catch(() => undefined);
}

/** The promise's value, or undefined if it takes longer than `ms` (or fails). */
async function withinMs<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)));
  try {
    return await Promise.race([promise.catch(() => undefined), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
