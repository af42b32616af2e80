import { sql, type Transaction } from "kysely";
import type { ExecutionStatus } from "../../core/contracts/workflows.js";
import type { Database } from "../../core/db/client.js";
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
    .select(["step_index", "name", "type", "status", "input", "output", "attempts", "error", "started_at", "finished_at"])
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
