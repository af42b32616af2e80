import { SetUsageRequestSchema, type SetUsageRequest } from "../../../../../core/contracts/admin";
import { fieldErrorsFromIssues, type FormResult } from "../../../lib/form-errors";

export const USAGE_FIELDS = ["user_id", "endpoint", "request_count"] as const;
export type UsageField = (typeof USAGE_FIELDS)[number];

export const ENDPOINT_OPTIONS = [
  { value: "", label: "Select an endpoint" },
  { value: "/api/data-processing", label: "Data Processing (/api/data-processing)" },
  { value: "/api/analytics", label: "Analytics (/api/analytics)" },
  { value: "/api/webhooks", label: "Webhooks (/api/webhooks)" },
  { value: "/api/general", label: "General (/api/general)" },
] as const;

export interface UsageFormValues {
  userId: string;
  endpoint: string;
  /** The number input's text. */
  count: string;
}

/** The request count as typed: NaN when empty or not a number. */
export function parseCount(text: string): number {
  return text.trim() === "" ? Number.NaN : Number(text);
}

/** SPEC "Add usage (admin)": user, endpoint and count required ("Please fill in all required fields"), count a whole number of at least 1. */
export function parseUsageForm(values: UsageFormValues): FormResult<UsageField, SetUsageRequest> {
  const count = parseCount(values.count);
  const result = SetUsageRequestSchema.safeParse({
    user_id: values.userId,
    endpoint: values.endpoint === "" ? undefined : values.endpoint,
    request_count: Number.isNaN(count) ? undefined : count,
  });
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, errors: fieldErrorsFromIssues(result.error.issues, USAGE_FIELDS) };
}
