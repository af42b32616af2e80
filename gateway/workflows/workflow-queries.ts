import { sql, type Transaction, type Updateable } from "kysely";
import type { WorkflowStatus } from "../../core/contracts/workflows.js";
import type { Database } from "../../core/db/client.js";
import type { DB } from "../../core/db/types.js";

/**
 * Queries of the workflows table. Every one is scoped to an owner: the account and the mode of
 * the key asking (test and live workflows are separate), and never sees a deleted workflow.
 */
export interface Owner {
  userId: string;
  mode: "live" | "test";
}

export interface WorkflowRow {
  id: string;
  user_id: string;
  name: string;
  description: string | null;
  status: string;
  trigger: unknown;
  actions: unknown;
  hook_secret: string;
  mode: string;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
  /** When its latest execution started; null if none has. */
  last_run_at: Date | null;
  /** How many executions the workflow has had. */
  executions: number;
}

type Executor = Database | Transaction<DB>;

const COLUMNS = [
  "workflows.id",
  "workflows.user_id",
  "workflows.name",
  "workflows.description",
  "workflows.status",
  "workflows.trigger",
  "workflows.actions",
  "workflows.hook_secret",
  "workflows.mode",
  "workflows.created_at",
  "workflows.updated_at",
  "workflows.deleted_at",
] as const;

const executionCount = sql<number>`(select count(*) from executions where executions.workflow_id = workflows.id)::int`.as("executions");
/** The latest start of the workflow's executions (derived, so starting an execution never writes the workflow's row). */
const lastRunAt = sql<Date | null>`(select max(started_at) from executions where executions.workflow_id = workflows.id)`.as("last_run_at");
const DERIVED = [executionCount, lastRunAt] as const;

function ownedWorkflows(db: Executor, owner: Owner) {
  return db
    .selectFrom("workflows")
    .where("workflows.user_id", "=", owner.userId)
    .where("workflows.mode", "=", owner.mode)
    .where("workflows.deleted_at", "is", null);
}

export interface NewWorkflow {
  id: string;
  name: string;
  description: string | null;
  status: WorkflowStatus;
  trigger: unknown;
  actions: unknown;
  hookSecret: string;
  now: Date;
}

export async function insertWorkflow(db: Executor, owner: Owner, workflow: NewWorkflow): Promise<WorkflowRow> {
  const row = await db
    .insertInto("workflows")
    .values({
      id: workflow.id,
      user_id: owner.userId,
      mode: owner.mode,
      name: workflow.name,
      description: workflow.description,
      status: workflow.status,
      trigger: JSON.stringify(workflow.trigger),
      actions: JSON.stringify(workflow.actions),
      hook_secret: workflow.hookSecret,
      created_at: workflow.now,
      updated_at: workflow.now,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return { ...row, executions: 0, last_run_at: null };
}

export function findWorkflow(db: Executor, owner: Owner, id: string): Promise<WorkflowRow | undefined> {
  return ownedWorkflows(db, owner).select([...COLUMNS, ...DERIVED]).where("workflows.id", "=", id).executeTakeFirst();
}

/** The owner's workflow's trigger, its row locked until the transaction ends (for a PATCH's merge). */
export function findWorkflowForUpdate(trx: Transaction<DB>, owner: Owner, id: string): Promise<{ trigger: unknown } | undefined> {
  return ownedWorkflows(trx, owner).select("workflows.trigger").where("workflows.id", "=", id).forUpdate().executeTakeFirst();
}

/** Whether the owner has this (undeleted) workflow; cheaper than findWorkflow, which counts executions. */
export async function ownsWorkflow(db: Executor, owner: Owner, id: string): Promise<boolean> {
  const row = await ownedWorkflows(db, owner).select("workflows.id").where("workflows.id", "=", id).executeTakeFirst();
  return row !== undefined;
}

export interface WorkflowFilters {
  page: number;
  limit: number;
  status?: WorkflowStatus | undefined;
  createdAfter?: Date | undefined;
  createdBefore?: Date | undefined;
}

/** One page of the owner's workflows, newest first, and how many match in all. */
export async function listWorkflows(db: Executor, owner: Owner, filters: WorkflowFilters): Promise<{ rows: WorkflowRow[]; total: number }> {
  let query = ownedWorkflows(db, owner);
  if (filters.status) query = query.where("workflows.status", "=", filters.status);
  if (filters.createdAfter) query = query.where("workflows.created_at", ">", filters.createdAfter);
  if (filters.createdBefore) query = query.where("workflows.created_at", "<", filters.createdBefore);
  const [rows, count] = await Promise.all([
    query
      .select([...COLUMNS, ...DERIVED])
      .orderBy("workflows.created_at", "desc")
      .orderBy("workflows.id", "desc")
      .limit(filters.limit)
      .offset((filters.page - 1) * filters.limit)
      .execute(),
    query.select(sql<number>`count(*)::int`.as("total")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.total };
}

export interface WorkflowChanges {
  name?: string;
  description?: string | null;
  status?: WorkflowStatus;
  trigger?: unknown;
  actions?: unknown;
}

export async function updateWorkflowRow(db: Executor, owner: Owner, id: string, changes: WorkflowChanges, now: Date): Promise<WorkflowRow | undefined> {
  return updateOwnedWorkflow(db, owner, id, {
    ...(changes.name !== undefined ? { name: changes.name } : {}),
    ...(changes.description !== undefined ? { description: changes.description } : {}),
    ...(changes.status !== undefined ? { status: changes.status } : {}),
    ...(changes.trigger !== undefined ? { trigger: JSON.stringify(changes.trigger) } : {}),
    ...(changes.actions !== undefined ? { actions: JSON.stringify(changes.actions) } : {}),
    updated_at: now,
  });
}

/** Soft delete: the row stays (its executions keep their history) but is gone for every query. */
export function softDeleteWorkflow(db: Executor, owner: Owner, id: string, now: Date): Promise<WorkflowRow | undefined> {
  return updateOwnedWorkflow(db, owner, id, { deleted_at: now, updated_at: now });
}

/** Sets `values` on the owner's undeleted workflow and returns it as it is now (undefined when there is none). */
function updateOwnedWorkflow(db: Executor, owner: Owner, id: string, values: Updateable<DB["workflows"]>): Promise<WorkflowRow | undefined> {
  return db
    .updateTable("workflows")
    .set(values)
    .where("workflows.id", "=", id)
    .where("workflows.user_id", "=", owner.userId)
    .where("workflows.mode", "=", owner.mode)
    .where("workflows.deleted_at", "is", null)
    .returning([...COLUMNS, ...DERIVED])
    .executeTakeFirst();
}

/** The workflow an inbound hook names, whoever owns it (the secret in the URL is the credential). */
export function findWorkflowForHook(db: Executor, id: string) {
  return db
    .selectFrom("workflows")
    .select(["id", "user_id", "mode", "status", "trigger", "hook_secret"])
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}
