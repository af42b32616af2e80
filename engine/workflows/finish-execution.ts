import type { Transaction } from "kysely";
import type { AttemptEnd } from "../../core/contracts/step-attempts.js";
import type { ExecutionError } from "../../core/contracts/workflows.js";
import type { Database } from "../../core/db/client.js";
import type { DB } from "../../core/db/types.js";
import type { ProducerQueues } from "../../core/queues.js";
import { cancelledEvent } from "../../core/workflows/cancellation.js";
import type { ClaimedDelivery } from "../../core/webhooks/claimed-attempt.js";
import { claimedDeliveries, enqueueDeliveries, newWebhookEventBody, recordWebhookEvent, withRoomForEveryEndpoint, type NewWebhookEvent } from "../../core/webhooks/events.js";
import type { EngineMetrics } from "../metrics/engine-metrics.js";
import type { FirstAttempts } from "../webhooks/first-attempts.js";
import { completeExecutions, type Completions, type GroupedCompletion, type GroupedCompletionResult } from "./grouped-completions.js";
import { closeRemainingSteps, countCompletedSteps, endExecution, type FinishedStep, type StepEnd } from "./execution-queries.js";

/**
 * The one way an execution ends: finishExecution. Each end is atomic (one statement, or one
 * transaction): the final status, the steps closed (one row per step afterwards) and the
 * webhook event (workflow.completed, failed or cancelled); its deliveries are enqueued after commit.
 * The event goes to the account's endpoints of the execution's mode. It returns false when the
 * execution had already ended (another engine, or a cancel, got there first): nothing is
 * written then.
 */

export interface FinishDeps {
  db: Database;
  queues: ProducerQueues;
  firstAttempts: FirstAttempts;
  completions: Completions;
  /** Counts each end (outcome, mode, duration); absent where nothing is counted. */
  metrics?: Pick<EngineMetrics, "executionFinished">;
}

/** What an end wrote: the execution's mode and when it started (null if it never did). */
interface Ended {
  mode: string;
  startedAt: Date | null;
}

/** Steps by position, for the skipped rows of steps never reached. */
export type StepNames = ReadonlyArray<{ name: string; type: string }>;

/** What the runner knows of the execution it ends, enough to describe it in its event. */
export interface EndingExecution {
  id: string;
  workflowId: string;
  userId: string;
  mode: "live" | "test";
  startedAt: Date;
}

/** How an execution ends, and what ending it needs. */
export type ExecutionEnd =
  | {
      outcome: "completed";
      execution: EndingExecution;
      /** A condition stopped the run: the later steps are closed as skipped (everything before was written). */
      stoppedEarly: boolean;
      /** Pure steps of this pass not yet written (see DeferredStart); none when stopped early. */
      finishedSteps: readonly FinishedStep[];
    }
  | { outcome: "failed"; executionId: string; error: ExecutionError; failedStep?: FailedStep }
  | Cancellation;

/** The step an execution failed at, and the end of that step's last attempt. */
export interface FailedStep {
  index: number;
  attempt: AttemptEnd;
}

/** A cancelled execution: the step it was in is cancelled, the rest skipped, and workflow.cancelled recorded. */
interface Cancellation {
  outcome: "cancelled";
  executionId: string;
}

/** Ends the execution (`steps` are the workflow's: those never reached get a skipped row). */
export async function finishExecution(deps: Pick<FinishDeps, "db" | "queues" | "metrics">, end: Cancellation, steps: StepNames, now: Date): Promise<boolean>;
export async function finishExecution(deps: FinishDeps, end: ExecutionEnd, steps: StepNames, now: Date): Promise<boolean>;
export async function finishExecution(given: Pick<FinishDeps, "db" | "queues" | "metrics">, end: ExecutionEnd, steps: StepNames, now: Date): Promise<boolean> {
  const ended = await writeEnd(given, end, steps, now);
  if (!ended) return false;
  const durationSeconds = ended.startedAt ? Math.max(0, now.getTime() - ended.startedAt.getTime()) / 1_000 : undefined;
  given.metrics?.executionFinished(end.outcome, ended.mode === "test" ? "test" : "live", durationSeconds);
  return true;
}

async function writeEnd(given: Pick<FinishDeps, "db" | "queues">, end: ExecutionEnd, steps: StepNames, now: Date): Promise<Ended | undefined> {
  if (end.outcome === "cancelled") return cancelExecution(given, end.executionId, steps, now);
  // The overloads give every end but a cancellation all of FinishDeps.
  const deps = given as FinishDeps;
  switch (end.outcome) {
    case "completed":
      return end.stoppedEarly ? completeStoppedExecution(deps, end.execution, steps, now) : completeExecution(deps, end.execution, steps, end.finishedSteps, now);
    case "failed":
      return failExecution(deps, end.executionId, { error: end.error, steps, ...(end.failedStep === undefined ? {} : { failedStep: end.failedStep }) }, now);
  }
}

