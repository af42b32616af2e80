import { UpdatePackageRequestSchema, type PackageDefinition } from "../../../../../core/contracts/admin";
import { fieldErrorsFromIssues, type FormResult } from "../../../lib/form-errors";
import type { PackageChanges } from "../api/admin-api";

export const PACKAGE_FIELDS = ["display_name", "request_limit", "rate_limit_per_minute", "data_limit_bytes", "monthly_price_cents", "is_active"] as const;
export type PackageField = (typeof PACKAGE_FIELDS)[number];

const BYTES_PER_MB = 1_000_000;

/** The edit form's text, in the units an administrator types: MB and dollars. */
export interface PackageFormValues {
  display_name: string;
  request_limit: string;
  rate_limit_per_minute: string;
  data_limit_mb: string;
  monthly_price: string;
  is_active: boolean;
}

export function packageFormValues(plan: PackageDefinition): PackageFormValues {
  return {
    display_name: plan.display_name,
    request_limit: String(plan.request_limit),
    rate_limit_per_minute: String(plan.rate_limit_per_minute),
    data_limit_mb: plan.data_limit_bytes < 0 ? "-1" : String(plan.data_limit_bytes / BYTES_PER_MB),
    monthly_price: (plan.monthly_price_cents / 100).toFixed(2),
    is_active: plan.is_active,
  };
}

function number(text: string): number | undefined {
  return text.trim() === "" ? undefined : Number(text);
}

/** Only the fields that changed, checked by the API's own schema; "Change at least one field" when none did. */
export function parsePackageForm(values: PackageFormValues, plan: PackageDefinition): FormResult<PackageField, PackageChanges> {
  const mb = number(values.data_limit_mb);
  const dollars = number(values.monthly_price);
  const candidate: Record<PackageField, unknown> = {
    display_name: values.display_name,
    request_limit: number(values.request_limit),
    rate_limit_per_minute: number(values.rate_limit_per_minute),
    data_limit_bytes: mb === undefined ? undefined : mb < 0 ? mb : Math.round(mb * BYTES_PER_MB),
    monthly_price_cents: dollars === undefined ? undefined : Math.round(dollars * 100),
    is_active: values.is_active,
  };
  const changes: Partial<Record<PackageField, unknown>> = {};
  for (const field of PACKAGE_FIELDS) {
    const value = field === "display_name" ? String(candidate[field]).trim() : candidate[field];
    if (value !== plan[field]) changes[field] = value;
  }
  const result = UpdatePackageRequestSchema.safeParse(changes);
  if (result.success) return { ok: true, data: result.data };
  const errors = fieldErrorsFromIssues(result.error.issues, PACKAGE_FIELDS);
  return { ok: false, errors: Object.keys(errors).length > 0 ? errors : { display_name: [result.error.issues[0]?.message ?? "Change at least one field"] } };
}
