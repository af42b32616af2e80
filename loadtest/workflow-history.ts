import { sql } from "kysely";
import type { Database } from "../core/db/client.js";

/** Finished executions the bench workflow has behind it before the measured runs. */
export const HISTORY_EXECUTIONS = 20_000;

/**
 * Gives the bench workflow a past, as a platform's workflows have: HISTORY_EXECUTIONS completed
 * executions over the last 30 days, each with its step, its workflow.completed event and that
 * event's delivery, delivered at the first attempt. Then ANALYZE, which autovacuum does on a real
 * server as tables grow (the CI machine's PostgreSQL runs with autovacuum off).
 *
 * Without a past the measured runs start on empty tables, and every statement prepared in the
 * warm-up keeps a plan made for tables of a few pages: sequential scans, which then read every
 * row the burst adds (auto_explain showed the grouped completion scanning all executions).
 */
export async function seedWorkflowHistory(db: Database, ids: { userId: string; workflowId: string; endpointId: string }, count = HISTORY_EXECUTIONS): Promise<void> {
  const past = sql`now() - interval '30 days' + (n * (interval '30 days' / ${count}))`;
  await db.transaction().execute(async (trx) => {
    await sql`
      with history as (select n, 'exec_history_' || n as execution_id, 'evt_history_' || n as event_id from generate_series(1, ${count}::int) as n)
      , executions as (
        insert into executions (id, workflow_id, user_id, status, trigger_type, trigger_data, mode, queued_at, started_at, finished_at)
        select execution_id, ${ids.workflowId}, ${ids.userId}, 'completed', 'manual', '{"order": 42}', 'live', ${past}, ${past}, ${past}
        from history
      )
      , steps as (
        insert into execution_steps (id, execution_id, step_index, name, type, status, input, output, attempts, created_at, started_at, finished_at)
        select 'step_history_' || n, execution_id, 0, 'shape', 'transform', 'completed', '{}', '{"order": 42}', 1, ${past}, ${past}, ${past}
        from history
      )
      , events as (
        insert into webhook_events (id, user_id, mode, type, payload, created_at)
        select event_id, ${ids.userId}, 'live', 'workflow.completed', jsonb_build_object('id', event_id, 'type', 'workflow.completed'), ${past}
        from history
      )
      , deliveries as (
        insert into webhook_deliveries (id, event_id, endpoint_id, status, attempt, response_status, duration_ms, created_at, updated_at)
        select 'dlv_history_' || n, event_id, ${ids.endpointId}, 'succeeded', 1, 200, 3, ${past}, ${past}
        from history
      )
      insert into webhook_delivery_attempts (delivery_id, attempt, requested_at, response_status, duration_ms)
      select 'dlv_history_' || n, 1, ${past}, 200, 3 from history
    `.execute(trx);
  });
  await sql`analyze`.execute(db);
}
