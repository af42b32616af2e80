import type { Job } from "bullmq";
import { z } from "zod";
import type { EngineConfig } from "../../core/config.js";
import { WEBHOOK_EVENT_TYPES } from "../../core/contracts/webhook-events.js";
import type { Database } from "../../core/db/client.js";
import { sendQueuedEmail } from "../../core/email/send.js";
import type { JobPayload } from "../../core/jobs.js";
import type { Logger } from "../../core/logger.js";
import { OutboundError, sendOutbound } from "../../core/outbound/send-outbound.js";
import type { ProducerQueues } from "../../core/queues.js";
import { parseRetryAfter } from "../../core/retry-after.js";
import { enqueueDeliveryAttempt } from "../../core/webhooks/delivery-jobs.js";
import type { ClaimedAttempt } from "../../core/webhooks/claimed-attempt.js";
import { activePreviousSecret, signatureHeaders } from "../../core/webhooks/signing.js";
import type { EngineMetrics } from "../metrics/engine-metrics.js";
import type { EngineContext } from "../worker-definition.js";
import { claimAttempt, failDeliveryOfInactiveEndpoint, recordAttempt, type SucceededAttempts } from "./delivery-records.js";
import { noteEndpointFailure, noteEndpointSuccess } from "./endpoint-health.js";
import { nextRetryDelayMs } from "./retry-schedule.js";

/** One deadline for the whole request (DNS, connect, response). */
export const WEBHOOK_TIMEOUT_MS = 15_000;
export const WEBHOOK_USER_AGENT = "Sluice-Webhooks/1.0";
const RESPONSE_EXCERPT_BYTES = 1_024;
/** Destinations that will be refused the same way on every retry. */
const PERMANENT_ERRORS = new Set(["BLOCKED_DESTINATION", "INVALID_URL"]);

/** The stored event body, checked before it is sent (we validate what we emit). */
const EventBodySchema = z.object({
  id: z.string().startsWith("evt_"),
  type: z.enum(WEBHOOK_EVENT_TYPES),
  timestamp: z.string(),
  data: z.record(z.string(), z.unknown()),
});

export interface DeliveryDeps {
  db: Database;
  queues: ProducerQueues;
  logger: Logger;
  /** Where succeeded attempts of healthy endpoints are recorded, grouped (createSucceededAttempts). */
  succeededAttempts: SucceededAttempts;
  config: Pick<EngineConfig, "OUTBOUND_ALLOW_PRIVATE" | "WEBHOOK_RETRY_SCHEDULE_MS" | "PRODUCT_NAME" | "PUBLIC_URL">;
  /** Counts each attempt (outcome, status class, latency); absent where nothing is counted. */
  metrics?: Pick<EngineMetrics, "deliveryAttempted">;
}

export type DeliveryOutcome =
  | { outcome: "skipped" }
  | { outcome: "endpoint-inactive" }
  | { outcome: "succeeded" | "retrying" | "failed"; attempt: number; responseStatus: number | null; nextAttemptInMs: number | null };

interface Exchange {
  responseStatus: number | null;
  responseBodyExcerpt: string | null;
  durationMs: number;
  error: string | null;
  succeeded: boolean;
  permanent: boolean;
  retryAfterMs: number | undefined;
}

/** The `webhook-delivery` queue's processor. */
export async function processWebhookDeliveryJob(payload: JobPayload<"webhook-delivery">, _job: Job, context: EngineContext): Promise<DeliveryOutcome> {
  return deliverWebhook(context, payload.delivery_id, payload.attempt ?? 1);
}

/**
 * Makes attempt `attempt` of a delivery: claims it (nothing happens if that attempt was already
 * made, the delivery is closed or its endpoint inactive), POSTs the event body signed for this
 * attempt, then, in one transaction, logs the attempt, records the outcome on the delivery and
 * the endpoint's health. A failure schedules the next attempt as its own delayed job.
 */
export async function deliverWebhook(deps: DeliveryDeps, deliveryId: string, attempt: number): Promise<DeliveryOutcome> {
  const requestedAt = new Date();
  const claim = await claimAttempt(deps.db, deliveryId, attempt, requestedAt, new Date(requestedAt.getTime() + WEBHOOK_TIMEOUT_MS));
  if (!claim) {
    const closed = await failDeliveryOfInactiveEndpoint(deps.db, deliveryId, attempt, requestedAt);
    return { outcome: closed ? "endpoint-inactive" : "skipped" };
  }
  return makeClaimedAttempt(deps, deliveryId, attempt, claim, requestedAt);
}

/**
 * Makes an attempt this process has claimed (by claimAttempt, or by the statement that recorded
 * the event): the request, then the record of its outcome and the next attempt's job if it failed.
 */
