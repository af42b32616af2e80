from typing import Any, Dict, List, Mapping, Optional, Type


class SluiceError(Exception):
    """Every failure of a call: an error answer of the API, or TIMEOUT / NETWORK_ERROR (status 0).

    Each category has its subclass (AuthenticationError, NotFoundError, ...); catching SluiceError
    catches them all.
    """

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        details: Optional[List[Dict[str, str]]] = None,
        request_id: Optional[str] = None,
        retry_after: Optional[int] = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        #: The field and message of each validation problem.
        self.details = details or []
        #: The answer's X-Request-Id (or its body's request_id): quote it to support.
        self.request_id = request_id
        #: Seconds the API asked to wait (Retry-After of a 429 or 503).
        self.retry_after = retry_after

    def __repr__(self) -> str:
        return f"{type(self).__name__}(status={self.status}, code={self.code!r}, message={self.message!r}, request_id={self.request_id!r})"


class AuthenticationError(SluiceError):
    """401: the key is missing, unknown, revoked or expired."""


class PermissionDeniedError(SluiceError):
    """403: the key may not do this (its permission, mode or plan)."""


class NotFoundError(SluiceError):
    """404: no such object (for this key's account and mode), or no such route."""


class ConflictError(SluiceError):
    """409: the object's state forbids it, or an Idempotency-Key was reused with another body."""


class ValidationError(SluiceError):
    """400 or 422: the request is malformed or invalid; `details` names each field."""


class RateLimitError(SluiceError):
    """429: a rate limit or quota; `retry_after` says when to try again."""


class ServerError(SluiceError):
    """5xx: the API failed; retried before it is raised."""


class NetworkError(SluiceError):
    """No answer: the API could not be reached (NETWORK_ERROR) or did not answer in time (TIMEOUT); status 0."""


def error_class(status: int) -> Type[SluiceError]:
    """The error class of an answer's status; SluiceError itself for the others (e.g. 402, 413)."""
    if status >= 500:
        return ServerError
    return {401: AuthenticationError, 403: PermissionDeniedError, 404: NotFoundError, 409: ConflictError, 400: ValidationError, 422: ValidationError, 429: RateLimitError}.get(status, SluiceError)


class WebhookVerificationError(Exception):
    """A webhook whose signature, timestamp or body does not check out."""


def error_from_answer(status: int, body: Any, headers: Mapping[str, str], retry_after: Optional[int]) -> SluiceError:
    error = body.get("error") if isinstance(body, dict) and isinstance(body.get("error"), dict) else {}
    details = [
        {"field": str(d.get("field", "")), "message": str(d.get("message", ""))}
        for d in error.get("details", [])
        if isinstance(d, dict)
    ] if isinstance(error.get("details"), list) else []
    request_id = headers.get("x-request-id") or (error["request_id"] if isinstance(error.get("request_id"), str) else None)
    return error_class(status)(
        status=status,
        code=error["code"] if isinstance(error.get("code"), str) else f"HTTP_{status}",
        message=error["message"] if isinstance(error.get("message"), str) else f"The API answered {status}.",
        details=details,
        request_id=request_id,
        retry_after=retry_after,
    )
