import { DelayedError, type Job } from "bullmq";
import { z } from "zod";
import type { Action } from "../../core/contracts/actions/action-registry.js";
import type { JobPayload } from "../../core/jobs.js";
import type { EngineContext } from "../worker-definition.js";
import { deferStart } from "./deferred-start.js";
import { findRunnableExecution, findSteps, isCancelRequested, claimStep, completeStep, type RunnableExecution, type StepRow } from "./execution-queries.js";
import type { ExecutionSlot } from "./execution-slots.js";
import { finishExecution, type EndingExecution, type StepNames } from "./finish-execution.js";
import { slotWaitMs } from "./retry-backoff.js";
import { isPure } from "./actions/action-runners.js";
import { claimFailedStep, failedBeforeRunning, runPureStep, runStep, type StepRun } from "./run-step.js";
import type { TemplateScope } from "./templating.js";
import { parseStoredActions, storedStepNames } from "./workflow-definition.js";

/**
 * The "workflow-run" processor (DESIGN.md section 6). One job per execution (job id = execution
 * id) runs its steps in order from the first not completed; completed steps are never repeated,
 * their outputs feed later templates. Waiting never holds a worker: delay steps, retry backoff
 * and a full concurrency limit move the job to the delayed set and end this pass; the job comes
 * back later and carries on. A worker that dies mid-run loses its job lock, and BullMQ's stalled
 * check hands the job to another worker, which resumes the same way.
 *
 * The execution timeout counts wall time since the execution started, not counting time asleep
 * in delay steps (a workflow may legitimately sleep for days); backoff waits do count.
 */

export type RunResult = { outcome: "completed" | "failed" | "cancelled" | "not-runnable" | "superseded" };

const DelayOutputSchema = z.object({ resume_at: z.iso.datetime() });
const ConditionOutputSchema = z.object({ matched: z.boolean() });

export async function processWorkflowRun(payload: JobPayload<"workflow-run">, job: Job, context: EngineContext): Promise<RunResult> {
  const tracked = context.workflowRuns.track(payload.execution_id);
  try {
    return await runExecution(payload.execution_id, job, context, tracked.signal);
  } catch (error) {
    if (error instanceof DelayedError) throw error;
    // An unexpected failure (the database away, say) is retried by BullMQ; after the last
    // attempt the execution is failed rather than left running forever.
    if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) {
      context.logger.error({ err: error, executionId: payload.execution_id }, "workflow run failed on its last attempt");
      const steps = await findRunnableExecution(context.db, payload.execution_id).then((row) => storedStepNames(row?.actions), () => []);
      const end = { outcome: "failed", executionId: payload.execution_id, error: { code: "ACTION_FAILED", message: "The execution stopped after an internal error" } } as const;
      await finishExecution(context, end, steps, new Date()).catch(
        (finishError: unknown) => context.logger.error({ err: finishError }, "could not record the failed execution"),
      );
    }
    throw error;
  } finally {
    tracked.untrack();
  }
}

async function runExecution(executionId: string, job: Job, context: EngineContext, cancelSignal: AbortSignal): Promise<RunResult> {
  const execution = await findRunnableExecution(context.db, executionId);
  if (!execution || !["queued", "running"].includes(execution.status)) return { outcome: "not-runnable" };
  if (execution.cancel_requested_at) {
    await finishExecution(context, { outcome: "cancelled", executionId }, storedStepNames(execution.actions), new Date());
    return { outcome: "cancelled" };
  }
  const slot = await context.workflowRuns.slots.acquire(execution.user_id, executionId, execution.max_concurrent_executions);
  if (!slot) return sleep(job, Date.now() + slotWaitMs());
  try {
    return await runSteps(execution, job, context, cancelSignal, slot);
  } finally {
    await slot.release().catch((error: unknown) => context.logger.warn({ err: error }, "could not release an execution slot"));
  }
}

