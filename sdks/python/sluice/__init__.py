"""The Sluice API client (standard library only, Python 3.9+); answers are typed by sluice.models."""

from ._client import Sluice, __version__
from . import models
from ._errors import (
    AuthenticationError,
    ConflictError,
    NetworkError,
    NotFoundError,
    PermissionDeniedError,
    RateLimitError,
    ServerError,
    SluiceError,
    ValidationError,
    WebhookVerificationError,
)
from ._operations import CURSOR_LISTS, LISTS, OPERATIONS
from ._types import RateLimitInfo, RequestOptions, ServerSentEvent
from ._webhooks import DEFAULT_TOLERANCE_SECONDS, verify_webhook

__all__ = [
    "AuthenticationError",
    "ConflictError",
    "CURSOR_LISTS",
    "DEFAULT_TOLERANCE_SECONDS",
    "LISTS",
    "NetworkError",
    "NotFoundError",
    "OPERATIONS",
    "PermissionDeniedError",
    "RateLimitError",
    "ServerError",
    "ValidationError",
    "models",
    "RateLimitInfo",
    "RequestOptions",
    "ServerSentEvent",
    "Sluice",
    "SluiceError",
    "WebhookVerificationError",
    "__version__",
    "verify_webhook",
]
