import json
import random
import socket
import time
import uuid
from datetime import datetime, timezone
from email.utils import parsedate_to_datetime
from typing import Any, Dict, Iterator, Mapping, Optional
from urllib.error import HTTPError, URLError
from urllib.parse import quote, urlencode
from urllib.request import Request, urlopen

from ._errors import NetworkError, error_from_answer
from ._operations import CURSOR_LISTS, LISTS, OPERATIONS, SluiceOperations
from ._types import RateLimitInfo, RequestOptions, ServerSentEvent

__version__ = "1.0.0"

#: Longest backoff step, in seconds.
RETRY_CAP = 8.0
#: A Retry-After longer than this is not waited for: the error is raised instead.
MAX_RETRY_AFTER = 60


def _retry_after(headers: Mapping[str, str]) -> Optional[int]:
    value = headers.get("retry-after")
    if not value:
        return None
    if value.isdigit():
        return int(value)
    try:
        return max(0, int((parsedate_to_datetime(value) - datetime.now(timezone.utc)).total_seconds() + 0.999))
    except (TypeError, ValueError):
        return None


def _parse_json(data: bytes) -> Any:
    if not data:
        return None
    try:
        return json.loads(data)
    except ValueError:
        return None


class Sluice(SluiceOperations):
    """The Sluice API client: one method per operation, named after openapi.yaml's operationIds.

    Retries 429 (after Retry-After), 5xx, timeouts and network failures with exponential backoff
    and jitter; POSTs carry an Idempotency-Key, the same on every attempt, so a retry never does
    the work twice. Failures raise a SluiceError subclass by category (see _errors.py).
    """

    def __init__(self, api_key: str, base_url: str, *, timeout: float = 30.0, max_retries: int = 3, retry_base: float = 0.5) -> None:
        if not api_key:
            raise ValueError("api_key is required")
        self.api_key = api_key
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.max_retries = max_retries
        self.retry_base = retry_base
        #: The rate limit reported by the latest answer, once one has been received.
        self.rate_limit: Optional[RateLimitInfo] = None

    def _paginate(self, operation: str, *, path: Optional[Dict[str, str]] = None, query: Optional[Dict[str, Any]] = None, options: Optional[RequestOptions] = None) -> Iterator[Any]:
        if operation not in LISTS:
            raise ValueError(f"{operation} is not a list operation")
        query = dict(query or {})
        query["limit"] = int(query.get("limit", 100))
        if operation in CURSOR_LISTS:
            return self._paginate_by_cursor(operation, path=path, query=query, options=options)
        return self._paginate_by_page(operation, path=path, query=query, options=options)

    def _paginate_by_page(self, operation: str, *, path: Optional[Dict[str, str]], query: Dict[str, Any], options: Optional[RequestOptions]) -> Iterator[Any]:
        limit = query["limit"]
        page = int(query.get("page", 1))
        while True:
            answer = self._call(operation, path=path, query={**query, "page": page}, options=options)
            items = (answer or {}).get(LISTS[operation]) or []
            yield from items
            total = (answer or {}).get("total")
            if len(items) < limit or (isinstance(total, int) and page * limit >= total):
                return
            page += 1

    def _paginate_by_cursor(self, operation: str, *, path: Optional[Dict[str, str]], query: Dict[str, Any], options: Optional[RequestOptions]) -> Iterator[Any]:
        while True:
            answer = self._call(operation, path=path, query=query, options=options) or {}
            items = answer.get(LISTS[operation]) or []
            yield from items
            cursor = answer.get("next_cursor")
            # An empty page ends the walk too, so a server that keeps a cursor cannot loop it.
            if answer.get("has_more") is not True or not isinstance(cursor, str) or not items:
                return
            query = {**query, "cursor": cursor}

    def _url(self, operation: str, path: Optional[Dict[str, str]], query: Optional[Dict[str, Any]]) -> str:
        _, template = OPERATIONS[operation]
        url = template
        for name, value in (path or {}).items():
            if not value:
                raise ValueError(f"{operation}: {name} is required")
            url = url.replace("{" + name + "}", quote(str(value), safe=""))
        pairs = {k: (str(v).lower() if isinstance(v, bool) else str(v)) for k, v in (query or {}).items() if v is not None}
        return f"{self.base_url}{url}" + (f"?{urlencode(pairs)}" if pairs else "")

    def _note_rate_limit(self, headers: Mapping[str, str]) -> None:
        limit, remaining, reset = headers.get("x-ratelimit-limit"), headers.get("x-ratelimit-remaining"), headers.get("x-ratelimit-reset")
        if limit is None or remaining is None or reset is None:
            return
        self.rate_limit = RateLimitInfo(limit=int(limit), remaining=int(remaining), reset_at=datetime.fromtimestamp(int(reset), tz=timezone.utc))

    def _backoff(self, attempt: int) -> float:
        ceiling = min(RETRY_CAP, self.retry_base * 2 ** attempt)
        return ceiling / 2 + random.random() * ceiling / 2

    def _send(self, operation: str, path: Optional[Dict[str, str]], body: Any, raw: Optional[bytes], query: Optional[Dict[str, Any]], options: Optional[RequestOptions], live: bool) -> Any:
        """One call, retried as allowed. Returns the 2xx answer's body, or the open response of a live view."""
        options = options or RequestOptions()
        method, _ = OPERATIONS[operation]
        url = self._url(operation, path, query)
        headers = {"Authorization": f"Bearer {self.api_key}", "Accept": "text/event-stream" if live else "application/json", "User-Agent": f"sluice-python/{__version__}"}
        data: Optional[bytes] = None
        if body is not None:
            headers["Content-Type"] = "application/json"
            data = json.dumps(body).encode("utf-8")
        elif raw is not None:
            headers["Content-Type"] = options.content_type or "application/octet-stream"
            data = raw
        if method == "POST":
            headers["Idempotency-Key"] = options.idempotency_key or str(uuid.uuid4())
        elif options.idempotency_key:
            headers["Idempotency-Key"] = options.idempotency_key
        headers.update(options.headers)
        timeout = options.timeout or self.timeout
        attempt = 0
        while True:
            try:
                response = urlopen(Request(url, data=data, headers=headers, method=method), timeout=timeout)
                self._note_rate_limit({k.lower(): v for k, v in response.headers.items()})
                if live:
                    return response
                with response:
                    return _parse_json(response.read())
            except HTTPError as answer:
                answer_headers = {k.lower(): v for k, v in answer.headers.items()}
                self._note_rate_limit(answer_headers)
                wait = _retry_after(answer_headers)
                failure = error_from_answer(answer.code, _parse_json(answer.read()), answer_headers, wait)
                answer.close()
                if not (answer.code == 429 or answer.code >= 500) or attempt >= self.max_retries or (wait or 0) > MAX_RETRY_AFTER:
                    raise failure from None
                time.sleep(wait if wait is not None else self._backoff(attempt))
            except (URLError, OSError) as error:
                reason = getattr(error, "reason", error)
                timed_out = isinstance(reason, socket.timeout) or isinstance(error, socket.timeout)
                if attempt >= self.max_retries:
                    raise NetworkError(
                        status=0,
                        code="TIMEOUT" if timed_out else "NETWORK_ERROR",
                        message=f"No answer within {timeout} s." if timed_out else "The API could not be reached.",
                    ) from error
                time.sleep(self._backoff(attempt))
            attempt += 1

    def _call(self, operation: str, *, path: Optional[Dict[str, str]] = None, body: Any = None, raw: Optional[bytes] = None, query: Optional[Dict[str, Any]] = None, options: Optional[RequestOptions] = None) -> Any:
        return self._send(operation, path, body, raw, query, options, live=False)

    def _events(self, operation: str, *, path: Optional[Dict[str, str]] = None, query: Optional[Dict[str, Any]] = None, options: Optional[RequestOptions] = None, **_: Any) -> Iterator[ServerSentEvent]:
        response = self._send(operation, path, None, None, query, options, live=True)
        with response:
            event, data, event_id = "message", [], None
            for raw_line in response:
                line = raw_line.decode("utf-8").rstrip("\r\n")
                if line == "":
                    if data:
                        yield ServerSentEvent(event=event, data="\n".join(data), id=event_id)
                    event, data, event_id = "message", [], None
                elif line.startswith("event:"):
                    event = line[6:].strip()
                elif line.startswith("data:"):
                    data.append(line[5:][1:] if line[5:].startswith(" ") else line[5:])
                elif line.startswith("id:"):
                    event_id = line[3:].strip()
