import { enqueue, type ProducerQueues } from "../queues.js";

/**
 * Jobs of the `webhook-delivery` queue. Each attempt of a delivery is its own job, with an id
 * derived from the attempt number: the first is the delivery id, later ones `${deliveryId}-${n}`.
 * Adding the job of an attempt twice is therefore a no-op, and the processor makes attempt n only
 * while the delivery has made n - 1 (a compare-and-set on the row), so a duplicate job sends nothing.
 */
export function deliveryJobId(deliveryId: string, attempt: number): string {
  return attempt === 1 ? deliveryId : `${deliveryId}-${attempt}`;
}

/** Adds the job of one attempt (the hot path after an event commits: one Redis call). */
export async function enqueueDeliveryAttempt(queues: ProducerQueues, deliveryId: string, attempt: number, delayMs = 0): Promise<void> {
  await enqueue(queues, "webhook-delivery", { delivery_id: deliveryId, attempt }, { jobId: deliveryJobId(deliveryId, attempt), ...(delayMs > 0 ? { delay: delayMs } : {}) });
}

/**
 * Makes sure the job of an attempt exists, for the sweep of overdue deliveries and for replays.
 * A job of that id that is still waiting, delayed or running is kept (a delayed one is run now
 * with `promote`, as a replay wants); a finished one (it found nothing to do when it ran) is
 * replaced. Returns whether a job was added or promoted.
 */
export async function ensureDeliveryAttempt(queues: ProducerQueues, deliveryId: string, attempt: number, options: { promote: boolean }): Promise<boolean> {
  const existing = await queues.get("webhook-delivery").getJob(deliveryJobId(deliveryId, attempt));
  if (existing) {
    const state = await existing.getState();
    if (state === "delayed" && options.promote) {
      // It may have been promoted or started meanwhile: either way it runs now.
      await existing.promote().catch(() => undefined);
      return true;
    }
    if (state !== "completed" && state !== "failed" && state !== "unknown") return false;
    await existing.remove();
  }
  await enqueueDeliveryAttempt(queues, deliveryId, attempt);
  return true;
}
