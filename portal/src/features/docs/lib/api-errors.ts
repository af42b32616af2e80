import { ERROR_CATALOGUE, type ErrorCode } from "../../../../../core/errors";

/**
 * The error codes the public API answers, each with what to do about it. Status and message come
 * from the one catalogue (core/errors.ts); api-errors.test.ts checks that every code openapi.yaml
 * names is here.
 */
const API_ERROR_GUIDANCE = {
  BAD_REQUEST: "A query or path parameter is invalid (details name it). Fix the request; retrying will not help.",
  MALFORMED_JSON: "The body is not valid JSON. Check quoting and trailing commas.",
  UNAUTHORIZED: "The Authorization header is missing, the key is mistyped (its checksum fails), revoked or expired.",
  FORBIDDEN: "The key's permission does not allow this: read keys may only GET, webhook endpoints need an admin key.",
  NOT_FOUND: "No such resource for this key's mode: test keys do not see live workflows, and the reverse.",
  METHOD_NOT_ALLOWED: "The path exists but not with this method: send one the Allow header lists (a workflow takes PUT and PATCH).",
  CONFLICT: "The resource is not in a state that allows this (e.g. cancelling a finished execution, an Idempotency-Key reused with a different body).",
  PAYLOAD_TOO_LARGE: "The body exceeds the limit of the request or of your plan's upload size.",
  UNSUPPORTED_MEDIA_TYPE: "Send JSON with Content-Type: application/json (datasets also accept CSV, NDJSON and Parquet).",
  VALIDATION_FAILED: "The body is well-formed but breaks a rule; details lists each field and what is wrong.",
  RATE_LIMITED: "Too many requests this minute. Wait the Retry-After seconds, then retry with exponential back-off.",
  QUOTA_EXCEEDED: "The monthly quota, the key's monthly cap or the data allowance is used up until Retry-After (the next month), or upgrade.",
  INTERNAL_ERROR: "Our fault; the request was not counted. Retry with back-off and quote request_id if it persists.",
  SERVICE_UNAVAILABLE: "A dependency is briefly unavailable. Retry after the Retry-After seconds.",
} as const satisfies Partial<Record<ErrorCode, string>>;

export type ApiErrorCode = keyof typeof API_ERROR_GUIDANCE;

export interface ApiErrorRow {
  code: ApiErrorCode;
  status: number;
  message: string;
  guidance: string;
}

/** One row per code, in status order, with status and message straight from the catalogue. */
export function apiErrorRows(): ApiErrorRow[] {
  return (Object.keys(API_ERROR_GUIDANCE) as ApiErrorCode[])
    .map((code) => ({ code, status: ERROR_CATALOGUE[code].status, message: ERROR_CATALOGUE[code].message, guidance: API_ERROR_GUIDANCE[code] }))
    .sort((a, b) => a.status - b.status);
}

export const ERROR_BODY_EXAMPLE = `HTTP/1.1 422 Unprocessable Entity
Content-Type: application/json
X-Request-Id: req_2bFyqK7sWn4Lm9TxRb3Vc8

{
  "error": {
    "code": "VALIDATION_FAILED",
    "message": "${ERROR_CATALOGUE.VALIDATION_FAILED.message}",
    "details": [
      { "field": "actions", "message": "At least one action is required" }
    ],
    "request_id": "req_2bFyqK7sWn4Lm9TxRb3Vc8"
  }
}`;
