import {
  CreateKeyRequestSchema,
  RotateKeyRequestSchema,
  type CreateKeyRequest,
  type KeyMode,
  type KeyPermission,
} from "../../../../../core/contracts/api-keys";
import { addFieldError, fieldErrorsFromIssues, type FieldErrors, type FormResult } from "../../../lib/form-errors";
import { capFromChoice, type CapChoice } from "./key-display";

/**
 * Client-side checks of the create-key form (SPEC section 5), with the shared contract schema:
 * the portal and the gateway give the same messages ("Please enter a key name").
 */
export const EXPIRY_INVALID_MESSAGE = "Enter a valid date";
export const EXPIRY_IN_PAST_MESSAGE = "Choose a date in the future";

/** Form fields in reading order, named as the request fields (server details land on them). */
export const CREATE_KEY_FIELDS = ["name", "mode", "permission", "monthly_cap", "expires_at"] as const;
export type CreateKeyField = (typeof CREATE_KEY_FIELDS)[number];

export interface CreateKeyFormValues {
  name: string;
  mode: KeyMode;
  permission: KeyPermission;
  monthly_cap: CapChoice;
  /** "" for no expiry, else a date input's "YYYY-MM-DD". */
  expires_at: string;
}

/** The spec's defaults: a live key, Read & Write, no monthly cap, no expiry. */
export const DEFAULT_CREATE_KEY_VALUES: CreateKeyFormValues = {
  name: "",
  mode: "live",
  permission: "write",
  monthly_cap: "unlimited",
  expires_at: "",
};

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A chosen expiry day as the instant the key stops working: the end of that day in UTC
 * ("2030-01-31" -> "2030-01-31T23:59:59Z"). Null when the text is not a real calendar date.
 */
export function expiryFromDate(date: string): string | null {
  const match = DATE_PATTERN.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const parsed = new Date(Date.UTC(year, month - 1, day));
  if (parsed.getUTCFullYear() !== year || parsed.getUTCMonth() !== month - 1 || parsed.getUTCDate() !== day) return null;
  return `${date}T23:59:59Z`;
}

/** The earliest day the date input offers: today in UTC, "YYYY-MM-DD". */
export function earliestExpiryDate(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}

export function validateCreateKey(values: CreateKeyFormValues, now: number): FormResult<CreateKeyField, CreateKeyRequest> {
  let expiryErrors: FieldErrors<CreateKeyField> = {};
  let expiresAt: string | null = null;
  if (values.expires_at.trim() !== "") {
    expiresAt = expiryFromDate(values.expires_at.trim());
    if (expiresAt === null) expiryErrors = addFieldError(expiryErrors, "expires_at", EXPIRY_INVALID_MESSAGE);
    else if (Date.parse(expiresAt) <= now) expiryErrors = addFieldError(expiryErrors, "expires_at", EXPIRY_IN_PAST_MESSAGE);
  }

  const parsed = CreateKeyRequestSchema.safeParse({
    name: values.name,
    mode: values.mode,
    permission: values.permission,
    monthly_cap: capFromChoice(values.monthly_cap),
    expires_at: expiresAt,
  });
  const errors = { ...(parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues, CREATE_KEY_FIELDS)), ...expiryErrors };
  if (!parsed.success || Object.keys(expiryErrors).length > 0) return { ok: false, errors };
  return { ok: true, data: parsed.data };
}

/** How long the old key keeps working after a rotation: the choices offered, in hours. */
export const GRACE_OPTIONS: ReadonlyArray<{ hours: number; label: string }> = [
  { hours: 0, label: "No grace period (stops now)" },
  { hours: 1, label: "1 hour" },
  { hours: 24, label: "24 hours" },
  { hours: 72, label: "3 days" },
  { hours: 168, label: "7 days" },
];

/** The contract's default grace period (24 hours). */
export const DEFAULT_GRACE_HOURS: number = RotateKeyRequestSchema.parse({}).grace_hours;

/** "24 hours", "3 days"; hours for a period the options do not list. */
export function graceLabel(hours: number): string {
  return GRACE_OPTIONS.find((option) => option.hours === hours && hours > 0)?.label ?? `${hours} hours`;
}
