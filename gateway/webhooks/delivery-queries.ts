import type { Selectable } from "kysely";
import type { Database } from "../../core/db/client.js";
import type { WebhookDeliveries, WebhookDeliveryAttempts } from "../../core/db/types.js";

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

/** A page of the endpoint's deliveries, newest first. */
export async function listDeliveries(db: Database, endpointId: string, page: { page: number; limit: number }): Promise<{ rows: DeliveryRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom("webhook_deliveries as d")
      .innerJoin("webhook_events as ev", "ev.id", "d.event_id")
      .select(deliveryColumns)
      .where("d.endpoint_id", "=", endpointId)
      .orderBy("d.created_at", "desc")
      .orderBy("d.id", "desc")
      .limit(page.limit)
      .offset((page.page - 1) * page.limit)
      .execute(),
    db
      .selectFrom("webhook_deliveries")
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .where("endpoint_id", "=", endpointId)
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
