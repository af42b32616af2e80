import type { WorkflowStatus } from "../../../../../core/contracts/workflows";
import { apiRequest } from "../../../lib/api-client";
import type { WorkflowMode } from "../lib/workflow-display";
import {
  ExecutionListSchema,
  ExecutionSchema,
  ExecutionStartedSchema,
  WorkflowListSchema,
  WorkflowSchema,
  type Execution,
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

/** One execution with each step's input, output, attempts and error. */
export function getExecution(id: string, mode: WorkflowMode, signal?: AbortSignal): Promise<Execution> {
  return apiRequest(withMode(executionPath(id), mode), { schema: ExecutionSchema, signal });
}

export function cancelExecution(id: string, mode: WorkflowMode): Promise<Execution> {
  return apiRequest(withMode(`${executionPath(id)}/cancel`, mode), { method: "POST", schema: ExecutionSchema });
}
