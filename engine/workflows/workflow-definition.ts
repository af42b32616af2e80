import type { Action } from "../../core/contracts/actions/action-registry.js";
import { ActionsSchema, stepNamesOf, type ExecutionError } from "../../core/contracts/workflows.js";
import type { StepNames } from "./finish-execution.js";

export type StoredActions = { ok: true; actions: Action[]; steps: StepNames } | { ok: false; error: ExecutionError };

/**
 * Parses a workflow's stored actions with the schema the API saved them with, and names their
 * steps (by position: each step's name and type). Actions that no longer parse (edited by hand,
 * or saved by an older version) fail the execution with INVALID_DEFINITION instead of running
 * half-understood steps. The trigger is not read: it has fired, and a run needs only its steps.
 */
export function parseStoredActions(stored: unknown): StoredActions {
  const parsed = ActionsSchema.safeParse(stored);
  if (parsed.success) return { ok: true, actions: parsed.data, steps: stepNamesOf(parsed.data) };
  const issue = parsed.error.issues[0];
  const where = `actions${issue?.path.length ? `.${issue.path.map(String).join(".")}` : ""}`;
  return { ok: false, error: { code: "INVALID_DEFINITION", message: `The workflow's stored definition is invalid at ${where}: ${issue?.message ?? "unreadable"}` } };
}

/** Step names of stored actions, or none when they do not parse (no rows are added then). */
export function storedStepNames(stored: unknown): StepNames {
  const parsed = parseStoredActions(stored);
  return parsed.ok ? parsed.steps : [];
}
