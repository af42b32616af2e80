import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { Database } from "../../../core/db/client.js";
import { AppError } from "../../../core/errors.js";
import type { ProducerQueues } from "../../../core/queues.js";
import type { Redis } from "../../../core/redis.js";
import type { AppEnv } from "../../app-env.js";
import { errorResponses } from "../../http/error-responses.js";
import type { ApiSurface } from "../../http/api-surface.js";
import { validationHook } from "../../http/errors.js";
import { jsonResponse } from "../../http/route-helpers.js";
import { ExecutionIdParamsSchema, ListAccountExecutionsQuerySchema, ListExecutionsQuerySchema, WorkflowIdParamsSchema } from "../../workflows/api-schemas.js";
import { ExecutionListSchema, ExecutionPageSchema, ExecutionSchema } from "../../../core/contracts/workflow-responses.js";
import { decodeExecutionCursor, encodeExecutionCursor } from "../../workflows/execution-cursor.js";
import { findExecution, listAccountExecutions, listExecutions, listSteps, type ExecutionRow } from "../../workflows/execution-queries.js";
import type { CancelSource } from "../../../core/workflows/cancellation.js";
import { cancelExecution, rerunExecution } from "../../workflows/execution-service.js";
import { PUBLIC_WORKFLOW_API } from "../../workflows/owner.js";
import type { Owner } from "../../workflows/workflow-queries.js";
import { serializeExecution, serializeExecutionSummary } from "../../workflows/serializers.js";
import { ownsWorkflow } from "../../workflows/workflow-queries.js";
import { API_KEY_SECURITY } from "../../openapi-document.js";

const tags = ["Workflows"];
const security = API_KEY_SECURITY;
const readErrors = errorResponses("BAD_REQUEST", "UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND", "RATE_LIMITED", "QUOTA_EXCEEDED");

/** The routes under `prefix` (/v1 documented, /api hidden for the dashboard), one contract. */
function executionRouteDefinitions(prefix: string, hide: boolean) {
  const listRoute = createRoute({
    method: "get",
    path: `${prefix}/workflows/{id}/executions`,
    tags,
    summary: "List a workflow's executions",
    security,
    hide,
    request: { params: WorkflowIdParamsSchema, query: ListExecutionsQuerySchema },
    responses: { 200: jsonResponse(ExecutionListSchema, "The workflow's executions, newest first."), ...readErrors },
  });

  const accountListRoute = createRoute({
    method: "get",
    path: `${prefix}/executions`,
    tags,
    summary: "List executions across workflows",
    description:
      "The account's executions of the key's mode across all its workflows (deleted ones included), newest first, filtered by status, workflow " +
      "and time. Pages follow `next_cursor` while `has_more` is true; executions queued meanwhile never shift a page.",
    security,
    hide,
    request: { query: ListAccountExecutionsQuerySchema },
    responses: {
      200: jsonResponse(ExecutionPageSchema, "A page of executions, newest first."),
      ...errorResponses("BAD_REQUEST", "UNAUTHORIZED", "FORBIDDEN", "RATE_LIMITED", "QUOTA_EXCEEDED"),
    },
  });

  const getRoute = createRoute({
    method: "get",
    path: `${prefix}/executions/{id}`,
    tags,
    summary: "Get an execution",
    security,
    hide,
    request: { params: ExecutionIdParamsSchema },
    responses: { 200: jsonResponse(ExecutionSchema, "The execution with each step's input, output, attempts, timing and error."), ...readErrors },
  });

  const cancelRoute = createRoute({
    method: "post",
    path: `${prefix}/executions/{id}/cancel`,
    tags,
    summary: "Cancel an execution",
    description: "A queued execution is cancelled at once; a running one stops within a second (`cancel_requested_at` is set meanwhile).",
    security,
    hide,
    request: { params: ExecutionIdParamsSchema },
    responses: {
      202: jsonResponse(ExecutionSchema, "Accepted: the execution as it is now."),
      ...errorResponses("BAD_REQUEST", "UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND", "CONFLICT", "RATE_LIMITED", "QUOTA_EXCEEDED"),
    },
  });

  const rerunRoute = createRoute({
    method: "post",
    path: `${prefix}/executions/{id}/rerun`,
    tags,
    summary: "Re-run an execution",
    description: "Starts a new execution of the same workflow with the same trigger data; its `rerun_of` names the original.",
    security,
    hide,
    request: { params: ExecutionIdParamsSchema },
    responses: { 202: jsonResponse(ExecutionSchema, "Accepted: the new execution, queued."), ...readErrors },
  });
  return { listRoute, accountListRoute, getRoute, cancelRoute, rerunRoute };
}

