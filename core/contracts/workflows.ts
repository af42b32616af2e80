import { z } from "zod";
import { ActionSchema, type Action } from "./actions/action-registry.js";
import { requiredText } from "./required-text.js";
import { stepTemplateProblems } from "./templates.js";
import { WORKFLOW_LIMITS } from "./workflow-limits.js";

/**
 * A workflow's definition (DESIGN.md section 6): one trigger and an ordered list of actions
 * (each type a module in core/contracts/actions/, listed in action-registry.ts).
 * The gateway validates definitions with these schemas when they are saved; the engine parses
 * the stored actions with them again before running, so both sides agree on every step.
 *
 * String values inside action configs may hold templates: `{{trigger.data.x}}` or
 * `{{steps.<name>.output.y}}` (paths only; nothing is evaluated).
 *
 * `.meta({ id })` names a schema as a component of openapi.yaml instead of repeating it inline.
 */

export const WORKFLOW_STATUSES = ["active", "draft"] as const;
export const EXECUTION_STATUSES = ["queued", "running", "completed", "failed", "cancelled"] as const;
export const STEP_STATUSES = ["pending", "running", "completed", "failed", "skipped", "cancelled"] as const;
export const TRIGGER_TYPES = ["webhook", "schedule", "manual"] as const;

export type WorkflowStatus = (typeof WORKFLOW_STATUSES)[number];
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];
export type StepStatus = (typeof STEP_STATUSES)[number];
export type TriggerType = (typeof TRIGGER_TYPES)[number];

export const WebhookTriggerSchema = z.object({
  type: z.literal("webhook"),
  config: z.object({}).strict().default({}),
}).meta({ id: "WebhookTrigger" });
export const ScheduleTriggerSchema = z.object({
  type: z.literal("schedule"),
  config: z
    .object({
      /**
       * Five-field cron (minute hour day-of-month month day-of-week), e.g. "0 9 * * 1-5", or six
       * fields with seconds first ("0,30 * * * * *"); checked with describeCronProblem (core/workflows/schedules.ts).
       */
      cron: requiredText("cron", 200),
      /** IANA time zone the cron is read in. */
      timezone: z.string().trim().min(1).max(100).default("UTC"),
    })
    .strict(),
}).meta({ id: "ScheduleTrigger" });
export const ManualTriggerSchema = z.object({
  type: z.literal("manual"),
  config: z.object({}).strict().default({}),
}).meta({ id: "ManualTrigger" });
export const TriggerSchema = z.discriminatedUnion("type", [WebhookTriggerSchema, ScheduleTriggerSchema, ManualTriggerSchema], {
  error: `trigger.type must be one of: ${TRIGGER_TYPES.join(", ")}`,
}).meta({ id: "Trigger" });
export type Trigger = z.infer<typeof TriggerSchema>;

export const ActionsSchema = z
  .array(ActionSchema, { error: "actions is required" })
  .min(1, "At least one action is required")
  .max(WORKFLOW_LIMITS.maxActions, `At most ${WORKFLOW_LIMITS.maxActions} actions`)
  .superRefine((actions, context) => {
    const seen = new Set<string>();
    stepNamesOf(actions).forEach(({ name }, index) => {
      if (seen.has(name)) context.addIssue({ code: "custom", path: [index, "name"], message: `Duplicate step name "${name}"` });
      seen.add(name);
    });
  });

/** Each step's type and the name it is referenced by (its own, or `<type>_<position>`, 1-based), by position. */
export function stepNamesOf(actions: ReadonlyArray<Pick<Action, "type" | "name">>): Array<{ name: string; type: Action["type"] }> {
  return actions.map((action, index) => ({ name: action.name ?? `${action.type}_${index + 1}`, type: action.type }));
}

/**
 * Actions as the API saves them: ActionsSchema, and every template in their configs a
 * reference that can resolve (core/contracts/templates.ts): `trigger.data…` or
 * `steps.<an earlier step>.output…`. Stored workflows are read with ActionsSchema alone, so one
 * saved before this check still loads and runs (a bad reference fails its step, as before).
 */
export const SavedActionsSchema = ActionsSchema.superRefine((actions, context) => {
  const allSteps = new Set(stepNamesOf(actions).map((step) => step.name));
  const earlierSteps = new Set<string>();
  stepNamesOf(actions).forEach(({ name }, index) => {
    for (const problem of stepTemplateProblems(actions[index]?.config, earlierSteps, allSteps)) {
      context.addIssue({ code: "custom", path: [index, "config", ...problem.path], message: problem.message });
    }
    earlierSteps.add(name);
  });
});

export const CreateWorkflowRequestSchema = z.object({
  name: requiredText("Name", WORKFLOW_LIMITS.nameMaxLength),
  description: z.string().max(WORKFLOW_LIMITS.descriptionMaxLength).nullable().optional(),
  status: z.enum(WORKFLOW_STATUSES).default("active"),
  trigger: TriggerSchema,
  actions: SavedActionsSchema,
});
export type CreateWorkflowRequest = z.infer<typeof CreateWorkflowRequestSchema>;

/** PUT replaces the fields it names; at least one. */
export const UpdateWorkflowRequestSchema = z
  .object({
    name: requiredText("Name", WORKFLOW_LIMITS.nameMaxLength),
    description: z.string().max(WORKFLOW_LIMITS.descriptionMaxLength).nullable(),
    status: z.enum(WORKFLOW_STATUSES),
    trigger: TriggerSchema,
    actions: SavedActionsSchema,
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, "Give at least one field to update");
export type UpdateWorkflowRequest = z.infer<typeof UpdateWorkflowRequestSchema>;

/**
 * PATCH changes the fields given (at least one), like PUT, except that `trigger` merges into the
 * stored trigger: `config` keys given replace the stored ones, and a new `type` starts from an
 * empty config. The merged trigger must be a whole valid one (TriggerSchema).
 */
export const PatchWorkflowRequestSchema = z
  .object({
    name: requiredText("Name", WORKFLOW_LIMITS.nameMaxLength),
    description: z.string().max(WORKFLOW_LIMITS.descriptionMaxLength).nullable(),
    status: z.enum(WORKFLOW_STATUSES),
    trigger: z
      .object({
        type: z.enum(TRIGGER_TYPES, { error: `trigger.type must be one of: ${TRIGGER_TYPES.join(", ")}` }).optional(),
        config: z.record(z.string(), z.unknown()).optional(),
      })
      .strict()
      .meta({ id: "TriggerPatch", description: "Merged into the stored trigger: config keys given replace the stored ones; a new type starts from an empty config." }),
    actions: SavedActionsSchema,
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, "Give at least one field to update");
export type PatchWorkflowRequest = z.infer<typeof PatchWorkflowRequestSchema>;

/** Error codes an execution or a step ends with (`error: {code, message}`). */
export const EXECUTION_ERROR_CODES = [
  "ACTION_FAILED",
  "TEMPLATE_ERROR",
  "STEP_TIMEOUT",
  "EXECUTION_TIMEOUT",
  "BLOCKED_DESTINATION",
  "INVALID_DEFINITION",
] as const;
export type ExecutionErrorCode = (typeof EXECUTION_ERROR_CODES)[number];
export const ExecutionErrorSchema = z.object({ code: z.enum(EXECUTION_ERROR_CODES), message: z.string() });
export type ExecutionError = z.infer<typeof ExecutionErrorSchema>;
