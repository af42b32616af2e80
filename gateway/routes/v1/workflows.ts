import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { CreateWorkflowRequestSchema, PatchWorkflowRequestSchema, UpdateWorkflowRequestSchema } from "../../../core/contracts/workflows.js";
import type { Database } from "../../../core/db/client.js";
import { AppError } from "../../../core/errors.js";
import type { ProducerQueues } from "../../../core/queues.js";
import { startExecution } from "../../../core/workflows/start-execution.js";
import type { AppEnv } from "../../app-env.js";
import { errorResponses } from "../../http/error-responses.js";
import type { ApiSurface } from "../../http/api-surface.js";
import { validationHook } from "../../http/errors.js";
import { jsonBody, jsonResponse } from "../../http/route-helpers.js";
import { ExecuteRequestSchema, IdempotencyHeadersSchema, ListWorkflowsQuerySchema, WorkflowIdParamsSchema } from "../../workflows/api-schemas.js";
import { DeletedWorkflowSchema, ExecutionStartedSchema, WorkflowListSchema, WorkflowSchema } from "../../../core/contracts/workflow-responses.js";
import { PUBLIC_WORKFLOW_API } from "../../workflows/owner.js";
import type { Owner } from "../../workflows/workflow-queries.js";
import { serializeWorkflow } from "../../workflows/serializers.js";
import { findWorkflow, listWorkflows } from "../../workflows/workflow-queries.js";
import { createWorkflow, deleteWorkflow, patchWorkflow, updateWorkflow } from "../../workflows/workflow-service.js";
import { API_KEY_SECURITY } from "../../openapi-document.js";

const tags = ["Workflows"];
const security = API_KEY_SECURITY;
const meteredErrors = errorResponses("BAD_REQUEST", "UNAUTHORIZED", "FORBIDDEN", "RATE_LIMITED", "QUOTA_EXCEEDED");

/** The routes under `prefix` (/v1 documented, /api hidden for the dashboard), one contract. */
function workflowRouteDefinitions(prefix: string, hide: boolean) {
  const listRoute = createRoute({
    method: "get",
    path: `${prefix}/workflows`,
    tags,
    summary: "List workflows",
    security,
    hide,
    request: { query: ListWorkflowsQuerySchema },
    responses: { 200: jsonResponse(WorkflowListSchema, "The key's workflows (of its mode), newest first."), ...meteredErrors },
  });

  const createWorkflowRoute = createRoute({
    method: "post",
    path: `${prefix}/workflows`,
    tags,
    summary: "Create a workflow",
    security,
    hide,
    request: jsonBody(CreateWorkflowRequestSchema),
    responses: {
      201: jsonResponse(WorkflowSchema, "The new workflow; webhook-triggered workflows carry their webhook_url."),
      ...errorResponses("BAD_REQUEST", "MALFORMED_JSON", "UNAUTHORIZED", "FORBIDDEN", "VALIDATION_FAILED", "RATE_LIMITED", "QUOTA_EXCEEDED"),
    },
  });

  const getRoute = createRoute({
    method: "get",
    path: `${prefix}/workflows/{id}`,
    tags,
    summary: "Get a workflow",
    security,
    hide,
    request: { params: WorkflowIdParamsSchema },
    responses: { 200: jsonResponse(WorkflowSchema, "The workflow with its execution count and last run."), ...errorResponses("BAD_REQUEST", "UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND", "RATE_LIMITED", "QUOTA_EXCEEDED") },
  });

  const updateRoute = createRoute({
    method: "put",
    path: `${prefix}/workflows/{id}`,
    tags,
    summary: "Update a workflow",
    description: "Replaces the fields given (at least one); `status` switches between active and draft.",
    security,
    hide,
    request: { params: WorkflowIdParamsSchema, ...jsonBody(UpdateWorkflowRequestSchema) },
    responses: {
      200: jsonResponse(WorkflowSchema, "The updated workflow."),
      ...errorResponses("BAD_REQUEST", "MALFORMED_JSON", "UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND", "VALIDATION_FAILED", "RATE_LIMITED", "QUOTA_EXCEEDED"),
    },
  });

  const patchRoute = createRoute({
    method: "patch",
    path: `${prefix}/workflows/{id}`,
    tags,
    summary: "Change part of a workflow",
    description:
      "Changes the fields given (at least one), like PUT, but `trigger` merges into the stored trigger: `config` keys given replace the stored " +
      "ones (`{\"trigger\": {\"config\": {\"cron\": \"0 * * * *\"}}}` keeps the time zone), and a new `type` starts from an empty config. " +
      "The webhook URL's secret never changes.",
    security,
    hide,
    request: { params: WorkflowIdParamsSchema, ...jsonBody(PatchWorkflowRequestSchema) },
    responses: {
      200: jsonResponse(WorkflowSchema, "The updated workflow."),
      ...errorResponses("BAD_REQUEST", "MALFORMED_JSON", "UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND", "VALIDATION_FAILED", "RATE_LIMITED", "QUOTA_EXCEEDED"),
    },
  });

  const deleteRoute = createRoute({
    method: "delete",
    path: `${prefix}/workflows/{id}`,
    tags,
    summary: "Delete a workflow",
    description: "The workflow stops running and is not found afterwards; its executions stay readable.",
    security,
    hide,
    request: { params: WorkflowIdParamsSchema },
    responses: { 200: jsonResponse(DeletedWorkflowSchema, "Deleted."), ...errorResponses("BAD_REQUEST", "UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND", "RATE_LIMITED", "QUOTA_EXCEEDED") },
  });

  const executeRoute = createRoute({
    method: "post",
    path: `${prefix}/workflows/{id}/execute`,
    tags,
    summary: "Execute a workflow now",
    description:
      "Starts a manual execution (drafts included) with `data` as its trigger data. With an `Idempotency-Key`, a repeat within 24 hours " +
      "answers with the original execution and `Idempotent-Replayed: true`; the same key with a different body is 409.",
    security,
    hide,
    request: {
      params: WorkflowIdParamsSchema,
      headers: IdempotencyHeadersSchema,
      body: { content: { "application/json": { schema: ExecuteRequestSchema } }, required: false },
    },
    responses: {
      202: jsonResponse(ExecutionStartedSchema, "Accepted: the execution is queued."),
      ...errorResponses("BAD_REQUEST", "MALFORMED_JSON", "UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND", "CONFLICT", "VALIDATION_FAILED", "RATE_LIMITED", "QUOTA_EXCEEDED"),
    },
  });
  return { listRoute, createWorkflowRoute, getRoute, updateRoute, patchRoute, deleteRoute, executeRoute };
}

