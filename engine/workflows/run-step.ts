import type { EngineConfig } from "../../core/config.js";
import { ActionSchema, type Action } from "../../core/contracts/actions/action-registry.js";
import type { AttemptEnd } from "../../core/contracts/step-attempts.js";
import type { ExecutionError, ExecutionErrorCode } from "../../core/contracts/workflows.js";
import { WORKFLOW_LIMITS } from "../../core/contracts/workflow-limits.js";
import type { Database } from "../../core/db/client.js";
import type { Logger } from "../../core/logger.js";
import type { OutboundResponse } from "../../core/outbound/send-outbound.js";
import type { ProducerQueues } from "../../core/queues.js";
import { ActionFailure, type ActionContext } from "./actions/action-context.js";
import { runAction, runPureAction } from "./actions/action-runners.js";
import { excerptResponse } from "./actions/attempt-response.js";
import { isDryRunOutput } from "./actions/dry-run.js";
import { claimStep, completeStep, releaseStepForRetry, type FinishedStep } from "./execution-queries.js";
import { retryDelayMs } from "./retry-backoff.js";
import { TemplateError, resolveTemplates, type TemplateScope } from "./templating.js";

export type StepOutcome =
  | { kind: "completed"; output: unknown }
  /** The attempt failed and another may help: run the step again after `delayMs`. */
  | { kind: "retry"; delayMs: number }
  /** The step failed for good; `attempt` ends its last attempt's history entry. */
  | { kind: "failed"; error: ExecutionError; attempt: AttemptEnd }
  | { kind: "cancelled" }
  /** Another worker finished or re-claimed the step: this one must stop without writing. */
  | { kind: "lost" };

export interface StepRun {
  action: Action;
  index: number;
  name: string;
  scope: TemplateScope;
  execution: { id: string; workflowId: string; userId: string; mode: "live" | "test" };
  /** Aborted by a cancel message for the execution. */
  cancelSignal: AbortSignal;
  /** When the execution's time runs out (ms since the epoch). */
  deadline: number;
  deps: { db: Database; queues: ProducerQueues; config: EngineConfig; logger: Logger };
}

/**
 * One attempt of one step with a side effect (any type but delay and the pure ones): resolve its
 * templates, claim its row (the attempt is counted, and its history entry opened, before any side
 * effect), run the action under the step's timeout, and record the result with the attempt's end
 * (core/contracts/step-attempts.ts). A retryable failure with attempts left puts the step
 * back to pending and says how long to wait; the runner sleeps the job meanwhile.
 */
export async function runStep(run: StepRun): Promise<StepOutcome> {
  const { action, index, execution, deps } = run;
  const resolved = resolveAction(action, run.scope);
  if (!resolved.ok) {
    const attempt = await claimFailedStep(run, action.config);
    return attempt === undefined ? { kind: "lost" } : { kind: "failed", error: resolved.error, attempt: failedBeforeRunning(resolved.error) };
  }
  const claimedAt = new Date();
  const attempt = await claimStep(deps.db, { executionId: execution.id, index, name: run.name, type: action.type, input: resolved.action.config, now: claimedAt });
  if (attempt === undefined) return { kind: "lost" };
  const maxAttempts = action.max_attempts ?? WORKFLOW_LIMITS.defaultStepAttempts;
  if (attempt > maxAttempts) {
    // Earlier attempts were cut short by engines that stopped mid-step.
    const error: ExecutionError = { code: "ACTION_FAILED", message: `The step did not finish in ${maxAttempts} attempts` };
    return { kind: "failed", error, attempt: failedBeforeRunning(error) };
  }

  let response: OutboundResponse | undefined;
  const outcome = await attemptAction(run, resolved.action, attempt, (answer) => {
    response = answer;
  });
  if (outcome.kind === "cancelled") return { kind: "cancelled" };
  const now = new Date();
  const end = attemptEnd(outcome, response, Math.max(0, now.getTime() - claimedAt.getTime()));
  if (outcome.kind === "succeeded") {
    const recorded = await completeStep(deps.db, { executionId: execution.id, index, attempt, output: outcome.output, end, now });
    return recorded ? { kind: "completed", output: outcome.output } : { kind: "lost" };
  }
  const { failure } = outcome;
  if (!failure.retryable || attempt >= maxAttempts) return { kind: "failed", error: failure.error, attempt: end };
  const released = await releaseStepForRetry(deps.db, { executionId: execution.id, index, attempt, error: failure.error, end });
  return released ? { kind: "retry", delayMs: retryDelayMs(attempt, failure.retryAfterMs) } : { kind: "lost" };
}

