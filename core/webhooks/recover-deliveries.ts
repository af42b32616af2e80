import { sql } from "kysely";
import type { Database } from "../db/client.js";
import type { ProducerQueues } from "../queues.js";
import { ensureDeliveryAttempt } from "./delivery-jobs.js";

/**
 * Recovering an endpoint's failed deliveries (POST /v1/webhook-endpoints/{id}/recover): each
 * delivery that had finally failed is opened again like a replay (pending, due now, a new run of
 * the retry schedule, the attempt log kept), so its next attempt sends the same event (same id
 * and body) with a fresh signature timestamp. The gateway recovers one batch within the request;
 * a window with more is finished by the engine's `webhook-recovery` job, batch after batch.
 */

/** Deliveries reopened by one statement: the request's share, and each step of the job. */
export const RECOVERY_BATCH = 500;

export interface RecoveryWindow {
  endpointId: string;
  /** Deliveries created at or after this time... */
  since: Date;
  /** ...and before this one. */
  until: Date;
  /**
   * When the recovery was asked for: only deliveries that had failed by then are reopened, so a
   * recovered delivery that fails again is not sent once more by the same recovery.
   */
  asOf: Date;
}

/**
 * Reopens up to `limit` deliveries of the window that have failed, oldest first, while the
 * endpoint is active and not deleted. Rows another recovery is reopening at the same moment are
 * skipped (it reopens them), and a delivery is reopened only while it is still failed, so two
 * concurrent recoveries of one window reopen each delivery once between them.
 */
export async function reopenFailedDeliveries(db: Database, window: RecoveryWindow, limit: number, now: Date): Promise<{ id: string; attempt: number }[]> {
  const { rows } = await sql<{ id: string; attempt: number }>`
    update webhook_deliveries d
    set status = 'pending', next_attempt_at = ${now}, run_start_attempt = d.attempt, updated_at = ${now}
    from webhook_endpoints e
    where d.id in (
        select id from webhook_deliveries
        where endpoint_id = ${window.endpointId} and status = 'failed'
          and created_at >= ${window.since} and created_at < ${window.until} and updated_at <= ${window.asOf}
        order by created_at, id
        limit ${limit}
        for update skip locked
      )
      and d.status = 'failed'
      and e.id = d.endpoint_id and e.is_active and e.deleted_at is null
    returning d.id, d.attempt`.execute(db);
  return rows;
}

/**
 * Makes sure the next attempt's job of each reopened delivery exists. One whose add fails stays
 * pending and due, and the engine's sweep of overdue deliveries adds it within a couple of minutes.
 */
export async function enqueueRecovered(queues: ProducerQueues, reopened: readonly { id: string; attempt: number }[]): Promise<void> {
  // A delivery closed because its endpoint was disabled has a finished job of that attempt: ensure replaces it.
  await Promise.all(reopened.map((delivery) => ensureDeliveryAttempt(queues, delivery.id, delivery.attempt + 1, { promote: false })));
}