/**
 * A run that went through every step: one statement (completeExecutions), shared with other
 * completions of this process (Completions), writes the status (and the start, on a first
 * start), the steps not yet written, the workflow.completed event and its deliveries, the first
 * attempts of which this process then makes itself (FirstAttempts). An account with more
 * subscribed endpoints than that statement takes gets the same statement alone, with room for all.
 */
async function completeExecution(deps: FinishDeps, execution: EndingExecution, steps: StepNames, finishedSteps: readonly FinishedStep[], now: Date): Promise<Ended | undefined> {
  const event = completedEvent(execution, now, steps.length);
  // The statement claims the first attempts this process has room for; it makes them after commit.
  const claims = deps.firstAttempts.reserve(now);
  let claimed: readonly ClaimedDelivery[] = [];
  try {
    const body = newWebhookEventBody(event);
    const completion: GroupedCompletion = { executionId: execution.id, userId: execution.userId, startedAt: execution.startedAt, finishedSteps, event: body, now, mode: event.mode, claims };
    const completeAlone = async (capacity: number) => (await completeExecutions(deps.db, [completion], capacity))[0] as GroupedCompletionResult;
    const result = await withRoomForEveryEndpoint(await deps.completions.call(completion), completeAlone);
    if (!result.happened) return undefined;
    claimed = claimedDeliveries(body, result.claimed);
    await enqueueDeliveries(deps.queues, result.deliveryIds);
    return { mode: execution.mode, startedAt: execution.startedAt };
  } finally {
    deps.firstAttempts.start(claims, claimed);
  }
}

/** A condition ended the run: later steps are closed as skipped. Everything before was written. */
async function completeStoppedExecution(deps: FinishDeps, execution: EndingExecution, steps: StepNames, now: Date): Promise<Ended | undefined> {
  return endThenDeliver(deps, async (trx) => {
    if (!(await endExecution(trx, execution.id, { status: "completed", now }))) return undefined;
    await closeRemainingSteps(trx, execution.id, steps, now);
    const event = await recordWebhookEvent(trx, completedEvent(execution, now, await countCompletedSteps(trx, execution.id)));
    return { ended: { mode: execution.mode, startedAt: execution.startedAt }, deliveryIds: event.deliveryIds };
  });
}

function completedEvent(execution: EndingExecution, now: Date, actionsExecuted: number): NewWebhookEvent {
  return {
    userId: execution.userId,
    type: "workflow.completed",
    data: {
      workflow_id: execution.workflowId,
      execution_id: execution.id,
      duration_ms: Math.max(0, now.getTime() - execution.startedAt.getTime()),
      actions_executed: actionsExecuted,
    },
    now,
    mode: execution.mode,
  };
}

async function failExecution(
  deps: FinishDeps,
  executionId: string,
  failure: { error: ExecutionError; steps: StepNames; failedStep?: FailedStep },
  now: Date,
): Promise<Ended | undefined> {
  return endThenDeliver(deps, async (trx) => {
    const ended = await endExecution(trx, executionId, { status: "failed", error: failure.error, now });
    if (!ended) return undefined;
    const { failedStep } = failure;
    const end: StepEnd | undefined = failedStep && { index: failedStep.index, status: "failed", error: failure.error, attempt: failedStep.attempt };
    await closeRemainingSteps(trx, executionId, failure.steps, now, end);
    const event = await recordWebhookEvent(trx, {
      userId: ended.user_id,
      type: "workflow.failed",
      data: { workflow_id: ended.workflow_id, execution_id: executionId, error: failure.error },
      now,
      mode: ended.mode === "test" ? "test" : "live",
    });
    return { ended: { mode: ended.mode, startedAt: ended.started_at }, deliveryIds: event.deliveryIds };
  });
}

async function cancelExecution(deps: Pick<FinishDeps, "db" | "queues">, executionId: string, steps: StepNames, now: Date): Promise<Ended | undefined> {
  return endThenDeliver(deps, async (trx) => {
    const ended = await endExecution(trx, executionId, { status: "cancelled", now });
    if (!ended) return undefined;
    await closeRemainingSteps(trx, executionId, steps, now);
    const event = await recordWebhookEvent(trx, cancelledEvent({ ...ended, id: executionId }, now));
    return { ended: { mode: ended.mode, startedAt: ended.started_at }, deliveryIds: event.deliveryIds };
  });
}

/**
 * Runs `end` in one transaction; it returns what it ended and the deliveries of the event it
 * recorded, or undefined when the execution had already ended. They are enqueued once the
 * transaction commits.
 */
async function endThenDeliver(
  deps: Pick<FinishDeps, "db" | "queues">,
  end: (trx: Transaction<DB>) => Promise<{ ended: Ended; deliveryIds: string[] } | undefined>,
): Promise<Ended | undefined> {
  const written = await deps.db.transaction().execute(end);
  if (!written) return undefined;
  await enqueueDeliveries(deps.queues, written.deliveryIds);
  return written.ended;
}