async function runSteps(execution: RunnableExecution, job: Job, context: EngineContext, cancelSignal: AbortSignal, slot: ExecutionSlot): Promise<RunResult> {
  const executionId = execution.id;
  const start = deferStart(context.db, { id: executionId, startedAt: execution.started_at });
  const definition = parseStoredActions(execution.actions);
  if (!definition.ok) {
    await finishExecution(context, { outcome: "failed", executionId, error: definition.error }, [], new Date());
    return { outcome: "failed" };
  }
  const { actions, steps } = definition;
  const { startedAt } = start;
  const mode = execution.mode === "test" ? "test" : "live";
  const ending: EndingExecution = { id: executionId, workflowId: execution.workflow_id, userId: execution.user_id, mode, startedAt };
  /** Before any write but the completing one: the execution marked running, the pure steps so far written. */
  const flush = async (): Promise<RunResult | undefined> => {
    const stopped = await start.flush();
    return stopped ? { outcome: stopped } : undefined;
  };

  // A queued execution has never run a step: only a resumed one has rows to read.
  const rows = new Map(execution.status === "queued" ? [] : (await findSteps(context.db, executionId)).map((row) => [row.step_index, row]));
  const scope: TemplateScope = { trigger: { data: execution.trigger_data }, steps: {} };
  let sleptMs = [...rows.values()].reduce((total, row) => total + timeAsleep(row), 0);
  const deadline = () => startedAt.getTime() + context.config.WORKFLOW_EXECUTION_TIMEOUT_MS + sleptMs;

  // The row was read just before this pass began; the cancel message covers the moments since.
  let cancelCheckedWithRow = true;
  for (const [index, action] of actions.entries()) {
    const name = steps[index]?.name ?? String(index);
    const row = rows.get(index);
    if (row?.status === "completed") {
      scope.steps[name] = { output: row.output };
      if (stopsHere(action, row.output)) return (await flush()) ?? finishStoppedEarly(context, ending, steps);
      continue;
    }
    // The signal is read after the query, so a cancel message that came meanwhile stops the step too.
    const cancelRequested = (!cancelCheckedWithRow && (await isCancelRequested(context.db, executionId))) || cancelSignal.aborted;
    cancelCheckedWithRow = false;
    if (cancelRequested) return (await flush()) ?? finishCancelled(context, executionId, steps);
    // A delay step waking up has been asleep, which is not counted: its end is checked by the next step.
    const wakingUp = action.type === "delay" && row?.status === "running";
    if (!wakingUp && Date.now() >= deadline()) {
      const stopped = await flush();
      if (stopped) return stopped;
      await finishExecution(context, { outcome: "failed", executionId, error: { code: "EXECUTION_TIMEOUT", message: "The execution ran out of time" } }, steps, new Date());
      return { outcome: "failed" };
    }

    const stepRun: StepRun = {
      action,
      index,
      name,
      scope,
      execution: { id: executionId, workflowId: execution.workflow_id, userId: execution.user_id, mode },
      cancelSignal,
      deadline: deadline(),
      deps: context,
    };
    if (isPure(action)) {
      const pureStarted = performance.now();
      const computed = runPureStep(stepRun);
      context.metrics.stepFinished(action.type, computed.kind, pureStarted);
      if (computed.kind === "completed") {
        start.hold(computed.step);
        scope.steps[name] = { output: computed.step.output };
        if (stopsHere(action, computed.step.output)) return (await flush()) ?? finishStoppedEarly(context, ending, steps);
        continue;
      }
      const stopped = await flush();
      if (stopped) return stopped;
      if ((await claimFailedStep(stepRun, computed.input)) === undefined) return { outcome: "superseded" };
      const failedStep = { index, attempt: failedBeforeRunning(computed.error) };
      await finishExecution(context, { outcome: "failed", executionId, error: computed.error, failedStep }, steps, new Date());
      return { outcome: "failed" };
    }

    const stopped = await flush();
    if (stopped) return stopped;
    if (action.type === "delay") {
      const woke = await runDelayStep(context, job, slot, { executionId, index, name, action, row });
      if (woke.superseded) return { outcome: "superseded" };
      sleptMs += woke.sleptMs;
      scope.steps[name] = { output: woke.output };
      continue;
    }

    const stepStarted = performance.now();
    const outcome = await runStep(stepRun);
    context.metrics.stepFinished(action.type, outcome.kind, stepStarted);
    switch (outcome.kind) {
      case "completed":
        scope.steps[name] = { output: outcome.output };
        if (stopsHere(action, outcome.output)) return finishStoppedEarly(context, ending, steps);
        break;
      case "retry":
        await slot.release();
        return sleep(job, Date.now() + outcome.delayMs);
      case "failed":
        await finishExecution(context, { outcome: "failed", executionId, error: outcome.error, failedStep: { index, attempt: outcome.attempt } }, steps, new Date());
        return { outcome: "failed" };
      case "cancelled":
        return finishCancelled(context, executionId, steps);
      case "lost":
        return { outcome: "superseded" };
    }
  }
  await finishExecution(context, { outcome: "completed", execution: ending, stoppedEarly: false, finishedSteps: start.finishedSteps }, steps, new Date());
  return { outcome: "completed" };
}

