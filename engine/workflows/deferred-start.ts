import type { Database } from "../../core/db/client.js";
import { markExecutionRunning, recordFinishedSteps, type FinishedStep } from "./execution-queries.js";

/**
 * What a pass of the runner has not written yet. Pure steps (transform, condition) have no effect
 * outside the run, so a pass that runs only those writes nothing until its completing statement,
 * which marks the execution started, writes their rows and completes it at once (an engine that
 * dies before then leaves nothing to undo: the next pass runs them again). Anything else, a step
 * with a side effect, a delay, a failure or a cancel, is preceded by `flush`: the execution marked
 * running and the pure steps finished so far written, as if each had been written when it ran.
 */
export interface DeferredStart {
  /** When the execution started: its first pass's start, kept by later passes. */
  readonly startedAt: Date;
  /** Pure steps finished and not yet written. */
  readonly finishedSteps: readonly FinishedStep[];
  hold: (step: FinishedStep) => void;
  /**
   * Writes what is held. Returns undefined when done, or why the pass must stop without writing
   * more: the execution is no longer queued or running, or another worker finished one of the steps.
   */
  flush: () => Promise<"not-runnable" | "superseded" | undefined>;
}

export function deferStart(db: Database, execution: { id: string; startedAt: Date | null }): DeferredStart {
  const startedAt = execution.startedAt ?? new Date();
  let queued = execution.startedAt === null;
  const finishedSteps: FinishedStep[] = [];
  return {
    startedAt,
    finishedSteps,
    hold: (step) => finishedSteps.push(step),
    async flush() {
      if (queued) {
        if (!(await markExecutionRunning(db, execution.id, startedAt))) return "not-runnable";
        queued = false;
      }
      if (finishedSteps.length > 0 && !(await recordFinishedSteps(db, execution.id, finishedSteps.splice(0)))) return "superseded";
      return undefined;
    },
  };
}