export type PureStepOutcome =
  /** Finished, not written: the runner holds it (see DeferredStart). */
  | { kind: "completed"; step: FinishedStep }
  /** Final (its inputs will not change); the runner records it on a claimed row like any other failure. */
  | { kind: "failed"; error: ExecutionError; input: unknown };

/**
 * A pure step, run in memory: it writes nothing, since repeating it after a crash has no effect
 * anywhere. Its runner is synchronous, so no timer or cancel could interrupt it: the runner checks
 * the deadline and cancels before each step, and the step simply runs.
 */
export function runPureStep(run: Pick<StepRun, "action" | "index" | "name" | "scope" | "execution" | "deps">): PureStepOutcome {
  const resolved = resolveAction(run.action, run.scope);
  if (!resolved.ok) return { kind: "failed", error: resolved.error, input: run.action.config };
  const input = resolved.action.config;
  const startedAt = new Date();
  try {
    const output = runPureAction(resolved.action);
    return { kind: "completed", step: { index: run.index, name: run.name, type: run.action.type, input, output, startedAt, finishedAt: new Date() } };
  } catch (error) {
    const logger = run.deps.logger.child({ executionId: run.execution.id, step: run.name });
    return { kind: "failed", error: failureOf(error, logger).error, input };
  }
}

/** Claims the row of a step that failed without a claim, so its failure has a row; undefined if another worker finished it. */
export function claimFailedStep(run: StepRun, input: unknown): Promise<number | undefined> {
  return claimStep(run.deps.db, { executionId: run.execution.id, index: run.index, name: run.name, type: run.action.type, input, now: new Date() });
}

type ResolvedAction = { ok: true; action: Action } | { ok: false; error: ExecutionError };

/** The action with every template in its config resolved, checked again against its schema. */
function resolveAction(action: Action, scope: TemplateScope): ResolvedAction {
  let config: unknown;
  try {
    config = resolveTemplates(action.config, scope);
  } catch (error) {
    if (error instanceof TemplateError) return { ok: false, error: { code: "TEMPLATE_ERROR", message: error.message } };
    throw error;
  }
  const parsed = ActionSchema.safeParse({ ...action, config });
  if (parsed.success) return { ok: true, action: parsed.data };
  const issue = parsed.error.issues[0];
  const field = issue ? issue.path.map(String).join(".") : "config";
  return { ok: false, error: { code: "TEMPLATE_ERROR", message: `After resolving templates, ${field} is invalid: ${issue?.message ?? "unreadable"}` } };
}

interface AttemptFailure {
  error: ExecutionError;
  retryable: boolean;
  retryAfterMs?: number;
}
type AttemptOutcome = { kind: "succeeded"; output: unknown } | { kind: "cancelled" } | { kind: "failed"; failure: AttemptFailure };

const TIMEOUT_CODES: ReadonlySet<string> = new Set<ExecutionErrorCode>(["STEP_TIMEOUT", "EXECUTION_TIMEOUT"]);

