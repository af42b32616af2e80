import { z } from "zod";
import { WORKFLOW_LIMITS } from "./workflow-limits.js";

/**
 * The history of a step's attempts (execution_steps.attempt_history, and `attempt_history` of a
 * step in the API). The engine appends an entry when it claims the step (its number and start)
 * and completes that entry in the statement that records the attempt's end; an entry left
 * without an outcome is an attempt still running, or one whose engine stopped (interrupted),
 * or one the execution's cancel cut short. Only the latest entries are kept.
 */

/** Entries kept per step: as many attempts as a step may be given. */
export const ATTEMPT_HISTORY_LIMIT = WORKFLOW_LIMITS.maxStepAttempts;

/** How much of a target's answer an attempt keeps (UTF-8 bytes, cut at a character boundary). */
export const ATTEMPT_BODY_EXCERPT_BYTES = 2_048;

/**
 * Response headers an attempt (and an http_request step's output) keeps: what explains an answer.
 * An allow-list, so cookies and credentials are never stored.
 */
export const KEPT_RESPONSE_HEADERS = ["content-type", "content-length", "location", "etag", "last-modified", "retry-after", "x-request-id"] as const;

/** Ends the engine records itself. */
export const RECORDED_ATTEMPT_OUTCOMES = ["succeeded", "dry_run", "failed", "timed_out"] as const;
/** What the API shows: the recorded ends, and those read from the step (see the top of this file). */
export const ATTEMPT_OUTCOMES = [...RECORDED_ATTEMPT_OUTCOMES, "running", "cancelled", "interrupted"] as const;
export type AttemptOutcome = (typeof ATTEMPT_OUTCOMES)[number];

export const AttemptResponseSchema = z
  .object({
    status: z.number().int().meta({ description: "The target's HTTP status." }),
    headers: z.record(z.string(), z.string()).meta({ description: `Only ${KEPT_RESPONSE_HEADERS.join(", ")}.` }),
    body_excerpt: z.string().meta({ description: `The start of the body, at most ${ATTEMPT_BODY_EXCERPT_BYTES} bytes of UTF-8.` }),
    body_truncated: z.boolean().meta({ description: "The body was longer than the excerpt." }),
  })
  .meta({ id: "StepAttemptResponse" });
export type AttemptResponse = z.infer<typeof AttemptResponseSchema>;

const AttemptErrorSchema = z.object({ code: z.string(), message: z.string() });

/** An entry as stored. */
export const StoredAttemptSchema = z.object({
  attempt: z.number().int(),
  started_at: z.string(),
  duration_ms: z.number().int().optional(),
  outcome: z.enum(RECORDED_ATTEMPT_OUTCOMES).optional(),
  error: AttemptErrorSchema.optional(),
  response: AttemptResponseSchema.optional(),
});
export type StoredAttempt = z.infer<typeof StoredAttemptSchema>;
/** What the statement that ends an attempt adds to the entry its claim wrote. */
export type AttemptEnd = Required<Pick<StoredAttempt, "duration_ms" | "outcome">> & Pick<StoredAttempt, "error" | "response">;

export const StepAttemptSchema = z
  .object({
    attempt: z.number().int().meta({ description: "1 for the first attempt." }),
    started_at: z.string().meta({ format: "date-time" }),
    duration_ms: z.number().int().nullable().meta({ description: "null while the attempt runs, or when it never reported its end." }),
    outcome: z.enum(ATTEMPT_OUTCOMES).meta({
      description:
        "dry_run: a test-mode attempt recorded what it would send and sent nothing. interrupted: the engine running it stopped; another engine took the step over.",
    }),
    error: AttemptErrorSchema.optional(),
    response: AttemptResponseSchema.optional().meta({ description: "What the target answered, for steps that call one (http_request, chat_message)." }),
  })
  .meta({ id: "StepAttempt" });
export type StepAttempt = z.infer<typeof StepAttemptSchema>;
