import { z } from "zod";
import { ActionSchema, EXECUTION_STATUSES, STEP_STATUSES, TRIGGER_TYPES, TriggerSchema, WORKFLOW_STATUSES } from "../../../../../core/contracts/workflows";

/**
 * The workflow API's answers as the portal reads them: the gateway's schemas
 * (gateway/workflows/api-schemas.ts) in plain zod, so the dashboard's bundle carries no
 * OpenAPI tooling. workflow-schemas.test.ts checks that both infer the same types.
 */

export const WorkflowSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(WORKFLOW_STATUSES),
  trigger: TriggerSchema,
  actions: z.array(ActionSchema),
  webhook_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  last_run: z.string().nullable(),
  executions: z.number().int(),
});
export type Workflow = z.infer<typeof WorkflowSchema>;

export const WorkflowListSchema = z.object({ workflows: z.array(WorkflowSchema), total: z.number().int(), page: z.number().int(), limit: z.number().int() });

const ExecutionErrorBodySchema = z.object({ code: z.string(), message: z.string() });

export const ExecutionStepSchema = z.object({
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
});
export type ExecutionStep = z.infer<typeof ExecutionStepSchema>;

const executionFields = {
  id: z.string(),
  workflow_id: z.string(),
  status: z.enum(EXECUTION_STATUSES),
  trigger_type: z.enum(TRIGGER_TYPES),
  trigger_data: z.record(z.string(), z.unknown()),
  mode: z.enum(["live", "test"]),
  queued_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  error: ExecutionErrorBodySchema.nullable(),
  rerun_of: z.string().nullable(),
};

export const ExecutionSummarySchema = z.object(executionFields);
export type ExecutionSummary = z.infer<typeof ExecutionSummarySchema>;
export const ExecutionSchema = z.object({ ...executionFields, steps: z.array(ExecutionStepSchema) });
export type Execution = z.infer<typeof ExecutionSchema>;

export const ExecutionListSchema = z.object({ executions: z.array(ExecutionSummarySchema), total: z.number().int(), page: z.number().int(), limit: z.number().int() });

export const ExecutionStartedSchema = z.object({ execution_id: z.string(), status: z.enum(EXECUTION_STATUSES), started_at: z.string() });
export type ExecutionStarted = z.infer<typeof ExecutionStartedSchema>;
