from dataclasses import dataclass, field
from datetime import datetime
from typing import Dict, Optional


@dataclass
class RequestOptions:
    """Per-call settings: all optional."""

    #: Sent as Idempotency-Key; POSTs get a random one when absent, the same on every retry.
    idempotency_key: Optional[str] = None
    #: Per attempt, in seconds; the client's default (30) otherwise.
    timeout: Optional[float] = None
    headers: Dict[str, str] = field(default_factory=dict)
    #: The Content-Type of a raw upload (e.g. text/csv); application/octet-stream otherwise.
    content_type: Optional[str] = None


@dataclass
class ServerSentEvent:
    """One event of a live view."""

    event: str
    data: str
    id: Optional[str] = None


@dataclass
class RateLimitInfo:
    """The rate limit the last answer reported (X-RateLimit-* headers)."""

    limit: int
    remaining: int
    reset_at: datetime
