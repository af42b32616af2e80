from typing import Any, Dict, List, Mapping, Optional


class SluiceError(Exception):
    """Every failure of a call: an error answer of the API, or TIMEOUT / NETWORK_ERROR (status 0)."""

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
        self.request_id = request_id
        #: Seconds the API asked to wait (Retry-After of a 429 or 503).
        self.retry_after = retry_after

    def __repr__(self) -> str:
        return f"SluiceError(status={self.status}, code={self.code!r}, message={self.message!r}, request_id={self.request_id!r})"


class WebhookVerificationError(Exception):
    """A webhook whose signature, timestamp or body does not check out."""


def error_from_answer(status: int, body: Any, headers: Mapping[str, str], retry_after: Optional[int]) -> SluiceError:
    error = body.get("error") if isinstance(body, dict) and isinstance(body.get("error"), dict) else {}
    details = [
        {"field": str(d.get("field", "")), "message": str(d.get("message", ""))}
        for d in error.get("details", [])
        if isinstance(d, dict)
    ] if isinstance(error.get("details"), list) else []
    request_id = error.get("request_id") if isinstance(error.get("request_id"), str) else headers.get("x-request-id")
    return SluiceError(
        status=status,
        code=error["code"] if isinstance(error.get("code"), str) else f"HTTP_{status}",
        message=error["message"] if isinstance(error.get("message"), str) else f"The API answered {status}.",
        details=details,
        request_id=request_id,
        retry_after=retry_after,
    )
