import { sql, type Transaction } from "kysely";
import type { ExecutionStatus } from "../../core/contracts/workflows.js";
import type { Database } from "../../core/db/client.js";
import type { ExecutionCursor } from "./execution-cursor.js";
import type { DB } from "../../core/db/types.js";
import type { CancelSource } from "../../core/workflows/cancellation.js";
import type { Owner } from "./workflow-queries.js";

/** Queries of executions and their steps, scoped to the owner (account and mode). */
export interface ExecutionRow {
  id: string;
  workflow_id: string;
  user_id: string;
  status: string;
  trigger_type: string;
  trigger_data: unknown;
  mode: string;
  rerun_of: string | null;
  error: unknown;
  queued_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  cancel_requested_at: Date | null;
  cancel_requested_by: string | null;
}

export interface StepRow {
  step_index: number;
  name: string;
  type: string;
  status: string;
  input: unknown;
  output: unknown;
  attempts: number;
  error: unknown;
  started_at: Date | null;
  finished_at: Date | null;
  attempt_history: unknown;
}

const COLUMNS = [
  "id", "workflow_id", "user_id", "status", "trigger_type", "trigger_data", "mode", "rerun_of", "error", "queued_at", "started_at", "finished_at", "cancel_requested_at",
  "cancel_requested_by",
] as const;

export function findExecution(db: Database, owner: Owner, id: string): Promise<ExecutionRow | undefined> {
  return db.selectFrom("executions").select(COLUMNS).where("id", "=", id).where("user_id", "=", owner.userId).where("mode", "=", owner.mode).executeTakeFirst();
}

export function listSteps(db: Database, executionId: string): Promise<StepRow[]> {
  return db
    .selectFrom("execution_steps")
    .select(["step_index", "name", "type", "status", "input", "output", "attempts", "error", "started_at", "finished_at", "attempt_history"])
    .where("execution_id", "=", executionId)
    .orderBy("step_index")
    .execute();
}

/** One page of a workflow's executions, newest first, and how many match in all. */
export async function listExecutions(
  db: Database,
  owner: Owner,
  workflowId: string,
  filters: { page: number; limit: number; status?: ExecutionStatus | undefined },
): Promise<{ rows: ExecutionRow[]; total: number }> {
  let query = db.selectFrom("executions").where("workflow_id", "=", workflowId).where("user_id", "=", owner.userId).where("mode", "=", owner.mode);
  if (filters.status) query = query.where("status", "=", filters.status);
  const [rows, count] = await Promise.all([
    query
      .select(COLUMNS)
      .orderBy("queued_at", "desc")
      .orderBy("id", "desc")
      .limit(filters.limit)
      .offset((filters.page - 1) * filters.limit)
      .execute(),
    query.select(sql<number>`count(*)::int`.as("total")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.total };
}

export interface AccountExecutionFilters {
  limit: number;
  after?: ExecutionCursor | undefined;
  statuses?: readonly ExecutionStatus[] | undefined;
  workflowId?: string | undefined;
  createdAfter?: Date | undefined;
  createdBefore?: Date | undefined;
}

/** queued_at to the microsecond, in UTC: the position a cursor carries. */
const cursorTime = sql<string>`to_char(queued_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as("cursor_time");

/**
 * A page of the owner's executions across workflows, newest first, after `filters.after`; one
 * more row than asked is read to tell whether another page follows. The order and the position
 * follow executions_user_id_mode_queued_at_id_idx, so a page costs an index range, however deep.
 */
export async function listAccountExecutions(
  db: Database,
  owner: Owner,
  filters: AccountExecutionFilters,
): Promise<{ rows: ExecutionRow[]; next: ExecutionCursor | undefined }> {
  let query = db.selectFrom("executions").select([...COLUMNS, cursorTime]).where("user_id", "=", owner.userId).where("mode", "=", owner.mode);
  if (filters.after) query = query.where(sql<boolean>`(queued_at, id) < (${filters.after.queuedAt}::timestamptz, ${filters.after.id})`);
  if (filters.statuses?.length) query = query.where("status", "in", filters.statuses);
  if (filters.workflowId) query = query.where("workflow_id", "=", filters.workflowId);
  if (filters.createdAfter) query = query.where("queued_at", ">", filters.createdAfter);
  if (filters.createdBefore) query = query.where("queued_at", "<", filters.createdBefore);
  const found = await query.orderBy("queued_at", "desc").orderBy("id", "desc").limit(filters.limit + 1).execute();
  const page = found.slice(0, filters.limit);
  const last = page.at(-1);
  const rows = page.map(({ cursor_time: _, ...row }) => row);
  return { rows, next: found.length > filters.limit && last ? { queuedAt: last.cursor_time, id: last.id } : undefined };
}

/** Cancels an execution no engine has claimed yet; undefined if it is no longer queued. */
export function cancelQueuedExecution(db: Database | Transaction<DB>, id: string, by: CancelSource, now: Date): Promise<ExecutionRow | undefined> {
  return db
    .updateTable("executions")
    .set({ status: "cancelled", ...cancelRequest(by, now), finished_at: now })
    .where("id", "=", id)
    .where("status", "=", "queued")
    .returning(COLUMNS)
    .executeTakeFirst();
}

/** The first request to cancel stands: its time and who asked. */
function cancelRequest(by: CancelSource, now: Date) {
  return {
    cancel_requested_at: sql<Date>`coalesce(cancel_requested_at, ${now})`,
    cancel_requested_by: sql<string>`case when cancel_requested_at is null then ${by} else cancel_requested_by end`,
  };
}

/** Marks a running execution for cancellation (its runner stops it); undefined if it is not running. */
export function requestExecutionCancel(db: Database, id: string, by: CancelSource, now: Date): Promise<ExecutionRow | undefined> {
  return db
    .updateTable("executions")
    .set(cancelRequest(by, now))
    .where("id", "=", id)
    .where("status", "=", "running")
    .returning(COLUMNS)
    .executeTakeFirst();
}
