import { sql, type Transaction } from "kysely";
import type { Database } from "../../core/db/client.js";
import { groupCalls, type GroupedCalls } from "../../core/db/grouped-calls.js";
import type { DB } from "../../core/db/types.js";
import type { ClaimedAttempt } from "../../core/webhooks/claimed-attempt.js";

/**
 * Queries of the delivery processor, and the grouping of succeeded attempts' records
 * (createSucceededAttempts). Every write is guarded by the attempt number it expects.
 */

const OPEN_STATUSES = ["pending", "retrying"] as const;

/**
 * Claims attempt `attempt` of a delivery: only while the delivery is open, has made exactly
 * `attempt - 1` attempts and its endpoint is active. The claim moves next_attempt_at to
 * `leaseUntil`, so the sweep leaves an attempt in flight alone until it should have ended.
 */
export async function claimAttempt(db: Database, deliveryId: string, attempt: number, now: Date, leaseUntil: Date): Promise<ClaimedAttempt | undefined> {
  const row = await db
    .updateTable("webhook_deliveries as d")
    .from(["webhook_endpoints as e", "webhook_events as ev"])
    .set({ attempt, next_attempt_at: leaseUntil, updated_at: now })
    .whereRef("e.id", "=", "d.endpoint_id")
    .whereRef("ev.id", "=", "d.event_id")
    .where("d.id", "=", deliveryId)
    .where("d.attempt", "=", attempt - 1)
    .where("d.status", "in", OPEN_STATUSES)
    .where("e.is_active", "=", true)
    .where("e.deleted_at", "is", null)
    .returning([
      "d.event_id",
      "d.endpoint_id",
      "d.run_start_attempt",
      "e.url",
      "e.secret",
      "e.previous_secret",
      "e.previous_secret_expires_at",
      "e.failing_since",
      "ev.payload",
    ])
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    eventId: row.event_id,
    endpointId: row.endpoint_id,
    runStartAttempt: row.run_start_attempt,
    url: row.url,
    secret: row.secret,
    previousSecret: row.previous_secret,
    previousSecretExpiresAt: row.previous_secret_expires_at,
    failingSince: row.failing_since,
    payload: row.payload,
  };
}

/**
 * Closes an open delivery whose endpoint was disabled or deleted before attempt `attempt`
 * (no request is made; a replay after re-enabling sends it). Returns whether it did.
 */
export async function failDeliveryOfInactiveEndpoint(db: Database, deliveryId: string, attempt: number, now: Date): Promise<boolean> {
  const row = await db
    .updateTable("webhook_deliveries as d")
    .from("webhook_endpoints as e")
    .set({ status: "failed", next_attempt_at: null, error: "The endpoint was disabled or deleted before this attempt.", updated_at: now })
    .whereRef("e.id", "=", "d.endpoint_id")
    .where("d.id", "=", deliveryId)
    .where("d.attempt", "=", attempt - 1)
    .where("d.status", "in", OPEN_STATUSES)
    .where((eb) => eb.or([eb("e.is_active", "=", false), eb("e.deleted_at", "is not", null)]))
    .returning("d.id")
    .executeTakeFirst();
  return row !== undefined;
}

export interface AttemptResult {
  deliveryId: string;
  attempt: number;
  requestedAt: Date;
  finishedAt: Date;
  responseStatus: number | null;
  responseBodyExcerpt: string | null;
  durationMs: number;
  error: string | null;
  status: "succeeded" | "retrying" | "failed";
  nextAttemptAt: Date | null;
}

/**
 * Logs the attempt and records its outcome on the delivery (if no later attempt has started),
 * in one statement.
 */
