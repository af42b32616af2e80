/** An error detail of a 400/422 answer: the field and what is wrong with it. */
export interface ErrorDetail {
    field: string;
    message: string;
}
interface SluiceErrorInit {
    status: number;
    code: string;
    message: string;
    details?: ErrorDetail[];
    requestId?: string;
    retryAfterSeconds?: number;
    cause?: unknown;
}
/**
 * Every failure of a call: an error answer of the API (its code, message, details and
 * request_id), or NETWORK_ERROR / TIMEOUT when no answer arrived. `status` is 0 without an answer.
 * Each category has its subclass (AuthenticationError, NotFoundError, ...); catching SluiceError
 * catches them all.
 */
export declare class SluiceError extends Error {
    readonly status: number;
    readonly code: string;
    readonly details: ErrorDetail[];
    /** The answer's X-Request-Id (or its body's request_id): quote it to support. */
    readonly requestId: string | undefined;
    /** Seconds the API asked to wait (Retry-After of a 429 or 503). */
    readonly retryAfterSeconds: number | undefined;
    constructor(init: SluiceErrorInit);
}
/** 401: the key is missing, unknown, revoked or expired. */
export declare class AuthenticationError extends SluiceError {
}
/** 403: the key may not do this (its permission, mode or plan). */
export declare class PermissionDeniedError extends SluiceError {
}
/** 404: no such object (for this key's account and mode), or no such route. */
export declare class NotFoundError extends SluiceError {
}
/** 409: the object's state forbids it, or an Idempotency-Key was reused with another body. */
export declare class ConflictError extends SluiceError {
}
/** 400 or 422: the request is malformed or invalid; `details` names each field. */
export declare class ValidationError extends SluiceError {
}
/** 429: a rate limit or quota; `retryAfterSeconds` says when to try again. */
export declare class RateLimitError extends SluiceError {
}
/** 5xx: the API failed; retried before it is thrown. */
export declare class ServerError extends SluiceError {
}
/** No answer: the API could not be reached (NETWORK_ERROR) or did not answer in time (TIMEOUT); status 0. */
export declare class NetworkError extends SluiceError {
}
/** A webhook whose signature, timestamp or body does not check out. */
export declare class WebhookVerificationError extends Error {
    constructor(message: string);
}
/** The error of an answer, by its status' category; a body that is not the API's error shape keeps the status. */
export declare function errorFromAnswer(status: number, body: unknown, headers: Headers, retryAfterSeconds: number | undefined): SluiceError;
export {};