/** The end of an attempt that ran its action, for its history entry; `response` is the target's last answer, if it called one. */
function attemptEnd(outcome: Exclude<AttemptOutcome, { kind: "cancelled" }>, response: OutboundResponse | undefined, duration_ms: number): AttemptEnd {
  const answer = response ? { response: excerptResponse(response) } : {};
  if (outcome.kind === "succeeded") return { duration_ms, outcome: isDryRunOutput(outcome.output) ? "dry_run" : "succeeded", ...answer };
  const { error } = outcome.failure;
  return { duration_ms, outcome: TIMEOUT_CODES.has(error.code) ? "timed_out" : "failed", error, ...answer };
}

/** The end of an attempt that failed before its action ran (its templates, say). */
export function failedBeforeRunning(error: ExecutionError): AttemptEnd {
  return { duration_ms: 0, outcome: "failed", error };
}

class StepTimedOut extends Error {
  constructor(readonly byDeadline: boolean) {
    super("timed out");
  }
}

async function attemptAction(run: StepRun, action: Action, attempt: number, onResponse: ActionContext["onResponse"]): Promise<AttemptOutcome> {
  const { deps, execution, cancelSignal } = run;
  const stepTimeoutMs = (action.timeout_seconds ?? WORKFLOW_LIMITS.defaultStepTimeoutSeconds) * 1_000;
  const remainingMs = Math.max(0, run.deadline - Date.now());
  const byDeadline = remainingMs < stepTimeoutMs;
  const timeoutMs = Math.min(stepTimeoutMs, remainingMs);

  const controller = new AbortController();
  const onCancel = () => controller.abort(cancelSignal.reason);
  if (cancelSignal.aborted) return { kind: "cancelled" };
  cancelSignal.addEventListener("abort", onCancel, { once: true });
  const timer = setTimeout(() => controller.abort(new StepTimedOut(byDeadline)), timeoutMs);
  const logger = deps.logger.child({ executionId: execution.id, step: run.name, stepAttempt: attempt });
  try {
    const work = runAction(action, {
      executionId: execution.id,
      workflowId: execution.workflowId,
      userId: execution.userId,
      mode: execution.mode,
      stepName: run.name,
      stepIndex: run.index,
      attempt,
      signal: controller.signal,
      timeoutMs,
      db: deps.db,
      queues: deps.queues,
      config: deps.config,
      logger,
      onResponse,
    });
    // An action that ignores its signal must not hold the run: the abort wins the race, and
    // the action's late failure is dropped.
    work.catch(() => undefined);
    const { output } = await Promise.race([work, rejectOnAbort(controller.signal)]);
    return { kind: "succeeded", output };
  } catch (error) {
    if (cancelSignal.aborted) return { kind: "cancelled" };
    const reason: unknown = controller.signal.aborted ? controller.signal.reason : undefined;
    if (reason instanceof StepTimedOut) {
      return reason.byDeadline
        ? { kind: "failed", failure: { error: { code: "EXECUTION_TIMEOUT", message: "The execution ran out of time during this step" }, retryable: false } }
        : { kind: "failed", failure: { error: { code: "STEP_TIMEOUT", message: `The step did not finish within ${timeoutMs / 1_000} s` }, retryable: true } };
    }
    return { kind: "failed", failure: failureOf(error, logger) };
  } finally {
    clearTimeout(timer);
    cancelSignal.removeEventListener("abort", onCancel);
  }
}

/** What an action threw, as its attempt's failure: an ActionFailure as it says, anything else logged and generic. */
function failureOf(error: unknown, logger: Logger): AttemptFailure {
  if (error instanceof ActionFailure) {
    return { error: { code: error.code, message: error.message }, retryable: error.retryable, ...(error.retryAfterMs === undefined ? {} : { retryAfterMs: error.retryAfterMs }) };
  }
  // Not an outcome the action reported: log the cause, show the user a generic message.
  logger.error({ err: error }, "workflow action failed unexpectedly");
  return { error: { code: "ACTION_FAILED", message: "The action failed unexpectedly" }, retryable: true };
}

function rejectOnAbort(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    if (signal.aborted) reject(signal.reason as Error);
    signal.addEventListener("abort", () => reject(signal.reason as Error), { once: true });
  });
}
