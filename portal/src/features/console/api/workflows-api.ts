import type { ExecutionStatus, WorkflowStatus } from "../../../../../core/contracts/workflows";
import { apiRequest } from "../../../lib/api-client";
import type { WorkflowMode } from "../lib/workflow-display";
import {
  ExecutionListSchema,
  ExecutionPageSchema,
  ExecutionSchema,
  ExecutionStartedSchema,
  WorkflowListSchema,
  WorkflowSchema,
  type Execution,
  type ExecutionPage,
  type ExecutionStarted,
  type ExecutionSummary,
  type Workflow,
} from "../../../../../core/contracts/workflow-responses";

/** The dashboard's copy of the workflow API (/api, cookie session): the signed-in user's workflows of one mode. */

/** How many executions a workflow's panel shows, newest first. */
export const RECENT_EXECUTIONS = 10;
/** The dashboard lists at most this many workflows (the API's page limit). */
const WORKFLOW_PAGE = 100;

/** `path` with `mode=test` when the test workflows are shown (live is the server's default). */
function withMode(path: string, mode: WorkflowMode): string {
  if (mode === "live") return path;
  return `${path}${path.includes("?") ? "&" : "?"}mode=test`;
}

const workflowPath = (id: string) => `/api/workflows/${encodeURIComponent(id)}`;
const executionPath = (id: string) => `/api/executions/${encodeURIComponent(id)}`;

export async function listWorkflows(mode: WorkflowMode, signal?: AbortSignal): Promise<Workflow[]> {
  const { workflows } = await apiRequest(withMode(`/api/workflows?limit=${WORKFLOW_PAGE}`, mode), { schema: WorkflowListSchema, signal });
  return workflows;
}

/** Active workflows run on their trigger; a draft (shown as disabled) only when run by hand. */
export function setWorkflowStatus(id: string, status: WorkflowStatus, mode: WorkflowMode): Promise<Workflow> {
  return apiRequest(withMode(workflowPath(id), mode), { method: "PUT", body: { status }, schema: WorkflowSchema });
}

/** A manual run, queued for the engine. */
export function executeWorkflow(id: string, mode: WorkflowMode): Promise<ExecutionStarted> {
  return apiRequest(withMode(`${workflowPath(id)}/execute`, mode), { method: "POST", body: {}, schema: ExecutionStartedSchema });
}

export async function listExecutions(workflowId: string, mode: WorkflowMode, signal?: AbortSignal): Promise<ExecutionSummary[]> {
  const path = withMode(`${workflowPath(workflowId)}/executions?limit=${RECENT_EXECUTIONS}`, mode);
  const { executions } = await apiRequest(path, { schema: ExecutionListSchema, signal });
  return executions;
}

/** How many executions the account-wide list reads at a time (Load more reads as many again). */
export const EXECUTION_PAGE = 20;

/** The account-wide list's filters as the dashboard offers them: one status, one workflow, or all. */
export interface ExecutionFilters {
  status: ExecutionStatus | "all";
  workflowId: string | "all";
}

/** /api/executions with the filters, the mode and the cursor of the page to read (none: the newest). */
export function accountExecutionsPath(mode: WorkflowMode, filters: ExecutionFilters, cursor: string | null): string {
  const query = new URLSearchParams({ limit: String(EXECUTION_PAGE) });
  if (filters.status !== "all") query.set("status", filters.status);
  if (filters.workflowId !== "all") query.set("workflow_id", filters.workflowId);
  if (cursor !== null) query.set("cursor", cursor);
  return withMode(`/api/executions?${query.toString()}`, mode);
}

/** A page of the account's executions across workflows, newest first. */
export function listAccountExecutions(mode: WorkflowMode, filters: ExecutionFilters, cursor: string | null, signal?: AbortSignal): Promise<ExecutionPage> {
  return apiRequest(accountExecutionsPath(mode, filters, cursor), { schema: ExecutionPageSchema, signal });
}

/** One execution with each step's input, output, attempts and error. */
export function getExecution(id: string, mode: WorkflowMode, signal?: AbortSignal): Promise<Execution> {
  return apiRequest(withMode(executionPath(id), mode), { schema: ExecutionSchema, signal });
}

export function cancelExecution(id: string, mode: WorkflowMode): Promise<Execution> {
  return apiRequest(withMode(`${executionPath(id)}/cancel`, mode), { method: "POST", schema: ExecutionSchema });
}
