import { EmailRequestSchema, type EmailRequest } from "../../../../../core/contracts/auth-requests";
import { fieldErrorsFromIssues, type FormResult } from "../../../lib/form-errors";

export const SUBSCRIBE_FIELDS = ["email"] as const;
export type SubscribeField = (typeof SUBSCRIBE_FIELDS)[number];

/** The subscribe box's one check, the server's own: a real e-mail address. */
export function validateSubscribe(values: { email: string }): FormResult<SubscribeField, EmailRequest> {
  const parsed = EmailRequestSchema.safeParse(values);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors: fieldErrorsFromIssues(parsed.error.issues, SUBSCRIBE_FIELDS) };
}
