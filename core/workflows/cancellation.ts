/**
 * Cancelling a running execution: the API marks the row (cancel_requested_at) and publishes the
 * execution id here; every engine subscribes and aborts the step it is running for that id.
 * The row is the truth (a runner also checks it between steps); the message makes it prompt.
 */
export function cancelChannel(redisKeyPrefix: string): string {
  return `${redisKeyPrefix}executions:cancel`;
}
