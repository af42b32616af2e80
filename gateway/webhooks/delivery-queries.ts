import { sql, type ExpressionBuilder, type Selectable } from "kysely";
import type { DeliveryListQuery } from "../../core/contracts/webhook-endpoints.js";
import type { Database } from "../../core/db/client.js";
import type { DB, WebhookDeliveries, WebhookDeliveryAttempts } from "../../core/db/types.js";

/** Queries of an endpoint's delivery log. The caller has checked that the endpoint is the account's. */

export type DeliveryRow = Selectable<WebhookDeliveries> & { event_type: string };
export type AttemptRow = Pick<Selectable<WebhookDeliveryAttempts>, "delivery_id" | "attempt" | "requested_at" | "response_status" | "duration_ms" | "error">;

const deliveryColumns = [
  "d.id",
  "d.event_id",
  "d.endpoint_id",
  "d.status",
  "d.attempt",
  "d.run_start_attempt",
  "d.next_attempt_at",
  "d.response_status",
  "d.response_body_excerpt",
  "d.duration_ms",
  "d.error",
  "d.created_at",
  "d.updated_at",
  "ev.type as event_type",
] as const;

/**
 * The deliveries of the endpoint that pass every filter given: its own conditions on the delivery
 * row (served by the endpoint's indexes: by creation time, and failed ones on their own) and the
 * event type, read from the delivery's event.
 */
function matching(filters: Omit<DeliveryListQuery, "page" | "limit">, endpointId: string) {
  return (eb: ExpressionBuilder<DB & { d: WebhookDeliveries }, "d">) =>
    eb.and([
      eb("d.endpoint_id", "=", endpointId),
      // Literal values (checked against the enum), so the planner can use the index of failed deliveries.
      ...(filters.status ? [eb("d.status", "in", filters.status.map((status) => sql.lit(status)))] : []),
      ...(filters.created_after ? [eb("d.created_at", ">=", new Date(filters.created_after))] : []),
      ...(filters.created_before ? [eb("d.created_at", "<", new Date(filters.created_before))] : []),
      ...(filters.event_type
        ? [eb.exists(eb.selectFrom("webhook_events as ev").select("ev.id").whereRef("ev.id", "=", "d.event_id").where("ev.type", "in", filters.event_type))]
        : []),
    ]);
}

/** A page of the endpoint's deliveries that pass the filters, newest first, and how many pass. */
export async function listDeliveries(db: Database, endpointId: string, query: DeliveryListQuery): Promise<{ rows: DeliveryRow[]; total: number }> {
  const where = matching(query, endpointId);
  const [rows, count] = await Promise.all([
    db
      .selectFrom("webhook_deliveries as d")
      .innerJoin("webhook_events as ev", "ev.id", "d.event_id")
      .select(deliveryColumns)
      .where(where)
      .orderBy("d.created_at", "desc")
      .orderBy("d.id", "desc")
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    db
      .selectFrom("webhook_deliveries as d")
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function findDelivery(db: Database, endpointId: string, deliveryId: string): Promise<DeliveryRow | undefined> {
  return db
    .selectFrom("webhook_deliveries as d")
    .innerJoin("webhook_events as ev", "ev.id", "d.event_id")
    .select(deliveryColumns)
    .where("d.id", "=", deliveryId)
    .where("d.endpoint_id", "=", endpointId)
    .executeTakeFirst();
}

/** Every logged attempt of these deliveries, grouped by delivery, in attempt order. */
export async function attemptsOf(db: Database, deliveryIds: readonly string[]): Promise<Map<string, AttemptRow[]>> {
  const byDelivery = new Map<string, AttemptRow[]>();
  if (deliveryIds.length === 0) return byDelivery;
  const rows = await db
    .selectFrom("webhook_delivery_attempts")
    .select(["delivery_id", "attempt", "requested_at", "response_status", "duration_ms", "error"])
    .where("delivery_id", "in", deliveryIds)
    .orderBy("delivery_id")
    .orderBy("attempt")
    .orderBy("id")
    .execute();
  for (const row of rows) byDelivery.set(row.delivery_id, [...(byDelivery.get(row.delivery_id) ?? []), row]);
  return byDelivery;
}

/**
 * Opens a delivery again for a replay: pending, due now, and a new run of the retry schedule
 * (run_start_attempt = attempts made). The attempt log is kept. Returns the attempts made so far.
 */
export async function reopenDelivery(db: Database, endpointId: string, deliveryId: string, now: Date): Promise<number | undefined> {
  const row = await db
    .updateTable("webhook_deliveries")
    .set((eb) => ({ status: "pending", next_attempt_at: now, run_start_attempt: eb.ref("attempt"), updated_at: now }))
    .where("id", "=", deliveryId)
    .where("endpoint_id", "=", endpointId)
    .returning("attempt")
    .executeTakeFirst();
  return row?.attempt;
}
