/**
 * Every failure of a call: an error answer of the API (its code, message, details and
 * request_id), or NETWORK_ERROR / TIMEOUT when no answer arrived. `status` is 0 without an answer.
 * Each category has its subclass (AuthenticationError, NotFoundError, ...); catching SluiceError
 * catches them all.
 */
export class SluiceError extends Error {
    status;
    code;
    details;
    /** The answer's X-Request-Id (or its body's request_id): quote it to support. */
    requestId;
    /** Seconds the API asked to wait (Retry-After of a 429 or 503). */
    retryAfterSeconds;
    constructor(init) {
        super(init.message, { cause: init.cause });
        this.name = new.target.name;
        this.status = init.status;
        this.code = init.code;
        this.details = init.details ?? [];
        this.requestId = init.requestId;
        this.retryAfterSeconds = init.retryAfterSeconds;
    }
}
/** 401: the key is missing, unknown, revoked or expired. */
export class AuthenticationError extends SluiceError {
}
/** 403: the key may not do this (its permission, mode or plan). */
export class PermissionDeniedError extends SluiceError {
}
/** 404: no such object (for this key's account and mode), or no such route. */
export class NotFoundError extends SluiceError {
}
/** 409: the object's state forbids it, or an Idempotency-Key was reused with another body. */
export class ConflictError extends SluiceError {
}
/** 400 or 422: the request is malformed or invalid; `details` names each field. */
export class ValidationError extends SluiceError {
}
/** 429: a rate limit or quota; `retryAfterSeconds` says when to try again. */
export class RateLimitError extends SluiceError {
}
/** 5xx: the API failed; retried before it is thrown. */
export class ServerError extends SluiceError {
}
/** No answer: the API could not be reached (NETWORK_ERROR) or did not answer in time (TIMEOUT); status 0. */
export class NetworkError extends SluiceError {
}
/** The error class of an answer's status; SluiceError itself for the others (e.g. 402, 413). */
function errorClass(status) {
    if (status === 401)
        return AuthenticationError;
    if (status === 403)
        return PermissionDeniedError;
    if (status === 404)
        return NotFoundError;
    if (status === 409)
        return ConflictError;
    if (status === 400 || status === 422)
        return ValidationError;
    if (status === 429)
        return RateLimitError;
    if (status >= 500)
        return ServerError;
    return SluiceError;
}
/** A webhook whose signature, timestamp or body does not check out. */
export class WebhookVerificationError extends Error {
    constructor(message) {
        super(message);
        this.name = "WebhookVerificationError";
    }
}
const isRecord = (value) => typeof value === "object" && value !== null && !Array.isArray(value);
/** The error of an answer, by its status' category; a body that is not the API's error shape keeps the status. */
export function errorFromAnswer(status, body, headers, retryAfterSeconds) {
    const error = isRecord(body) && isRecord(body.error) ? body.error : {};
    const details = Array.isArray(error.details)
        ? error.details.filter(isRecord).map((d) => ({ field: String(d.field ?? ""), message: String(d.message ?? "") }))
        : [];
    const ErrorClass = errorClass(status);
    return new ErrorClass({
        status,
        code: typeof error.code === "string" ? error.code : `HTTP_${status}`,
        message: typeof error.message === "string" ? error.message : `The API answered ${status}.`,
        details,
        requestId: headers.get("x-request-id") ?? (typeof error.request_id === "string" ? error.request_id : undefined),
        retryAfterSeconds,
    });
}
