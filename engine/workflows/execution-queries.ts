import { sql, type Expression, type QueryCreator, type Transaction } from "kysely";
import { ATTEMPT_HISTORY_LIMIT, type AttemptEnd } from "../../core/contracts/step-attempts.js";
import type { ExecutionError } from "../../core/contracts/workflows.js";
import type { Database } from "../../core/db/client.js";
import type { DB } from "../../core/db/types.js";
import { newId, newIds } from "../../core/ids.js";

/** Queries of the workflow runner. Every write that changes a status names the status it expects. */

type Db = Database | Transaction<DB>;

/** The free plan's limit, for an account that somehow has no package row. */
const FALLBACK_CONCURRENCY = 2;

/** An execution with what running it needs: its workflow's actions and its account's limit. */
export async function findRunnableExecution(db: Db, executionId: string) {
  return db
    .selectFrom("executions as e")
    .innerJoin("workflows as w", "w.id", "e.workflow_id")
    .leftJoin("user_packages as up", "up.user_id", "e.user_id")
    .leftJoin("package_definitions as pd", "pd.package_name", "up.package_name")
    .select([
      "e.id",
      "e.workflow_id",
      "e.user_id",
      "e.status",
      "e.mode",
      "e.trigger_data",
      "e.started_at",
      "e.cancel_requested_at",
      "w.actions",
      sql<number>`coalesce(pd.max_concurrent_executions, ${FALLBACK_CONCURRENCY})`.as("max_concurrent_executions"),
    ])
    .where("e.id", "=", executionId)
    .executeTakeFirst();
}
export type RunnableExecution = NonNullable<Awaited<ReturnType<typeof findRunnableExecution>>>;

export async function findSteps(db: Db, executionId: string) {
  return db
    .selectFrom("execution_steps")
    .select(["step_index", "name", "type", "status", "output", "attempts", "started_at", "finished_at"])
    .where("execution_id", "=", executionId)
    .orderBy("step_index")
    .execute();
}
export type StepRow = Awaited<ReturnType<typeof findSteps>>[number];

/**
 * Whether someone asked to cancel the execution, or it ended (checked between steps). It may
 * still be queued: a pass marks it running only before its first write (see DeferredStart).
 */
export async function isCancelRequested(db: Db, executionId: string): Promise<boolean> {
  const row = await db.selectFrom("executions").select(["status", "cancel_requested_at"]).where("id", "=", executionId).executeTakeFirst();
  return !row || row.cancel_requested_at !== null || (row.status !== "queued" && row.status !== "running");
}

/**
 * Marks the execution running (started_at is set once). Returns the start time, or undefined when
 * the execution is no longer queued or running.
 */
export async function markExecutionRunning(db: Db, executionId: string, now: Date): Promise<Date | undefined> {
  const row = await db
    .updateTable("executions")
    .set({ status: "running", started_at: sql<Date>`coalesce(started_at, ${now})` })
    .where("id", "=", executionId)
    .where("status", "in", ["queued", "running"])
    .returning(["started_at"])
    .executeTakeFirst();
  return row?.started_at ? new Date(row.started_at) : undefined;
}

export interface StepClaim {
  executionId: string;
  index: number;
  name: string;
  type: string;
  input: unknown;
  /** Written with the claim; a delay step records when it wakes up. */
  output?: unknown;
  now: Date;
}

/** Keeps the latest entries of a history (jsonpath, so the statement's text is always the same). */
const LATEST_ATTEMPTS = `$[last - ${ATTEMPT_HISTORY_LIMIT - 1} to last]`;

/**
 * Claims a step before its side effect: inserts or updates its row to running, counts the
 * attempt and opens its history entry (core/contracts/step-attempts.ts). Returns the attempt
 * number, or undefined if the step is already finished (another worker got there first).
 */
