/** An error detail of a 400/422 answer: the field and what is wrong with it. */
export interface ErrorDetail {
  field: string;
  message: string;
}

/**
 * Every failure of a call: an error answer of the API (its code, message, details and
 * request_id), or NETWORK_ERROR / TIMEOUT when no answer arrived. `status` is 0 without an answer.
 */
export class SluiceError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ErrorDetail[];
  readonly requestId: string | undefined;
  /** Seconds the API asked to wait (Retry-After of a 429 or 503). */
  readonly retryAfterSeconds: number | undefined;

  constructor(init: { status: number; code: string; message: string; details?: ErrorDetail[]; requestId?: string; retryAfterSeconds?: number; cause?: unknown }) {
    super(init.message, { cause: init.cause });
    this.name = "SluiceError";
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? [];
    this.requestId = init.requestId;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

/** A webhook whose signature, timestamp or body does not check out. */
export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookVerificationError";
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The SluiceError of an error answer; a body that is not the API's error shape keeps the status. */
export function errorFromAnswer(status: number, body: unknown, headers: Headers, retryAfterSeconds: number | undefined): SluiceError {
  const error = isRecord(body) && isRecord(body.error) ? body.error : {};
  const details = Array.isArray(error.details)
    ? error.details.filter(isRecord).map((d) => ({ field: String(d.field ?? ""), message: String(d.message ?? "") }))
    : [];
  return new SluiceError({
    status,
    code: typeof error.code === "string" ? error.code : `HTTP_${status}`,
    message: typeof error.message === "string" ? error.message : `The API answered ${status}.`,
    details,
    requestId: typeof error.request_id === "string" ? error.request_id : (headers.get("x-request-id") ?? undefined),
    retryAfterSeconds,
  });
}
