import type { NewWebhookEvent } from "../webhooks/events.js";

/**
 * Cancelling a running execution: the API marks the row (cancel_requested_at) and publishes the
 * execution id here; every engine subscribes and aborts the step it is running for that id.
 * The row is the truth (a runner also checks it between steps); the message makes it prompt.
 */
export function cancelChannel(redisKeyPrefix: string): string {
  return `${redisKeyPrefix}executions:cancel`;
}

/** Who asked to cancel an execution (`executions.cancel_requested_by`): the public API or the dashboard. */
export type CancelSource = "api" | "dashboard";

/** What a cancelled execution's row tells its event. */
export interface CancelledExecution {
  id: string;
  workflow_id: string;
  user_id: string;
  mode: string;
  cancel_requested_at: Date | string | null;
  cancel_requested_by: string | null;
}

/**
 * The workflow.cancelled event of an execution that `now` ended as cancelled, recorded in the
 * same transaction as the conditional update that ended it (the gateway's for a queued execution,
 * the engine's for a running one), so an execution has at most one, however many cancels or a
 * completion race for it.
 */
export function cancelledEvent(execution: CancelledExecution, now: Date): NewWebhookEvent {
  const requestedAt = execution.cancel_requested_at === null ? null : new Date(execution.cancel_requested_at).toISOString();
  return {
    userId: execution.user_id,
    type: "workflow.cancelled",
    data: {
      workflow_id: execution.workflow_id,
      execution_id: execution.id,
      cancelled_at: now.toISOString(),
      requested_at: requestedAt,
      requested_by: execution.cancel_requested_by,
    },
    now,
    mode: execution.mode === "test" ? "test" : "live",
  };
}
