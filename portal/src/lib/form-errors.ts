import type { z } from "zod";
import type { ErrorDetail } from "../../../core/errors";

/** Messages per form field, in the order they should be read. */
export type FieldErrors<F extends string> = Partial<Record<F, string[]>>;

export type FormResult<F extends string, T> = { ok: true; data: T } | { ok: false; errors: FieldErrors<F> };

export function hasFieldErrors<F extends string>(errors: FieldErrors<F>): boolean {
  return Object.values<string[] | undefined>(errors).some((messages) => messages !== undefined && messages.length > 0);
}

/** The first field of `order` that has an error: where focus goes after a failed submit. */
export function firstInvalidField<F extends string>(errors: FieldErrors<F>, order: readonly F[]): F | undefined {
  return order.find((field) => (errors[field]?.length ?? 0) > 0);
}

/** Adds `message` to `field`, keeping earlier messages. */
export function addFieldError<F extends string>(errors: FieldErrors<F>, field: F, message: string): FieldErrors<F> {
  const existing = errors[field] ?? [];
  return existing.includes(message) ? errors : { ...errors, [field]: [...existing, message] };
}

/** The first message zod reports for each known field (by the first segment of its path). */
export function fieldErrorsFromIssues<F extends string>(issues: readonly z.core.$ZodIssue[], fields: readonly F[]): FieldErrors<F> {
  let errors: FieldErrors<F> = {};
  for (const issue of issues) {
    const field = fields.find((name) => name === issue.path[0]);
    if (field && !errors[field]) errors = addFieldError(errors, field, issue.message);
  }
  return errors;
}

/**
 * Every message of a server answer's `details` for a known field, e.g. all the reasons of a
 * weak_password answer under "password". Details about other fields are left out.
 */
export function fieldErrorsFromDetails<F extends string>(details: readonly ErrorDetail[], fields: readonly F[]): FieldErrors<F> {
  let errors: FieldErrors<F> = {};
  for (const detail of details) {
    const field = fields.find((name) => name === detail.field);
    if (field) errors = addFieldError(errors, field, detail.message);
  }
  return errors;
}
