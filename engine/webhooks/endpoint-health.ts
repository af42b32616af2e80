import type { Transaction } from "kysely";
import type { DB } from "../../core/db/types.js";
import { queueEmail } from "../../core/email/outbox.js";
import { webhookEndpointDisabledMessage } from "../../core/email/templates.js";
import { clearEndpointFailing, disableEndpoint, markEndpointFailing } from "./delivery-records.js";

/** An endpoint that has failed every delivery for this long is disabled at its next failure. */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * 3_600_000;

export interface HealthProduct {
  productName: string;
  publicUrl: string;
}

/** Records an attempt's effect on its endpoint's health, in the attempt's transaction. */
export async function noteEndpointSuccess(trx: Transaction<DB>, endpointId: string): Promise<void> {
  await clearEndpointFailing(trx, endpointId);
}

/**
 * Records a failed attempt: the run of failures starts now unless one is running. When the run
 * is older than 5 days the endpoint is disabled and its owner e-mailed; the conditional disable
 * makes that happen once. Returns the e-mail's outbox id (send it after commit) when it did.
 */
export async function noteEndpointFailure(
  trx: Transaction<DB>,
  endpointId: string,
  now: Date,
  product: HealthProduct,
): Promise<{ disabled: false } | { disabled: true; outboxId: string }> {
  const failing = await markEndpointFailing(trx, endpointId, now);
  if (!failing || now.getTime() - failing.failingSince.getTime() <= DISABLE_AFTER_FAILING_MS) return { disabled: false };
  if (!(await disableEndpoint(trx, endpointId, now))) return { disabled: false };
  const owner = await trx.selectFrom("users").select("email").where("id", "=", failing.userId).executeTakeFirstOrThrow();
  const message = webhookEndpointDisabledMessage({
    ...product,
    endpointId,
    mode: failing.mode,
    url: failing.url,
    failingSince: failing.failingSince,
    dashboardLink: new URL("/dashboard?section=webhooks", product.publicUrl).toString(),
  });
  const outboxId = await queueEmail(trx, { to: owner.email, template: "webhook-endpoint-disabled", ...message });
  return { disabled: true, outboxId };
}
