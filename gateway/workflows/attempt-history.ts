import { StoredAttemptSchema, type AttemptOutcome, type StepAttempt } from "../../core/contracts/step-attempts.js";
import type { StepRow } from "./execution-queries.js";

type StepOfHistory = Pick<StepRow, "status" | "attempts" | "attempt_history" | "started_at" | "finished_at">;

/** A step's attempts as the API shows them (core/contracts/step-attempts.ts), oldest first. */
export function serializeAttemptHistory(step: StepOfHistory): StepAttempt[] {
  if (step.attempt_history === null) return unclaimedAttempt(step);
  const parsed = StoredAttemptSchema.array().safeParse(step.attempt_history);
  if (!parsed.success) return [];
  const entries = parsed.data;
  return entries.map(({ outcome, duration_ms, started_at, ...entry }, position) => ({
    ...entry,
    started_at: new Date(started_at).toISOString(),
    duration_ms: duration_ms ?? null,
    outcome: outcome ?? unendedOutcome(step.status, position === entries.length - 1),
  }));
}

/** An entry its attempt never ended: the step's own status says why. */
function unendedOutcome(status: string, last: boolean): AttemptOutcome {
  if (last && status === "running") return "running";
  if (last && status === "cancelled") return "cancelled";
  return "interrupted";
}

/**
 * A step with no history ran in memory without a claim (condition, transform): its one attempt
 * is the row itself. A step never reached has none.
 */
function unclaimedAttempt(step: StepOfHistory): StepAttempt[] {
  if (step.status !== "completed" || step.attempts !== 1 || !step.started_at || !step.finished_at) return [];
  const started = new Date(step.started_at);
  const duration = new Date(step.finished_at).getTime() - started.getTime();
  return [{ attempt: 1, started_at: started.toISOString(), duration_ms: Math.max(0, duration), outcome: "succeeded" }];
}