interface DelayStep {
  executionId: string;
  index: number;
  name: string;
  action: Extract<Action, { type: "delay" }>;
  row: StepRow | undefined;
}

/**
 * A delay step: the first pass claims the step with its wake-up time as output, gives the
 * concurrency slot back and sleeps the job until then; the pass that wakes up completes it.
 */
async function runDelayStep(context: EngineContext, job: Job, slot: ExecutionSlot, step: DelayStep): Promise<{ superseded: true } | { superseded: false; output: unknown; sleptMs: number }> {
  const { executionId, index, name, action, row } = step;
  const planned = row?.status === "running" ? DelayOutputSchema.safeParse(row.output) : undefined;
  if (!planned?.success) {
    const now = new Date();
    const output = { resume_at: new Date(now.getTime() + action.config.seconds * 1_000).toISOString() };
    const attempt = await claimStep(context.db, { executionId, index, name, type: action.type, input: action.config, output, now });
    if (attempt === undefined) return { superseded: true };
    await slot.release();
    return sleep(job, Date.parse(output.resume_at));
  }
  const resumeAt = Date.parse(planned.data.resume_at);
  if (Date.now() < resumeAt) {
    // Woken early (a worker that stopped, or a promoted job): sleep the rest.
    await slot.release();
    return sleep(job, resumeAt);
  }
  const now = new Date();
  const sleptMs = now.getTime() - (row?.started_at ? new Date(row.started_at).getTime() : now.getTime());
  const end = { duration_ms: sleptMs, outcome: "succeeded" } as const;
  const completed = await completeStep(context.db, { executionId, index, attempt: row?.attempts ?? 1, end, output: planned.data, now });
  if (!completed) return { superseded: true };
  return { superseded: false, output: planned.data, sleptMs };
}

/** Time a finished delay step spent asleep (it does not count against the execution timeout). */
function timeAsleep(row: StepRow): number {
  if (row.type !== "delay" || row.status !== "completed" || !row.started_at || !row.finished_at) return 0;
  return Math.max(0, new Date(row.finished_at).getTime() - new Date(row.started_at).getTime());
}

/** A condition that did not match ends the run: the remaining steps are skipped. */
function stopsHere(action: Action, output: unknown): boolean {
  if (action.type !== "condition") return false;
  const parsed = ConditionOutputSchema.safeParse(output);
  return parsed.success && !parsed.data.matched;
}

/** Moves the job to the delayed set until `timestamp` and ends this pass without holding a worker. */
async function sleep(job: Job, timestamp: number): Promise<never> {
  await job.moveToDelayed(timestamp, job.token);
  throw new DelayedError();
}

async function finishStoppedEarly(context: EngineContext, execution: EndingExecution, steps: StepNames): Promise<RunResult> {
  await finishExecution(context, { outcome: "completed", execution, stoppedEarly: true, finishedSteps: [] }, steps, new Date());
  return { outcome: "completed" };
}

async function finishCancelled(context: EngineContext, executionId: string, steps: StepNames): Promise<RunResult> {
  await finishExecution(context, { outcome: "cancelled", executionId }, steps, new Date());
  return { outcome: "cancelled" };
}