export async function makeClaimedAttempt(deps: DeliveryDeps, deliveryId: string, attempt: number, claim: ClaimedAttempt, requestedAt: Date): Promise<DeliveryOutcome> {
  const exchange = await send(deps, claim, requestedAt);
  deps.metrics?.deliveryAttempted(exchange);
  const finishedAt = new Date();
  const retryDelayMs =
    exchange.succeeded || exchange.permanent
      ? null
      : nextRetryDelayMs({ runAttempts: attempt - claim.runStartAttempt, scheduleMs: deps.config.WEBHOOK_RETRY_SCHEDULE_MS, retryAfterMs: exchange.retryAfterMs });

  const attemptResult = {
    deliveryId,
    attempt,
    requestedAt,
    finishedAt,
    responseStatus: exchange.responseStatus,
    responseBodyExcerpt: exchange.responseBodyExcerpt,
    durationMs: exchange.durationMs,
  };
  if (exchange.succeeded && claim.failingSince === null) {
    // The common case: a healthy endpoint answered. No endpoint change; one statement for many.
    await deps.succeededAttempts.call(attemptResult);
    deps.logger.info({ deliveryId, attempt, status: "succeeded", responseStatus: exchange.responseStatus, durationMs: exchange.durationMs }, "webhook attempt finished");
    return { outcome: "succeeded", attempt, responseStatus: exchange.responseStatus, nextAttemptInMs: null };
  }

  const { status, outboxId } = await deps.db.transaction().execute(async (trx) => {
    let health: Awaited<ReturnType<typeof noteEndpointFailure>> = { disabled: false };
    if (exchange.succeeded) await noteEndpointSuccess(trx, claim.endpointId);
    else health = await noteEndpointFailure(trx, claim.endpointId, finishedAt, { productName: deps.config.PRODUCT_NAME, publicUrl: deps.config.PUBLIC_URL });
    const willRetry = retryDelayMs !== null && !health.disabled;
    const status = exchange.succeeded ? ("succeeded" as const) : willRetry ? ("retrying" as const) : ("failed" as const);
    await recordAttempt(trx, {
      ...attemptResult,
      error: health.disabled ? `${exchange.error}; the endpoint was disabled after failing for 5 days` : exchange.error,
      status,
      nextAttemptAt: willRetry ? new Date(finishedAt.getTime() + retryDelayMs) : null,
    });
    return { status, outboxId: health.disabled ? health.outboxId : undefined };
  });

  if (status === "retrying" && retryDelayMs !== null) {
    // If this add is lost, the sweep of overdue deliveries adds it again.
    await enqueueDeliveryAttempt(deps.queues, deliveryId, attempt + 1, retryDelayMs).catch((error: unknown) =>
      deps.logger.warn({ err: error, deliveryId }, "could not schedule the next webhook attempt; the sweep will"),
    );
  }
  if (outboxId) {
    deps.logger.warn({ endpointId: claim.endpointId }, "webhook endpoint disabled after 5 days of failures");
    await sendQueuedEmail(deps.queues, outboxId, deps.logger);
  }
  deps.logger.info({ deliveryId, attempt, status, responseStatus: exchange.responseStatus, durationMs: exchange.durationMs }, "webhook attempt finished");
  return { outcome: status, attempt, responseStatus: exchange.responseStatus, nextAttemptInMs: status === "retrying" ? retryDelayMs : null };
}

/** POSTs the event; never throws (every way it can go wrong is an attempt outcome). */
async function send(deps: DeliveryDeps, claim: ClaimedAttempt, at: Date): Promise<Exchange> {
  const failure = (error: string, durationMs: number, permanent = false): Exchange => ({
    responseStatus: null,
    responseBodyExcerpt: null,
    durationMs,
    error,
    succeeded: false,
    permanent,
    retryAfterMs: undefined,
  });
  const event = EventBodySchema.safeParse(claim.payload);
  if (!event.success) {
    deps.logger.error({ eventId: claim.eventId }, "stored webhook event does not match its schema");
    return failure("The stored event could not be read.", 0, true);
  }
  const { id, type, timestamp, data } = event.data;
  // The exact bytes sent, and signed.
  const body = JSON.stringify({ id, type, timestamp, data });
  const previousSecret = activePreviousSecret({ previous_secret: claim.previousSecret, previous_secret_expires_at: claim.previousSecretExpiresAt }, at);
  const headers = {
    "Content-Type": "application/json",
    "User-Agent": WEBHOOK_USER_AGENT,
    ...signatureHeaders({ eventId: id, at, body, secret: claim.secret, previousSecret }),
  };
  try {
    const response = await sendOutbound(
      { url: claim.url, method: "POST", headers, body, timeoutMs: WEBHOOK_TIMEOUT_MS, maxResponseBytes: RESPONSE_EXCERPT_BYTES },
      { allowPrivate: deps.config.OUTBOUND_ALLOW_PRIVATE },
    );
    const succeeded = response.status >= 200 && response.status < 300;
    return {
      responseStatus: response.status,
      responseBodyExcerpt: excerpt(response.body),
      durationMs: response.durationMs,
      error: succeeded ? null : describeStatus(response.status),
      succeeded,
      permanent: false,
      retryAfterMs: succeeded ? undefined : parseRetryAfter(response.headers["retry-after"], new Date()),
    };
  } catch (error) {
    if (error instanceof OutboundError) return failure(`${error.code}: ${error.message}`, error.durationMs, PERMANENT_ERRORS.has(error.code));
    deps.logger.error({ err: error, eventId: claim.eventId }, "webhook request could not be sent");
    return failure("The request could not be sent.", Date.now() - at.getTime());
  }
}

function describeStatus(status: number): string {
  if (status >= 300 && status < 400) return `The endpoint answered HTTP ${status}; redirects are not followed.`;
  return `The endpoint answered HTTP ${status}.`;
}

/** The first kilobyte of the response, storable as text (no NUL, no cut character). */
function excerpt(body: string): string | null {
  if (body === "") return null;
  const bytes = Buffer.from(body, "utf8");
  const text = bytes.length > RESPONSE_EXCERPT_BYTES ? bytes.subarray(0, RESPONSE_EXCERPT_BYTES).toString("utf8").replace(/\uFFFD$/, "") : body;
  return text.replaceAll("\u0000", "");
}
