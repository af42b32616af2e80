import type { JobPayload } from "../../core/jobs.js";
import { RECOVERY_BATCH, enqueueRecovered, reopenFailedDeliveries } from "../../core/webhooks/recover-deliveries.js";
import type { EngineContext } from "../worker-definition.js";

/**
 * The `webhook-recovery` queue's processor: the rest of a recovery whose window held more failed
 * deliveries than its request reopened, batch after batch until none is left. A batch reopens
 * only deliveries still failed, so a job run again (after a crash) sends nothing twice.
 */
export async function processWebhookRecoveryJob(payload: JobPayload<"webhook-recovery">, context: Pick<EngineContext, "db" | "queues" | "logger">): Promise<{ queued: number }> {
  const window = { endpointId: payload.endpoint_id, since: new Date(payload.since), until: new Date(payload.until), asOf: new Date(payload.as_of) };
  let queued = 0;
  for (;;) {
    const reopened = await reopenFailedDeliveries(context.db, window, RECOVERY_BATCH, new Date());
    await enqueueRecovered(context.queues, reopened);
    queued += reopened.length;
    if (reopened.length < RECOVERY_BATCH) break;
  }
  context.logger.info({ endpointId: payload.endpoint_id, queued }, "recovered failed webhook deliveries");
  return { queued };
}
