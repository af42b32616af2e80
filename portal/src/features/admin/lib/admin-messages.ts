import { isApiError } from "../../../lib/api-client";

/** Toast texts of the administrator dashboard (SPEC section 8 "Admin toasts"), plus the editors the spec does not have. */
export const ADMIN_MESSAGES = {
  unexpected: "An unexpected error occurred",
  usersFetchFailed: "Failed to fetch users data",
  statsFetchFailed: "Failed to fetch dashboard statistics",
  billingFetchFailed: (message: string) => `Failed to fetch billing history: ${message}`,
  billingFetchUnexpected: "An unexpected error occurred while fetching billing history",
  paymentUpdateFailed: "Failed to update payment status",
  paymentCompleted: "Payment marked as completed",
  billingDetailsFailed: "Failed to fetch billing transaction details",
  packageUpdateFailed: (message: string) => `Failed to update user package: ${message}`,
  planUpdateUnexpected: (message: string) => `An unexpected error occurred while updating user plan: ${message}`,
  usageFailed: "Failed to add API usage data",
  usageAdded: "API usage data has been added successfully",
  requiredFields: "Please fill in all required fields",
  refundFailed: "Failed to refund payment",
  roleFailed: "Failed to update user role",
  packagesFetchFailed: "Failed to fetch packages",
  packageSaved: (name: string) => `Package ${name} updated`,
  packageSaveFailed: "Failed to update package",
  incidentsFetchFailed: "Failed to fetch incidents",
  incidentCreated: "Incident created",
  incidentUpdated: "Incident updated",
  incidentSaveFailed: "Failed to save incident",
  auditFetchFailed: "Failed to fetch the audit log",
} as const;

/** The server's (or the client's) explanation of a failure; the spec's generic text for anything else. */
export function failureMessage(error: unknown): string {
  return isApiError(error) ? error.message : ADMIN_MESSAGES.unexpected;
}

/** SPEC: a billing list the server refused names its reason; a failure without an answer is "unexpected". */
export function billingFetchFailure(error: unknown): string {
  return isApiError(error) && error.status !== 0 ? ADMIN_MESSAGES.billingFetchFailed(error.message) : ADMIN_MESSAGES.billingFetchUnexpected;
}

/** SPEC: applying a plan fails on the payment itself (not found) or on the package update. */
export function applyPlanFailure(error: unknown): string {
  if (!isApiError(error)) return ADMIN_MESSAGES.planUpdateUnexpected(String(error));
  if (error.status === 404) return ADMIN_MESSAGES.billingDetailsFailed;
  return ADMIN_MESSAGES.packageUpdateFailed(error.message);
}