export async function claimStep(db: Db, claim: StepClaim): Promise<number | undefined> {
  const input = JSON.stringify(claim.input ?? null);
  const output = claim.output === undefined ? null : JSON.stringify(claim.output);
  const startedAt = claim.now.toISOString();
  const row = await db
    .insertInto("execution_steps")
    .values({
      id: newId("step", claim.now.getTime()),
      execution_id: claim.executionId,
      step_index: claim.index,
      name: claim.name,
      type: claim.type,
      status: "running",
      input,
      output,
      attempts: 1,
      started_at: claim.now,
      attempt_history: JSON.stringify([{ attempt: 1, started_at: startedAt }]),
    })
    .onConflict((conflict) =>
      conflict
        .columns(["execution_id", "step_index"])
        .doUpdateSet({
          status: "running",
          input,
          output,
          attempts: sql<number>`execution_steps.attempts + 1`,
          started_at: sql<Date>`coalesce(execution_steps.started_at, ${claim.now})`,
          attempt_history: sql<string>`jsonb_path_query_array(
            coalesce(execution_steps.attempt_history, '[]') || jsonb_build_object('attempt', execution_steps.attempts + 1, 'started_at', ${startedAt}::text),
            ${LATEST_ATTEMPTS}::jsonpath)`,
        })
        .where("execution_steps.status", "in", ["pending", "running"]),
    )
    .returning("attempts")
    .executeTakeFirst();
  return row?.attempts;
}

/** A pure step this pass ran to completion and has not written yet. */
export interface FinishedStep {
  index: number;
  name: string;
  type: string;
  input: unknown;
  output: unknown;
  startedAt: Date;
  finishedAt: Date;
}

/**
 * Writes pure steps that ran to completion without a claim, in one statement. False if one of
 * them was already finished (another worker got there first).
 */
export async function recordFinishedSteps(db: Db, executionId: string, steps: readonly FinishedStep[]): Promise<boolean> {
  const written = await insertFinishedSteps(db, db.selectNoFrom([sql.val(executionId).as("execution_id"), ...finishedStepValues(steps)])).execute();
  return written.length === steps.length;
}

/**
 * Inserts finished steps completed, or completes their open rows from an earlier pass; a step
 * another worker finished keeps its row. `rows` gives one row per step, execution_id first and
 * then finishedStepValues.
 */
export function insertFinishedSteps(qb: QueryCreator<DB>, rows: Expression<unknown>) {
  return qb
    .insertInto("execution_steps")
    .columns(["execution_id", "id", "step_index", "name", "type", "status", "input", "output", "attempts", "started_at", "finished_at"])
    .expression(rows)
    .onConflict((conflict) =>
      conflict
        .columns(["execution_id", "step_index"])
        .doUpdateSet({
          status: "completed",
          input: sql<string>`excluded.input`,
          output: sql<string>`excluded.output`,
          attempts: sql<number>`execution_steps.attempts + 1`,
          started_at: sql<Date>`coalesce(execution_steps.started_at, excluded.started_at)`,
          finished_at: sql<Date>`excluded.finished_at`,
        })
        .where("execution_steps.status", "in", ["pending", "running"]),
    )
    .returning("id");
}

/**
 * The columns of finished steps after execution_id, a row per step, from arrays: the text is the
 * same for any number of steps. Their ids are made as they are written, like a claimed step's.
 */
export function finishedStepValues(steps: readonly FinishedStep[]) {
  const column = <T>(value: (step: FinishedStep) => T) => steps.map(value);
  return [
    sql<string>`unnest(${newIds("step", steps.length)}::text[])`.as("id"),
    sql<number>`unnest(${column((step) => step.index)}::int[])`.as("step_index"),
    sql<string>`unnest(${column((step) => step.name)}::text[])`.as("name"),
    sql<string>`unnest(${column((step) => step.type)}::text[])`.as("type"),
    sql.lit("completed").as("status"),
    sql<string>`unnest(${column((step) => JSON.stringify(step.input ?? null))}::jsonb[])`.as("input"),
    sql<string>`unnest(${column((step) => JSON.stringify(step.output ?? null))}::jsonb[])`.as("output"),
    sql.lit(1).as("attempts"),
    sql<Date>`unnest(${column((step) => step.startedAt)}::timestamptz[])`.as("started_at"),
    sql<Date>`unnest(${column((step) => step.finishedAt)}::timestamptz[])`.as("finished_at"),
  ];
}

/**
 * The history with its last entry, the one the attempt's claim opened, ended. The statements
 * that end an attempt name its number, so the last entry is that attempt's.
 */
