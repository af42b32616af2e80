import type { Logger } from "../logger.js";
import { enqueue, type ProducerQueues } from "../queues.js";

/** How long a request waits for Redis before leaving the e-mail to the sweeper. */
const ENQUEUE_TIMEOUT_MS = 1_000;

/**
 * Enqueues delivery of an outbox row; call it after the transaction that wrote the row commits.
 * The job id is the outbox id, so a repeated call or the sweeper never delivers it twice. If
 * Redis is unavailable the row stays `queued` and the engine's `requeue-stale-email` task picks
 * it up within a couple of minutes: this never throws.
 */
export async function sendQueuedEmail(queues: ProducerQueues, outboxId: string, logger: Logger): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const added = enqueue(queues, "email", { outbox_id: outboxId }, { jobId: outboxId });
  // After a timeout the add may still settle; its outcome no longer matters to anyone.
  added.catch(() => undefined);
  try {
    await Promise.race([
      added,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`enqueue took longer than ${ENQUEUE_TIMEOUT_MS} ms`)), ENQUEUE_TIMEOUT_MS);
      }),
    ]);
  } catch (error) {
    logger.warn({ err: error, outboxId }, "could not enqueue e-mail delivery; the stale-email sweeper will deliver it");
  } finally {
    clearTimeout(timer);
  }
}
