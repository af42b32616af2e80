import type { EngineConfig } from "../../../core/config.js";
import type { ExecutionErrorCode } from "../../../core/contracts/workflows.js";
import type { Database } from "../../../core/db/client.js";
import type { Logger } from "../../../core/logger.js";
import type { OutboundResponse } from "../../../core/outbound/send-outbound.js";
import type { ProducerQueues } from "../../../core/queues.js";

/** What the runner hands an action for one attempt of one step. */
export interface ActionContext {
  executionId: string;
  workflowId: string;
  userId: string;
  /** "test" runs dry: nothing leaves the platform (DESIGN.md section 6). */
  mode: "live" | "test";
  /** The step's name, as in `{{steps.<name>.output}}` and the Idempotency-Key. */
  stepName: string;
  stepIndex: number;
  /** 1 for the first attempt of this step. */
  attempt: number;
  /** Aborted when the step times out or the execution is cancelled. */
  signal: AbortSignal;
  timeoutMs: number;
  db: Database;
  queues: ProducerQueues;
  config: EngineConfig;
  logger: Logger;
  /** Told of every answer a target gives the step, success or not, for the attempt's history. */
  onResponse: (response: OutboundResponse) => void;
}

/**
 * What every action throws for a failed attempt. `retryable` tells the runner whether another
 * attempt can help; `retryAfterMs` is the target's own wait (Retry-After), when it named one.
 */
export class ActionFailure extends Error {
  readonly code: ExecutionErrorCode;
  readonly retryable: boolean;
  readonly retryAfterMs?: number;

  constructor(code: ExecutionErrorCode, message: string, options: { retryable: boolean; retryAfterMs?: number; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.name = "ActionFailure";
    this.code = code;
    this.retryable = options.retryable;
    if (options.retryAfterMs !== undefined) this.retryAfterMs = options.retryAfterMs;
  }
}
