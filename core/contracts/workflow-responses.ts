import { z } from "zod";
import { KEY_MODES } from "./api-keys.js";
import { ActionSchema } from "./actions/action-registry.js";
import { ATTEMPT_HISTORY_LIMIT, StepAttemptSchema } from "./step-attempts.js";
import { EXECUTION_STATUSES, STEP_STATUSES, TRIGGER_TYPES, TriggerSchema, WORKFLOW_STATUSES } from "./workflows.js";

/**
 * The workflow API's answers (`/v1/workflows`, `/v1/executions`, and the dashboard's `/api`
 * copies): the gateway's routes declare them, openapi.yaml is generated from them, and the portal
 * parses them. `.meta()` names a component and describes fields, as `.openapi()` would, in plain
 * zod, so the portal's bundle carries no OpenAPI tooling.
 */

const timestamp = (description: string) => z.string().meta({ format: "date-time", description });

export const WorkflowSchema = z
  .object({
    id: z.string().meta({ example: "wf_1AbCdEfGhJkLmNpQrStUvW" }),
    name: z.string(),
    description: z.string().nullable(),
    status: z.enum(WORKFLOW_STATUSES),
    trigger: TriggerSchema,
    actions: z.array(ActionSchema),
    webhook_url: z.string().nullable().meta({ description: "Where to POST trigger data, for webhook-triggered workflows; null otherwise." }),
    created_at: timestamp("When the workflow was created."),
    updated_at: timestamp("When the workflow was last changed."),
    last_run: timestamp("When an execution last started; null if never.").nullable(),
    executions: z.number().int().meta({ description: "How many executions the workflow has had." }),
  })
  .meta({ id: "Workflow" });
export type Workflow = z.infer<typeof WorkflowSchema>;

export const WorkflowListSchema = z
  .object({ workflows: z.array(WorkflowSchema), total: z.number().int(), page: z.number().int(), limit: z.number().int() })
  .meta({ id: "WorkflowList" });

export const DeletedWorkflowSchema = z.object({ message: z.string(), deleted_at: timestamp("When the workflow was deleted.") }).meta({ id: "DeletedWorkflow" });

const ExecutionErrorBodySchema = z.object({ code: z.string(), message: z.string() }).meta({ id: "ExecutionError" });

export const ExecutionStepSchema = z
  .object({
    index: z.number().int(),
    name: z.string(),
    type: z.string(),
    status: z.enum(STEP_STATUSES),
    input: z.unknown().nullable(),
    output: z.unknown().nullable(),
    attempts: z.number().int().meta({ description: "How many attempts the step has had." }),
    error: ExecutionErrorBodySchema.nullable(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
    attempt_history: z.array(StepAttemptSchema).meta({
      description: `Each attempt, oldest first (the latest ${ATTEMPT_HISTORY_LIMIT}): its start, duration, outcome, error and, for steps that call a target, the target's answer.`,
    }),
  })
  .meta({ id: "ExecutionStep" });
export type ExecutionStep = z.infer<typeof ExecutionStepSchema>;

const executionFields = {
  id: z.string().meta({ example: "exec_1AbCdEfGhJkLmNpQrStUvW" }),
  workflow_id: z.string(),
  status: z.enum(EXECUTION_STATUSES),
  trigger_type: z.enum(TRIGGER_TYPES),
  trigger_data: z.record(z.string(), z.unknown()),
  mode: z.enum(KEY_MODES),
  queued_at: timestamp("When the execution was accepted."),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  error: ExecutionErrorBodySchema.nullable(),
  rerun_of: z.string().nullable(),
};

export const ExecutionSummarySchema = z.object(executionFields).meta({ id: "ExecutionSummary" });
export type ExecutionSummary = z.infer<typeof ExecutionSummarySchema>;
export const ExecutionSchema = z.object({ ...executionFields, steps: z.array(ExecutionStepSchema) }).meta({ id: "Execution" });
export type Execution = z.infer<typeof ExecutionSchema>;

export const ExecutionListSchema = z
  .object({ executions: z.array(ExecutionSummarySchema), total: z.number().int(), page: z.number().int(), limit: z.number().int() })
  .meta({ id: "ExecutionList" });

/** GET /v1/executions: one page of the account's executions, newest first (decision 0031). */
export const ExecutionPageSchema = z
  .object({
    executions: z.array(ExecutionSummarySchema),
    has_more: z.boolean().meta({ description: "Whether older executions match: ask again with `cursor` set to `next_cursor`." }),
    next_cursor: z.string().nullable().meta({ description: "The cursor of the next page; null on the last page." }),
  })
  .meta({ id: "ExecutionPage" });
export type ExecutionPage = z.infer<typeof ExecutionPageSchema>;

export const ExecutionStartedSchema = z
  .object({
    execution_id: z.string(),
    status: z.enum(EXECUTION_STATUSES).meta({ description: "queued until an engine starts it." }),
    started_at: timestamp("When the execution was accepted."),
  })
  .meta({ id: "ExecutionStarted" });
export type ExecutionStarted = z.infer<typeof ExecutionStartedSchema>;

/** POST /v1/hooks/{workflow_id}/{secret}: the execution the hook started. */
export const HookAcceptedSchema = z.object({ execution_id: z.string(), status: z.enum(EXECUTION_STATUSES) }).meta({ id: "HookAccepted" });
