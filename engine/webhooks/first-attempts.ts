import type { ClaimedDelivery } from "../../core/webhooks/claimed-attempt.js";
import { PREPARED_DELIVERY_IDS } from "../../core/webhooks/events.js";
import { makeClaimedAttempt, WEBHOOK_TIMEOUT_MS, type DeliveryDeps } from "./deliver-webhook.js";

/** First attempts one engine makes at once; past this, first attempts go to webhook-delivery jobs. */
export const MAX_FIRST_ATTEMPTS_IN_FLIGHT = 256;

/** Room reserved for the first attempts of one event: NewWebhookEvent.claimFirstAttempts. */
export interface FirstAttemptClaims {
  count: number;
  leaseUntil: Date;
}

/**
 * The first attempts of the deliveries of an event the engine records itself (workflow.completed),
 * made in this process right after the recording statement commits, instead of through a
 * webhook-delivery job: that statement claims them (attempt 1, leased for the webhook timeout),
 * which saves the job's three Redis round trips and the claim's statement. Retries go through jobs
 * as always. If this process dies mid-attempt, the sweep of overdue deliveries has the next
 * attempt made once the lease is a minute past, exactly as for an engine killed during a job.
 */
export interface FirstAttempts {
  /**
   * Reserves room for the first attempts of an event about to be recorded (none while this process
   * is full or draining). Hand what the statement claimed to `start`, even nothing, to give the
   * rest of the room back.
   */
  reserve: (now: Date) => FirstAttemptClaims;
  /** Makes the claimed attempts in the background; never throws. */
  start: (reserved: FirstAttemptClaims, claimed: readonly ClaimedDelivery[]) => void;
  /** Reserves no more and waits for the attempts in flight (each ends within the webhook timeout). */
  drain: () => Promise<void>;
}

export function createFirstAttempts(deps: DeliveryDeps, maxInFlight = MAX_FIRST_ATTEMPTS_IN_FLIGHT): FirstAttempts {
  let taken = 0;
  let draining = false;
  const inFlight = new Set<Promise<void>>();
  return {
    reserve(now) {
      const count = draining ? 0 : Math.max(0, Math.min(PREPARED_DELIVERY_IDS, maxInFlight - taken));
      taken += count;
      return { count, leaseUntil: new Date(now.getTime() + WEBHOOK_TIMEOUT_MS) };
    },
    start(reserved, claimed) {
      taken -= reserved.count - claimed.length;
      for (const { deliveryId, claim } of claimed) {
        const attempt: Promise<void> = makeClaimedAttempt(deps, deliveryId, 1, claim, new Date())
          .then(
            () => undefined,
            (error: unknown) => deps.logger.error({ err: error, deliveryId }, "a first webhook attempt could not be recorded; the sweep of overdue deliveries makes the next"),
          )
          .finally(() => {
            taken -= 1;
            inFlight.delete(attempt);
          });
        inFlight.add(attempt);
      }
    },
    async drain() {
      draining = true;
      await Promise.allSettled([...inFlight]);
    },
  };
}
