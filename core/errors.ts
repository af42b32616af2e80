import { z } from "zod";

/**
 * The one error catalogue. HTTP statuses, the OpenAPI error schemas and the portal's
 * error parsing all derive from it; nothing else maps a status to a code.
 */
export const ERROR_CATALOGUE = {
  BAD_REQUEST: { status: 400, message: "The request is malformed or has invalid parameters." },
  MALFORMED_JSON: { status: 400, message: "The request body is not valid JSON." },
  UNAUTHORIZED: { status: 401, message: "Missing or invalid credentials." },
  SESSION_MISSING: { status: 401, message: "Auth session missing!" },
  FORBIDDEN: { status: 403, message: "You do not have permission to perform this action." },
  NOT_FOUND: { status: 404, message: "The requested resource was not found." },
  METHOD_NOT_ALLOWED: { status: 405, message: "This path does not answer that method; the Allow header lists those it does." },
  REQUEST_TIMEOUT: { status: 408, message: "The request body did not arrive in time." },
  CONFLICT: { status: 409, message: "The request conflicts with the current state of the resource." },
  PAYLOAD_TOO_LARGE: { status: 413, message: "The request body is too large." },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: "The request body must be JSON." },
  VALIDATION_FAILED: { status: 422, message: "The request validation failed" },
  // The auth service's code for rejected passwords, lower-case as that service spells it.
  weak_password: { status: 422, message: "Password is too weak" },
  INVALID_CREDENTIALS: { status: 400, message: "Invalid email or password" },
  EMAIL_NOT_CONFIRMED: { status: 403, message: "Email not confirmed" },
  INVALID_LINK: { status: 400, message: "This link is invalid or has expired. Request a new one." },
  CSRF_FAILED: { status: 403, message: "Missing or invalid CSRF token. Reload the page and try again." },
  OAUTH_FAILED: { status: 400, message: "Signing in with that provider failed. Please try again." },
  RATE_LIMITED: { status: 429, message: "Rate limit exceeded. Retry after the time given in Retry-After." },
  QUOTA_EXCEEDED: { status: 429, message: "Monthly quota exhausted." },
  INTERNAL_ERROR: { status: 500, message: "An internal error occurred. Please try again later." },
  PAYMENT_PROVIDER_ERROR: { status: 502, message: "Payment initialization failed" },
  SERVICE_UNAVAILABLE: { status: 503, message: "The service is temporarily unavailable. Please try again later." },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
export type ErrorStatus = (typeof ERROR_CATALOGUE)[ErrorCode]["status"];

export const ErrorDetailSchema = z.object({
  field: z.string(),
  message: z.string(),
});
export type ErrorDetail = z.infer<typeof ErrorDetailSchema>;

export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(ErrorDetailSchema).optional(),
    request_id: z.string().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export interface AppErrorOptions {
  details?: ErrorDetail[];
  headers?: Record<string, string>;
  cause?: unknown;
}

/** An expected failure with a catalogued code. Thrown by services, rendered by one onError. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: ErrorStatus;
  readonly details: ErrorDetail[] | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(code: ErrorCode, message?: string, options: AppErrorOptions = {}) {
    super(message ?? ERROR_CATALOGUE[code].message, { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.status = ERROR_CATALOGUE[code].status;
    this.details = options.details;
    this.headers = options.headers;
  }

  toBody(requestId?: string): ErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.details?.length ? { details: this.details } : {}),
        ...(requestId ? { request_id: requestId } : {}),
      },
    };
  }
}

/** Turns zod issues into the public `details` list: dotted field path and message. */
export function detailsFromZodIssues(issues: readonly z.core.$ZodIssue[]): ErrorDetail[] {
  return issues.map((issue) => ({
    field: issue.path.map(String).join(".") || "(root)",
    message: issue.message,
  }));
}
