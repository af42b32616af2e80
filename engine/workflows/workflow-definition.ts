import type { Action } from "../../core/contracts/actions/action-registry.js";
import { ActionsSchema, TriggerSchema, stepName, type ExecutionError, type Trigger } from "../../core/contracts/workflows.js";
import type { StepNames } from "./finish-execution.js";

export type ParsedDefinition = { ok: true; trigger: Trigger; actions: Action[] } | { ok: false; error: ExecutionError };

/**
 * Parses a stored definition with the schemas the API saved it with. A definition that no longer
 * parses (edited by hand, or saved by an older version) fails the execution with
 * INVALID_DEFINITION instead of running half-understood steps.
 */
export function parseStoredDefinition(stored: { trigger: unknown; actions: unknown }): ParsedDefinition {
  const trigger = TriggerSchema.safeParse(stored.trigger);
  const actions = ActionsSchema.safeParse(stored.actions);
  if (trigger.success && actions.success) return { ok: true, trigger: trigger.data, actions: actions.data };
  const issue = (trigger.success ? undefined : trigger.error.issues[0]) ?? (actions.success ? undefined : actions.error.issues[0]);
  const where = issue ? `${trigger.success ? "actions" : "trigger"}${issue.path.length ? `.${issue.path.map(String).join(".")}` : ""}` : "definition";
  return { ok: false, error: { code: "INVALID_DEFINITION", message: `The workflow's stored definition is invalid at ${where}: ${issue?.message ?? "unreadable"}` } };
}

/** Each step's name and type by position. */
export function stepNamesOf(actions: readonly Action[]): StepNames {
  return actions.map((action, index) => ({ name: stepName(action, index), type: action.type }));
}

/** Step names of a stored definition, or none when it does not parse (no rows are added then). */
export function storedStepNames(actions: unknown): StepNames {
  const parsed = ActionsSchema.safeParse(actions);
  return parsed.success ? stepNamesOf(parsed.data) : [];
}
