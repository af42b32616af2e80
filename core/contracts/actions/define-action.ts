import { z } from "zod";
import { WORKFLOW_LIMITS } from "../workflow-limits.js";

/** Settings every action may carry, beside its type and config. */
const stepSettings = {
  /** Referenced by later steps as `{{steps.<name>.output...}}`; defaults to `<type>_<position>`. */
  name: z
    .string()
    .regex(/^[A-Za-z][\w-]{0,63}$/, "name must start with a letter and hold only letters, digits, _ and - (at most 64)")
    .optional(),
  timeout_seconds: z.number().int().min(1).max(WORKFLOW_LIMITS.maxStepTimeoutSeconds).optional(),
  max_attempts: z.number().int().min(1).max(WORKFLOW_LIMITS.maxStepAttempts).optional(),
};

interface ActionDescription<T extends string, C extends z.ZodObject> {
  type: T;
  /** The component's name in openapi.yaml. */
  component: string;
  /** One sentence for the API reference and the portal's docs. */
  description: string;
  config: C;
  /** A config that parses with `config`; shown in openapi.yaml and checked by action-registry.test.ts. */
  example: z.input<C>;
}

/**
 * One action type of a workflow (DESIGN.md section 6): its config schema, what it does and an
 * example, and the schema of a whole action of that type (`{type, name?, timeout_seconds?,
 * max_attempts?, config}`). The engine's runner for it is in engine/workflows/actions/.
 */
export function defineAction<const T extends string, C extends z.ZodObject>(action: ActionDescription<T, C>) {
  const schema = z
    .object({ type: z.literal(action.type), ...stepSettings, config: action.config })
    .meta({ id: action.component, description: action.description, example: { type: action.type, config: action.example } });
  return { ...action, schema };
}