export async function recordAttempt(db: Database | Transaction<DB>, result: AttemptResult): Promise<void> {
  await db
    .with("logged", (qb) =>
      qb.insertInto("webhook_delivery_attempts").values({
        delivery_id: result.deliveryId,
        attempt: result.attempt,
        requested_at: result.requestedAt,
        response_status: result.responseStatus,
        duration_ms: result.durationMs,
        error: result.error,
      }),
    )
    .updateTable("webhook_deliveries")
    .set({
      status: result.status,
      response_status: result.responseStatus,
      response_body_excerpt: result.responseBodyExcerpt,
      duration_ms: result.durationMs,
      error: result.error,
      next_attempt_at: result.nextAttemptAt,
      updated_at: result.finishedAt,
    })
    .where("id", "=", result.deliveryId)
    .where("attempt", "=", result.attempt)
    .execute();
}

/** An attempt a healthy endpoint answered with 2xx: the common case, with nothing to change on the endpoint. */
export type SucceededAttempt = Omit<AttemptResult, "error" | "status" | "nextAttemptAt">;

export type SucceededAttempts = GroupedCalls<SucceededAttempt, void>;

/**
 * How long a succeeded attempt may wait for others before its record is written (see groupCalls):
 * only the delivery log and the attempt's own job, if it has one, wait on the record.
 */
const SUCCEEDED_ATTEMPTS_LINGER_MS = 10;

/** One per process: the succeeded attempts of all its deliveries, written together by recordSucceededAttempts. */
export function createSucceededAttempts(db: Database): SucceededAttempts {
  return groupCalls(
    async (attempts: readonly SucceededAttempt[]) => {
      await recordSucceededAttempts(db, attempts);
      return attempts.map(() => undefined);
    },
    { lingerMs: SUCCEEDED_ATTEMPTS_LINGER_MS },
  );
}

/**
 * recordAttempt for many succeeded attempts in one statement: each is logged and its delivery
 * marked succeeded (if no later attempt has started). The text is the same for any number (the
 * attempts go in as arrays).
 */
export async function recordSucceededAttempts(db: Database, attempts: readonly SucceededAttempt[]): Promise<void> {
  const column = <T>(value: (attempt: SucceededAttempt) => T) => attempts.map(value);
  await db
    .with("results", (qb) =>
      qb.selectNoFrom([
        sql<string>`unnest(${column((a) => a.deliveryId)}::text[])`.as("delivery_id"),
        sql<number>`unnest(${column((a) => a.attempt)}::int[])`.as("attempt"),
        sql<Date>`unnest(${column((a) => a.requestedAt)}::timestamptz[])`.as("requested_at"),
        sql<Date>`unnest(${column((a) => a.finishedAt)}::timestamptz[])`.as("finished_at"),
        sql<number | null>`unnest(${column((a) => a.responseStatus)}::int[])`.as("response_status"),
        sql<string | null>`unnest(${column((a) => a.responseBodyExcerpt)}::text[])`.as("response_body_excerpt"),
        sql<number>`unnest(${column((a) => a.durationMs)}::int[])`.as("duration_ms"),
      ]),
    )
    .with("logged", (qb) =>
      qb
        .insertInto("webhook_delivery_attempts")
        .columns(["delivery_id", "attempt", "requested_at", "response_status", "duration_ms", "error"])
        .expression((eb) => eb.selectFrom("results").select(["delivery_id", "attempt", "requested_at", "response_status", "duration_ms", sql<null>`null`.as("error")])),
    )
    .updateTable("webhook_deliveries")
    .from("results")
    .set({
      status: "succeeded",
      response_status: sql<number | null>`results.response_status`,
      response_body_excerpt: sql<string | null>`results.response_body_excerpt`,
      duration_ms: sql<number>`results.duration_ms`,
      error: null,
      next_attempt_at: null,
      updated_at: sql<Date>`results.finished_at`,
    })
    // The ids named too, so the planner can find the rows by primary key instead of joining the whole table.
    .where("webhook_deliveries.id", "=", sql<string>`any(${column((a) => a.deliveryId)}::text[])`)
    .whereRef("webhook_deliveries.id", "=", "results.delivery_id")
    .whereRef("webhook_deliveries.attempt", "=", "results.attempt")
    .execute();
}
