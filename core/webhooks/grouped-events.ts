import { sql, type RawBuilder } from "kysely";
import type { WebhookEventType } from "../contracts/webhook-events.js";
import { newDeliveryIds, PREPARED_DELIVERY_IDS } from "./events.js";

/**
 * The event half of a statement that changes many executions and records an event for each
 * (grouped starts and completions), doing per execution what recordWebhookEvent does with the
 * change it reports. The statement provides:
 * - an `input` CTE, one row per execution: execution_id, user_id, mode (the execution's: the
 *   event goes to the account's endpoints of that mode), now, event_id, payload (the event's
 *   body), claims and lease_until (first attempts to claim for the caller, see NewWebhookEvent),
 *   position (from 1);
 * - between `subscriptions` and `recording`, its change as a CTE named `changed`, which returns
 *   the id of each execution it changed and changes only executions in `fitting`.
 */
export interface GroupedEventParts {
  /** `endpoints` (each execution's subscribed endpoints, numbered from 1) and `fitting` (the input rows whose deliveries fit). */
  subscriptions: RawBuilder<unknown>;
  /** `recorded` (the events of the changed executions) and `deliveries` (theirs, returning id, event_id, endpoint_id, attempt). */
  recording: RawBuilder<unknown>;
}

/**
 * The CTEs for `rows` executions' events of `type`, with delivery ids for `capacity` endpoints
 * per execution: an execution whose account has more subscribed endpoints does not fit.
 */
export function groupedEventParts(type: WebhookEventType, rows: number, capacity = PREPARED_DELIVERY_IDS): GroupedEventParts {
  return {
    subscriptions: sql`
      endpoints as (
        select input.execution_id, e.id, e.url, e.secret, e.previous_secret, e.previous_secret_expires_at, e.failing_since,
          row_number() over (partition by input.execution_id order by e.id) as n
        from input join webhook_endpoints e on e.user_id = input.user_id and e.mode = input.mode
        where e.is_active and e.deleted_at is null and (${sql.lit(type)} = any(e.events) or '*' = any(e.events))
      ),
      fitting as (
        select input.* from input
        where (select count(*) from endpoints where endpoints.execution_id = input.execution_id) <= ${capacity}
      )`,
    recording: sql`
      recorded as (
        insert into webhook_events (id, user_id, mode, type, payload, created_at)
        select fitting.event_id, fitting.user_id, fitting.mode, ${sql.lit(type)}, fitting.payload, fitting.now
        from fitting join changed on changed.id = fitting.execution_id
      ),
      deliveries as (
        insert into webhook_deliveries (id, event_id, endpoint_id, status, attempt, next_attempt_at, created_at, updated_at)
        select
          (${newDeliveryIds(rows * capacity)}::text[])[((fitting.position - 1) * ${capacity}::int + endpoints.n)::int],
          fitting.event_id, endpoints.id, 'pending',
          case when endpoints.n <= fitting.claims then 1 else 0 end,
          case when endpoints.n <= fitting.claims then fitting.lease_until else fitting.now end,
          fitting.now, fitting.now
        from fitting join changed on changed.id = fitting.execution_id join endpoints on endpoints.execution_id = fitting.execution_id
        returning id, event_id, endpoint_id, attempt
      )`,
  };
}
