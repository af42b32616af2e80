import { sql } from "kysely";
import type { KeyMode } from "../../core/contracts/api-keys.js";
import type { Database } from "../../core/db/client.js";
import { groupCalls, type GroupedCalls } from "../../core/db/grouped-calls.js";
import type { WebhookEventBody } from "../../core/contracts/webhook-events.js";
import { eventOutcome, eventStatementParts, type EventOutcome, type EventOutcomeRow } from "../../core/webhooks/events.js";
import { finishedStepValues, insertFinishedSteps, type FinishedStep } from "./execution-queries.js";

/**
 * The statement that completes executions that went through every step, one or many at once.
 * Per execution: the execution completed (and started, if it was still queued) unless it has
 * ended, the pure steps not yet written, the workflow.completed event and one delivery per
 * subscribed endpoint, the first `claims` of them claimed for this process. Under load many go
 * in one statement (groupCalls): the engine completes one execution after another, and each
 * statement's fixed cost was most of a completion's. An execution whose account has more
 * subscribed endpoints than the statement has delivery ids for gets nothing written (`fits`
 * false); finishExecution then runs the same statement for it alone, with room for them all.
 */
export interface GroupedCompletion {
  executionId: string;
  userId: string;
  /** When the execution started: kept if it had, written if this pass started it. */
  startedAt: Date;
  finishedSteps: readonly FinishedStep[];
  /** The workflow.completed event's body (its id is the event id); its timestamp is the completion time. */
  event: WebhookEventBody;
  now: Date;
  /** The execution's mode: the event goes to the account's endpoints of that mode. */
  mode: KeyMode;
  /** First attempts to claim for this process, and the lease they get (FirstAttempts.reserve). */
  claims: { count: number; leaseUntil: Date };
}

export interface GroupedCompletionResult extends EventOutcome {
  /** False when nothing was written: the execution had ended, or it did not fit. */
  happened: boolean;
}

interface CompletionRow extends EventOutcomeRow {
  happened: boolean;
}

export type Completions = GroupedCalls<GroupedCompletion, GroupedCompletionResult>;

/**
 * How long a completion may wait for others (see groupCalls). At half the burst rate it cut the
 * engine's CPU per execution by about a seventh and PostgreSQL's by a quarter; the execution ends,
 * and its first webhook goes, up to that much later (at low rates, not later at all).
 */
const COMPLETIONS_LINGER_MS = 5;

/** One per process: its completions, grouped. */
export function createCompletions(db: Database): Completions {
  return groupCalls((completions: readonly GroupedCompletion[]) => completeExecutions(db, completions), { lingerMs: COMPLETIONS_LINGER_MS });
}

/**
 * Completes the executions in one statement; one result per completion, in order. `capacity`
 * is how many subscribed endpoints of an execution's account fit (see eventStatementParts).
 */
export async function completeExecutions(db: Database, completions: readonly GroupedCompletion[], capacity?: number): Promise<GroupedCompletionResult[]> {
  const each = <T>(value: (completion: GroupedCompletion) => T) => completions.map(value);
  // One row per pure step of every completion, execution_id first (as insertFinishedSteps takes them).
  const stepRows = db.selectNoFrom([
    sql<string>`unnest(${completions.flatMap((completion) => completion.finishedSteps.map(() => completion.executionId))}::text[])`.as("execution_id"),
    ...finishedStepValues(completions.flatMap((completion) => completion.finishedSteps)),
  ]);
  const events = eventStatementParts("workflow.completed", completions.length, { capacity });
  const { rows } = await sql<CompletionRow>`
    with input as (
      select input.*, input.execution_id as subject_id from unnest(
        ${each((c) => c.executionId)}::text[], ${each((c) => c.userId)}::text[], ${each((c) => c.startedAt)}::timestamptz[],
        ${each((c) => c.now)}::timestamptz[], ${each((c) => c.event.id)}::text[], ${each((c) => JSON.stringify(c.event))}::jsonb[],
        ${each((c) => c.mode)}::text[], ${each((c) => c.claims.count)}::int[], ${each((c) => c.claims.leaseUntil)}::timestamptz[]
      ) with ordinality as input(execution_id, user_id, started_at, now, event_id, payload, mode, claims, lease_until, position)
    ),
    ${events.subscriptions},
    changed as (
      update executions
      set status = 'completed', started_at = coalesce(executions.started_at, fitting.started_at), finished_at = fitting.now, error = null
      from fitting
      -- The ids named with "= any", so the rows can be found by primary key; queued or running
      -- written as "not ended" (executions_status_check allows these five), so the partial index
      -- of unfinished executions, every queued one in a backlog, is never what finds them.
      where executions.id = any(${each((c) => c.executionId)}::text[]) and executions.id = fitting.execution_id
        and executions.status not in ('completed', 'failed', 'cancelled')
      returning executions.id
    ),
    finished_steps as (${insertFinishedSteps(db, sql`select steps.* from ${stepRows} as steps join changed on changed.id = steps.execution_id`)}),
    ${events.recording}
    select exists (select 1 from changed where changed.id = input.execution_id) as happened, ${events.outcome}
    from input
    order by input.position
  `.execute(db);
  return rows.map((row) => ({ happened: row.happened, ...eventOutcome(row) }));
}