function endLastAttempt(end: AttemptEnd) {
  return sql<string>`jsonb_set(attempt_history, '{-1}', (attempt_history -> -1) || ${JSON.stringify(end)}::jsonb)`;
}

/** The end of one attempt of a step this worker claimed. */
export interface AttemptResult {
  executionId: string;
  index: number;
  attempt: number;
  end: AttemptEnd;
}

/** Completes a step this worker claimed; false if the claim was lost to another worker. */
export async function completeStep(db: Db, result: AttemptResult & { output: unknown; now: Date }): Promise<boolean> {
  const updated = await db
    .updateTable("execution_steps")
    .set({ status: "completed", output: JSON.stringify(result.output ?? null), error: null, finished_at: result.now, attempt_history: endLastAttempt(result.end) })
    .where("execution_id", "=", result.executionId)
    .where("step_index", "=", result.index)
    .where("status", "=", "running")
    .where("attempts", "=", result.attempt)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

/** Puts a step whose attempt failed back to pending (with that attempt's error) until its retry. */
export async function releaseStepForRetry(db: Db, result: AttemptResult & { error: ExecutionError }): Promise<boolean> {
  const updated = await db
    .updateTable("execution_steps")
    .set({ status: "pending", error: JSON.stringify(result.error), attempt_history: endLastAttempt(result.end) })
    .where("execution_id", "=", result.executionId)
    .where("step_index", "=", result.index)
    .where("status", "=", "running")
    .where("attempts", "=", result.attempt)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

export interface StepEnd {
  index: number;
  status: "failed" | "cancelled";
  error?: ExecutionError;
  /** The end of the step's last attempt, for its history entry. */
  attempt?: AttemptEnd;
}

/**
 * Closes an execution's steps when it ends early: the step it stopped at gets its end status,
 * steps not finished become skipped, and steps never reached get a skipped row, so an ended
 * execution has one row per step.
 */
export async function closeRemainingSteps(
  trx: Transaction<DB>,
  executionId: string,
  steps: ReadonlyArray<{ name: string; type: string }>,
  now: Date,
  end?: StepEnd,
): Promise<void> {
  if (end) {
    await trx
      .updateTable("execution_steps")
      .set({
        status: end.status,
        finished_at: now,
        ...(end.error ? { error: JSON.stringify(end.error) } : {}),
        ...(end.attempt ? { attempt_history: endLastAttempt(end.attempt) } : {}),
      })
      .where("execution_id", "=", executionId)
      .where("step_index", "=", end.index)
      .where("status", "in", ["pending", "running"])
      .execute();
  }
  await trx
    .updateTable("execution_steps")
    .set({ status: sql<string>`case when status = 'running' then 'cancelled' else 'skipped' end`, finished_at: now })
    .where("execution_id", "=", executionId)
    .where("status", "in", ["pending", "running"])
    .execute();
  if (steps.length === 0) return;
  await trx
    .insertInto("execution_steps")
    .values(
      steps.map((step, index) => ({
        id: newId("step", now.getTime()),
        execution_id: executionId,
        step_index: index,
        name: step.name,
        type: step.type,
        status: "skipped",
        finished_at: now,
      })),
    )
    .onConflict((conflict) => conflict.columns(["execution_id", "step_index"]).doNothing())
    .execute();
}

/** Completed steps of an execution: the `actions_executed` of workflow.completed. */
export async function countCompletedSteps(db: Db, executionId: string): Promise<number> {
  const row = await db
    .selectFrom("execution_steps")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("execution_id", "=", executionId)
    .where("status", "=", "completed")
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Ends an execution if it has not ended yet (one conditional update: of two engines racing to
 * end it, one wins). Returns the row when this call ended it.
 */
export async function endExecution(
  trx: Transaction<DB>,
  executionId: string,
  change: { status: "completed" | "failed" | "cancelled"; error?: ExecutionError; now: Date },
) {
  return trx
    .updateTable("executions")
    .set({ status: change.status, finished_at: change.now, error: change.error ? JSON.stringify(change.error) : null })
    .where("id", "=", executionId)
    .where("status", "in", ["queued", "running"])
    .returning(["id", "workflow_id", "user_id", "mode", "started_at", "queued_at", "cancel_requested_at", "cancel_requested_by"])
    .executeTakeFirst();
}