/** The workflow resource (DESIGN.md section 6): the public API's by default, or the dashboard's copy. */
export function workflowApiRoutes(deps: { db: Database; queues: ProducerQueues; publicUrl: string; now: () => Date }, surface: ApiSurface<Owner> = PUBLIC_WORKFLOW_API) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const ownerOf = surface.principal;
  const { listRoute, createWorkflowRoute, getRoute, updateRoute, patchRoute, deleteRoute, executeRoute } = workflowRouteDefinitions(surface.prefix, surface.hide);
  const serialize = (row: Parameters<typeof serializeWorkflow>[0]) => serializeWorkflow(row, deps.publicUrl);
  // Services log with the request's logger, so their lines carry its request id.
  const services = (c: Context<AppEnv>) => ({ db: deps.db, queues: deps.queues, logger: c.get("logger") });

  app.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const { rows, total } = await listWorkflows(deps.db, ownerOf(c), {
      page: query.page,
      limit: query.limit,
      status: query.status,
      createdAfter: query.created_after ? new Date(query.created_after) : undefined,
      createdBefore: query.created_before ? new Date(query.created_before) : undefined,
    });
    return c.json({ workflows: rows.map(serialize), total, page: query.page, limit: query.limit }, 200);
  });

  app.openapi(createWorkflowRoute, async (c) => {
    const row = await createWorkflow(services(c), ownerOf(c), c.req.valid("json"), deps.now());
    return c.json(serialize(row), 201);
  });

  app.openapi(getRoute, async (c) => {
    const row = await findWorkflow(deps.db, ownerOf(c), c.req.valid("param").id);
    if (!row) throw new AppError("NOT_FOUND", "No such workflow.");
    return c.json(serialize(row), 200);
  });

  app.openapi(updateRoute, async (c) => {
    const row = await updateWorkflow(services(c), ownerOf(c), c.req.valid("param").id, c.req.valid("json"), deps.now());
    return c.json(serialize(row), 200);
  });

  app.openapi(patchRoute, async (c) => {
    const row = await patchWorkflow(services(c), ownerOf(c), c.req.valid("param").id, c.req.valid("json"), deps.now());
    return c.json(serialize(row), 200);
  });

  app.openapi(deleteRoute, async (c) => {
    const row = await deleteWorkflow(services(c), ownerOf(c), c.req.valid("param").id, deps.now());
    return c.json({ message: "Workflow deleted", deleted_at: new Date(row.deleted_at ?? deps.now()).toISOString() }, 200);
  });

  app.openapi(executeRoute, async (c) => {
    const idempotencyKey = c.req.valid("header")["idempotency-key"];
    // A manual run of the owner's workflow (drafts too): startExecution finds it by account, mode and deletion (404 otherwise).
    const started = await startExecution(services(c), {
      ...ownerOf(c),
      workflowId: c.req.valid("param").id,
      triggerType: "manual",
      triggerData: c.req.valid("json").data ?? {},
      ...(idempotencyKey !== undefined ? { idempotencyKey } : {}),
      now: deps.now(),
    });
    if (!started.created) c.header("Idempotent-Replayed", "true");
    return c.json({ execution_id: started.executionId, status: started.status, started_at: started.queuedAt.toISOString() }, 202);
  });

  return app;
}
