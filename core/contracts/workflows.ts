import { z } from "zod";

/**
 * A workflow's definition (DESIGN.md section 6): one trigger and an ordered list of actions.
 * The gateway validates definitions with these schemas when they are saved; the engine parses
 * the stored JSON with them again before running, so both sides agree on every field.
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
export const ACTION_TYPES = ["http_request", "send_email", "chat_message", "delay", "condition", "transform"] as const;
export const CHAT_PROVIDERS = ["slack", "discord", "teams", "generic"] as const;
export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export const CONDITION_OPERATORS = [
  "equals",
  "not_equals",
  "contains",
  "not_contains",
  "greater_than",
  "less_than",
  "exists",
  "not_exists",
] as const;

export type WorkflowStatus = (typeof WORKFLOW_STATUSES)[number];
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];
export type StepStatus = (typeof STEP_STATUSES)[number];
export type TriggerType = (typeof TRIGGER_TYPES)[number];
export type ActionType = (typeof ACTION_TYPES)[number];

/** Limits of one definition; generous for real use, small enough to bound a run. */
export const WORKFLOW_LIMITS = {
  nameMaxLength: 200,
  descriptionMaxLength: 2_000,
  maxActions: 50,
  /** Longest single delay step: 7 days. */
  maxDelaySeconds: 7 * 24 * 3_600,
  /** Per-step timeout bounds (seconds); the default applies when a step sets none. */
  maxStepTimeoutSeconds: 120,
  defaultStepTimeoutSeconds: 30,
  /** Attempts of a step before the execution fails (1 = no retry). */
  maxStepAttempts: 10,
  defaultStepAttempts: 3,
} as const;

/** A required string; missing or blank gives "<Field> is required" (the spec's "Name is required"). */
const nonEmpty = (field: string, max = 10_000) => z.string({ error: `${field} is required` }).trim().min(1, `${field} is required`).max(max, `${field} is too long`);

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
      cron: nonEmpty("cron", 200),
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

/** Settings every action may carry. */
const stepSettings = {
  /** Referenced by later steps as `{{steps.<name>.output...}}`; defaults to `<type>_<position>`. */
  name: z
    .string()
    .regex(/^[A-Za-z][\w-]{0,63}$/, "name must start with a letter and hold only letters, digits, _ and - (at most 64)")
    .optional(),
  timeout_seconds: z.number().int().min(1).max(WORKFLOW_LIMITS.maxStepTimeoutSeconds).optional(),
  max_attempts: z.number().int().min(1).max(WORKFLOW_LIMITS.maxStepAttempts).optional(),
};

const headerName = z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, "invalid header name");

export const HttpRequestActionSchema = z.object({
  type: z.literal("http_request"),
  ...stepSettings,
  config: z
    .object({
      url: nonEmpty("url", 2_048),
      method: z.enum(HTTP_METHODS).default("POST"),
      headers: z.record(headerName, z.string().max(8_192)).default({}),
      /** Sent as JSON (templates resolved inside strings); omitted for GET. */
      body: z.unknown().optional(),
    })
    .strict(),
}).meta({ id: "HttpRequestAction" });
export const SendEmailActionSchema = z.object({
  type: z.literal("send_email"),
  ...stepSettings,
  config: z
    .object({
      to: nonEmpty("to", 320),
      subject: nonEmpty("subject", 500),
      text: nonEmpty("text", 100_000),
    })
    .strict(),
}).meta({ id: "SendEmailAction" });
export const ChatMessageActionSchema = z.object({
  type: z.literal("chat_message"),
  ...stepSettings,
  config: z
    .object({
      provider: z.enum(CHAT_PROVIDERS),
      /** The provider's incoming-webhook URL. */
      webhook_url: nonEmpty("webhook_url", 2_048),
      text: nonEmpty("text", 40_000),
    })
    .strict(),
}).meta({ id: "ChatMessageAction" });
export const DelayActionSchema = z.object({
  type: z.literal("delay"),
  ...stepSettings,
  config: z.object({ seconds: z.number().int().min(1).max(WORKFLOW_LIMITS.maxDelaySeconds) }).strict(),
}).meta({ id: "DelayAction" });
export const ConditionActionSchema = z.object({
  type: z.literal("condition"),
  ...stepSettings,
  config: z
    .object({
      /** Usually a template, e.g. "{{trigger.data.amount}}". */
      left: z.unknown(),
      operator: z.enum(CONDITION_OPERATORS),
      right: z.unknown().optional(),
    })
    .strict(),
}).meta({ id: "ConditionAction" });
export const TransformActionSchema = z.object({
  type: z.literal("transform"),
  ...stepSettings,
  config: z
    .object({
      /** The step's output: this object with every template resolved. */
      output: z.record(z.string(), z.unknown()),
    })
    .strict(),
}).meta({ id: "TransformAction" });

export const ActionSchema = z.discriminatedUnion(
  "type",
  [HttpRequestActionSchema, SendEmailActionSchema, ChatMessageActionSchema, DelayActionSchema, ConditionActionSchema, TransformActionSchema],
  { error: `action type must be one of: ${ACTION_TYPES.join(", ")}` },
).meta({ id: "Action" });
export type Action = z.infer<typeof ActionSchema>;

export const ActionsSchema = z
  .array(ActionSchema, { error: "actions is required" })
  .min(1, "At least one action is required")
  .max(WORKFLOW_LIMITS.maxActions, `At most ${WORKFLOW_LIMITS.maxActions} actions`)
  .superRefine((actions, context) => {
    const seen = new Set<string>();
    actions.forEach((action, index) => {
      const name = stepName(action, index);
      if (seen.has(name)) context.addIssue({ code: "custom", path: [index, "name"], message: `Duplicate step name "${name}"` });
      seen.add(name);
    });
  });

/** The name a step is referenced by: its own, or `<type>_<position>` (1-based). */
export function stepName(action: Pick<Action, "type" | "name">, index: number): string {
  return action.name ?? `${action.type}_${index + 1}`;
}

export const CreateWorkflowRequestSchema = z.object({
  name: nonEmpty("Name", WORKFLOW_LIMITS.nameMaxLength),
  description: z.string().max(WORKFLOW_LIMITS.descriptionMaxLength).nullable().optional(),
  status: z.enum(WORKFLOW_STATUSES).default("active"),
  trigger: TriggerSchema,
  actions: ActionsSchema,
});
export type CreateWorkflowRequest = z.infer<typeof CreateWorkflowRequestSchema>;

/** PUT replaces the fields it names; at least one. */
export const UpdateWorkflowRequestSchema = z
  .object({
    name: nonEmpty("Name", WORKFLOW_LIMITS.nameMaxLength),
    description: z.string().max(WORKFLOW_LIMITS.descriptionMaxLength).nullable(),
    status: z.enum(WORKFLOW_STATUSES),
    trigger: TriggerSchema,
    actions: ActionsSchema,
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, "Give at least one field to update");
export type UpdateWorkflowRequest = z.infer<typeof UpdateWorkflowRequestSchema>;

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
