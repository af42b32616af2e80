import { z } from "@hono/zod-openapi";
import { idParam } from "../http/path-params.js";
import { ActionSchema, EXECUTION_STATUSES, STEP_STATUSES, TRIGGER_TYPES, TriggerSchema, WORKFLOW_STATUSES } from "../../core/contracts/workflows.js";

/** Response and parameter schemas of the public workflow API (they become openapi.yaml). */

const timestamp = (description: string) => z.string().openapi({ format: "date-time", description });

export const WorkflowSchema = z
  .object({
    id: z.string().openapi({ example: "wf_1AbCdEfGhJkLmNpQrStUvW" }),
    name: z.string(),
    description: z.string().nullable(),
    status: z.enum(WORKFLOW_STATUSES),
    trigger: TriggerSchema,
    actions: z.array(ActionSchema),
    webhook_url: z.string().nullable().openapi({ description: "Where to POST trigger data, for webhook-triggered workflows; null otherwise." }),
    created_at: timestamp("When the workflow was created."),
    updated_at: timestamp("When the workflow was last changed."),
    last_run: timestamp("When an execution last started; null if never.").nullable(),
    executions: z.number().int().openapi({ description: "How many executions the workflow has had." }),
  })
  .openapi("Workflow");

export const WorkflowListSchema = z
  .object({ workflows: z.array(WorkflowSchema), total: z.number().int(), page: z.number().int(), limit: z.number().int() })
  .openapi("WorkflowList");

export const DeletedWorkflowSchema = z.object({ message: z.string(), deleted_at: timestamp("When the workflow was deleted.") }).openapi("DeletedWorkflow");

export const ExecutionErrorBodySchema = z.object({ code: z.string(), message: z.string() }).openapi("ExecutionError");

export const ExecutionStepSchema = z
  .object({
    index: z.number().int(),
    name: z.string(),
    type: z.string(),
    status: z.enum(STEP_STATUSES),
    input: z.unknown().nullable(),
    output: z.unknown().nullable(),
    attempts: z.number().int(),
    error: ExecutionErrorBodySchema.nullable(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
  })
  .openapi("ExecutionStep");

const executionFields = {
  id: z.string().openapi({ example: "exec_1AbCdEfGhJkLmNpQrStUvW" }),
  workflow_id: z.string(),
  status: z.enum(EXECUTION_STATUSES),
  trigger_type: z.enum(TRIGGER_TYPES),
  trigger_data: z.record(z.string(), z.unknown()),
  mode: z.enum(["live", "test"]),
  queued_at: timestamp("When the execution was accepted."),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  error: ExecutionErrorBodySchema.nullable(),
  rerun_of: z.string().nullable(),
};

export const ExecutionSummarySchema = z.object(executionFields).openapi("ExecutionSummary");
export const ExecutionSchema = z.object({ ...executionFields, steps: z.array(ExecutionStepSchema) }).openapi("Execution");

export const ExecutionListSchema = z
  .object({ executions: z.array(ExecutionSummarySchema), total: z.number().int(), page: z.number().int(), limit: z.number().int() })
  .openapi("ExecutionList");

export const ExecutionStartedSchema = z
  .object({
    execution_id: z.string(),
    status: z.enum(EXECUTION_STATUSES).openapi({ description: "queued until an engine starts it." }),
    started_at: timestamp("When the execution was accepted."),
  })
  .openapi("ExecutionStarted");

export const ExecuteRequestSchema = z
  .object({ data: z.record(z.string(), z.unknown()).optional().openapi({ description: "Trigger data, available to actions as {{trigger.data.…}}." }) })
  .openapi("ExecuteRequest");

/** Idempotency-Key: 1 to 255 printable ASCII characters. */
export const IdempotencyHeadersSchema = z.object({
  "idempotency-key": z
    .string()
    .regex(/^[\x20-\x7E]{1,255}$/, "Idempotency-Key must be 1 to 255 printable characters")
    .optional()
    .openapi({ description: "Repeating a request with the same key within 24 h returns the original execution." }),
});

const pagination = {
  page: z.coerce.number().int().min(1).max(100_000).default(1).openapi({ example: 1 }),
  limit: z.coerce.number().int().min(1).max(100).default(20).openapi({ example: 20 }),
};

const isoDate = z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: "Expected an ISO 8601 date or date-time" });

export const ListWorkflowsQuerySchema = z.object({
  ...pagination,
  status: z.enum(WORKFLOW_STATUSES).optional(),
  created_after: isoDate.optional().openapi({ description: "Only workflows created after this date or time." }),
  created_before: isoDate.optional().openapi({ description: "Only workflows created before this date or time." }),
});

export const ListExecutionsQuerySchema = z.object({ ...pagination, status: z.enum(EXECUTION_STATUSES).optional() });

export const WorkflowIdParamsSchema = z.object({ id: idParam("wf", "No such workflow.") });
export const ExecutionIdParamsSchema = z.object({ id: idParam("exec", "No such execution.") });
