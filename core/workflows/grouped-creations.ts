import { sql, type Transaction } from "kysely";
import type { WebhookEventBody } from "../contracts/webhook-events.js";
import type { Database } from "../db/client.js";
import type { DB } from "../db/types.js";
import { groupCalls, type GroupedCalls } from "../db/grouped-calls.js";
import { eventOutcome, eventStatementParts, newWebhookEventBody, type EventOutcome, type EventOutcomeRow } from "../webhooks/events.js";
import type { StartExecutionInput } from "./start-execution.js";

/**
 * The statement that starts executions, one or many at once. Per execution: the queued row,
 * inserted from the workflow's row so only for a workflow of that account and mode that is not
 * deleted; the workflow.triggered event; one pending delivery per subscribed endpoint of the
 * execution's mode. Starts without an Idempotency-Key go many in one statement (groupCalls): a
 * gateway under load starts one execution after another, and each statement's fixed cost (round
 * trip, executor start, commit) was more than its rows. An execution whose account has more
 * subscribed endpoints than the statement has delivery ids for gets nothing written (`fits`
 * false); startExecution then runs the same statement for it alone, with room for them all.
 */
export type ExecutionCreation = StartExecutionInput & { executionId: string };

export interface CreatedExecution extends EventOutcome {
  /** False when nothing was written: no such startable workflow, or it did not fit. */
  happened: boolean;
}

interface CreationRow extends EventOutcomeRow {
  happened: boolean;
}

export type ExecutionCreations = GroupedCalls<ExecutionCreation, CreatedExecution>;

const creationsByDb = new WeakMap<Database, ExecutionCreations>();

/** The grouped creations of one database handle: every start through it shares the groups. */
export function executionCreations(db: Database): ExecutionCreations {
  let creations = creationsByDb.get(db);
  if (!creations) {
    creations = groupCalls((items: readonly ExecutionCreation[]) => createExecutions(db, items));
    creationsByDb.set(db, creations);
  }
  return creations;
}

/**
 * Creates the executions in one statement; one result per creation, in order. `capacity` is how
 * many subscribed endpoints of an execution's account fit (see eventStatementParts).
 */
export async function createExecutions(db: Database | Transaction<DB>, creations: readonly ExecutionCreation[], capacity?: number): Promise<CreatedExecution[]> {
  const events = creations.map((creation) =>
    newWebhookEventBody({ type: "workflow.triggered", data: { workflow_id: creation.workflowId, execution_id: creation.executionId, trigger_data: creation.triggerData }, now: creation.now }),
  );
  const each = <T>(value: (creation: ExecutionCreation, event: WebhookEventBody) => T) => creations.map((creation, index) => value(creation, events[index] as WebhookEventBody));
  const parts = eventStatementParts("workflow.triggered", creations.length, { capacity });
  const { rows } = await sql<CreationRow>`
    with input as (
      -- The event goes to the endpoints of the execution's mode; a start claims no first attempts.
      select input.*, input.execution_id as subject_id, 0 as claims, input.now as lease_until from unnest(
        ${each((c) => c.executionId)}::text[], ${each((c) => c.workflowId)}::text[], ${each((c) => c.userId)}::text[], ${each((c) => c.mode)}::text[],
        ${each((c) => c.triggerType)}::text[], ${each((c) => JSON.stringify(c.triggerData))}::jsonb[], ${each((c) => c.rerunOf ?? null)}::text[],
        ${each((c) => c.now)}::timestamptz[], ${each((_c, event) => event.id)}::text[], ${each((_c, event) => JSON.stringify(event))}::jsonb[],
        ${each((c) => c.idempotencyKey ?? null)}::text[]
      ) with ordinality as input(execution_id, workflow_id, user_id, mode, trigger_type, trigger_data, rerun_of, now, event_id, payload, idempotency_key, position)
    ),
    ${parts.subscriptions},
    changed as (
      insert into executions (id, workflow_id, user_id, status, trigger_type, trigger_data, mode, idempotency_key, rerun_of, queued_at)
      select fitting.execution_id, workflows.id, workflows.user_id, 'queued', fitting.trigger_type, fitting.trigger_data, workflows.mode, fitting.idempotency_key, fitting.rerun_of, fitting.now
      from fitting join workflows on workflows.id = fitting.workflow_id
      where workflows.user_id = fitting.user_id and workflows.mode = fitting.mode and workflows.deleted_at is null
      returning id
    ),
    ${parts.recording}
    select exists (select 1 from changed where changed.id = input.execution_id) as happened, ${parts.outcome}
    from input
    order by input.position
  `.execute(db);
  return rows.map((row) => ({ happened: row.happened, ...eventOutcome(row) }));
}
