"""The Sluice API client (standard library only, Python 3.9+)."""

from ._client import Sluice, __version__
from ._errors import SluiceError, WebhookVerificationError
from ._operations import OPERATIONS
from ._types import RateLimitInfo, RequestOptions, ServerSentEvent
from ._webhooks import DEFAULT_TOLERANCE_SECONDS, verify_webhook

__all__ = [
    "DEFAULT_TOLERANCE_SECONDS",
    "OPERATIONS",
    "RateLimitInfo",
    "RequestOptions",
    "ServerSentEvent",
    "Sluice",
    "SluiceError",
    "WebhookVerificationError",
    "__version__",
    "verify_webhook",
]