/** Executions of the public API: list (a workflow's, or the account's), get, cancel, re-run (DESIGN.md section 6). */
export function executionApiRoutes(deps: { db: Database; queues: ProducerQueues; redis: Redis; redisKeyPrefix: string; now: () => Date }, surface: ApiSurface<Owner> = PUBLIC_WORKFLOW_API) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const ownerOf = surface.principal;
  const { listRoute, accountListRoute, getRoute, cancelRoute, rerunRoute } = executionRouteDefinitions(surface.prefix, surface.hide);
  // Services log with the request's logger, so their lines carry its request id.
  const services = (c: Context<AppEnv>) => ({ ...deps, logger: c.get("logger") });
  const withSteps = async (row: ExecutionRow) => serializeExecution(row, await listSteps(deps.db, row.id));
  // Named in the workflow.cancelled event as requested_by.
  const cancelSource: CancelSource = surface.prefix === "/v1" ? "api" : "dashboard";

  app.openapi(listRoute, async (c) => {
    const owner = ownerOf(c);
    const workflowId = c.req.valid("param").id;
    const query = c.req.valid("query");
    if (!(await ownsWorkflow(deps.db, owner, workflowId))) throw new AppError("NOT_FOUND", "No such workflow.");
    const { rows, total } = await listExecutions(deps.db, owner, workflowId, query);
    return c.json({ executions: rows.map(serializeExecutionSummary), total, page: query.page, limit: query.limit }, 200);
  });

  app.openapi(accountListRoute, async (c) => {
    const owner = ownerOf(c);
    const query = c.req.valid("query");
    // The dashboard's owner takes its mode from this parameter; a key's mode is its own.
    if (query.mode !== undefined && query.mode !== owner.mode) throw new AppError("FORBIDDEN", `This key lists ${owner.mode} executions only.`);
    const { rows, next } = await listAccountExecutions(deps.db, owner, {
      limit: query.limit,
      after: query.cursor === undefined ? undefined : decodeExecutionCursor(query.cursor),
      statuses: query.status,
      workflowId: query.workflow_id,
      createdAfter: query.created_after ? new Date(query.created_after) : undefined,
      createdBefore: query.created_before ? new Date(query.created_before) : undefined,
    });
    return c.json({ executions: rows.map(serializeExecutionSummary), has_more: next !== undefined, next_cursor: next ? encodeExecutionCursor(next) : null }, 200);
  });

  app.openapi(getRoute, async (c) => {
    const row = await findExecution(deps.db, ownerOf(c), c.req.valid("param").id);
    if (!row) throw new AppError("NOT_FOUND", "No such execution.");
    return c.json(await withSteps(row), 200);
  });

  app.openapi(cancelRoute, async (c) => {
    const row = await cancelExecution(services(c), ownerOf(c), c.req.valid("param").id, cancelSource, deps.now());
    return c.json(await withSteps(row), 202);
  });

  app.openapi(rerunRoute, async (c) => {
    const owner = ownerOf(c);
    const started = await rerunExecution(services(c), owner, c.req.valid("param").id, deps.now());
    const row = await findExecution(deps.db, owner, started.executionId);
    if (!row) throw new AppError("NOT_FOUND", "No such execution.");
    return c.json(await withSteps(row), 202);
  });

  return app;
}
