import { isApiError } from "../../../lib/api-client";

/** Toast texts of the workflows, webhooks and usage sections: every change says how it went. */
export const CONSOLE_MESSAGES = {
  workflowsFetchFailed: "Failed to fetch workflows",
  executionsFetchFailed: "Failed to fetch executions",
  executionFetchFailed: "Failed to fetch the execution",
  runStarted: "Workflow run started",
  runFailed: "Failed to run the workflow",
  enabled: "Workflow enabled",
  disabled: "Workflow disabled",
  statusFailed: "Failed to change the workflow's status",
  cancelled: "Execution cancelled",
  cancelFailed: "Failed to cancel the execution",
  endpointsFetchFailed: "Failed to fetch webhook endpoints",
  deliveriesFetchFailed: "Failed to fetch deliveries",
  endpointCreated: "Webhook Endpoint Created",
  endpointCreateFailed: "Failed to create webhook endpoint",
  endpointDeleted: "Webhook Endpoint Deleted",
  endpointDeleteFailed: "Failed to delete webhook endpoint",
  endpointEnabled: "Webhook endpoint enabled",
  endpointDisabled: "Webhook endpoint disabled",
  endpointUpdateFailed: "Failed to update webhook endpoint",
  secretRotated: "Signing Secret Rotated",
  secretRotateFailed: "Failed to rotate signing secret",
  secretCopied: "Signing Secret Copied",
  testSent: "Test event sent",
  testFailed: "Failed to send test event",
  replayed: "Delivery queued again",
  replayFailed: "Failed to replay delivery",
  usageFetchFailed: "Failed to fetch usage",
  exportDone: "Usage CSV downloaded",
  exportFailed: "Failed to export usage",
} as const;

/** The warning beside a signing secret shown in full, the one time it is shown. */
export const SECRET_ONCE_WARNING = "Copy this signing secret now. For your security it will not be shown again.";

/** The server's (or the client's) explanation of a failure, for a toast's description. */
export function failureDescription(error: unknown): string | undefined {
  return isApiError(error) ? error.message : undefined;
}
