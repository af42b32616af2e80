import { sql, type Transaction } from "kysely";
import type { KeyMode } from "../../core/contracts/api-keys.js";
import type { DB } from "../../core/db/types.js";
import { queueEmail } from "../../core/email/outbox.js";
import { webhookEndpointDisabledMessage } from "../../core/email/templates.js";

/** An endpoint that has failed every delivery for this long is disabled at its next failure. */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * 3_600_000;

export interface HealthProduct {
  productName: string;
  publicUrl: string;
}

/** Records a succeeded attempt, in its transaction: a success ends the endpoint's run of failures. */
export async function noteEndpointSuccess(trx: Transaction<DB>, endpointId: string): Promise<void> {
  await trx.updateTable("webhook_endpoints").set({ failing_since: null }).where("id", "=", endpointId).where("failing_since", "is not", null).execute();
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

/** Marks the start of a run of failures (kept if one is running) and returns it. */
async function markEndpointFailing(
  trx: Transaction<DB>,
  endpointId: string,
  now: Date,
): Promise<{ failingSince: Date; userId: string; mode: KeyMode; url: string } | undefined> {
  const row = await trx
    .updateTable("webhook_endpoints")
    .set({ failing_since: sql<Date>`coalesce(failing_since, ${now})` })
    .where("id", "=", endpointId)
    .returning(["failing_since", "user_id", "mode", "url"])
    .executeTakeFirst();
  if (!row?.failing_since) return undefined;
  return { failingSince: row.failing_since, userId: row.user_id, mode: row.mode === "test" ? "test" : "live", url: row.url };
}

/** Disables an active endpoint; false if it was not active any more (someone else did it). */
async function disableEndpoint(trx: Transaction<DB>, endpointId: string, now: Date): Promise<boolean> {
  const row = await trx
    .updateTable("webhook_endpoints")
    .set({ is_active: false, disabled_at: now })
    .where("id", "=", endpointId)
    .where("is_active", "=", true)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}
