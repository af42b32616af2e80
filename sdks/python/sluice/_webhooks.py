import base64
import binascii
import hashlib
import hmac
import json
import time
from typing import Any, Mapping, Optional, Union

from ._errors import WebhookVerificationError

#: Signatures older or newer than this are refused (replay protection), in seconds.
DEFAULT_TOLERANCE_SECONDS = 300


def _header(headers: Mapping[str, Any], name: str) -> Optional[str]:
    for key, value in headers.items():
        if key.lower() == name:
            return value[0] if isinstance(value, (list, tuple)) else value
    return None


def _b64decode(text: str) -> bytes:
    try:
        return base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        return b""


def verify_webhook(
    payload: Union[str, bytes],
    headers: Mapping[str, Any],
    secret: str,
    tolerance_seconds: int = DEFAULT_TOLERANCE_SECONDS,
    now: Optional[float] = None,
) -> Any:
    """Checks a webhook from Sluice and returns its parsed event.

    Either signature form is accepted: Standard Webhooks (webhook-id, webhook-timestamp,
    webhook-signature "v1,<base64>", keyed with the secret's base64 part, the timestamp within
    ``tolerance_seconds``) or GitHub's (X-Webhook-Signature-256 "sha256=<hex>" of the body, keyed
    with the secret as shown). Raises WebhookVerificationError otherwise.
    """
    body = payload if isinstance(payload, bytes) else payload.encode("utf-8")
    signature = _header(headers, "webhook-signature")
    if signature is not None:
        event_id = _header(headers, "webhook-id")
        timestamp = _header(headers, "webhook-timestamp")
        if not event_id or not timestamp or not timestamp.isdigit():
            raise WebhookVerificationError("webhook-id or webhook-timestamp is missing.")
        current = int(now if now is not None else time.time())
        if abs(current - int(timestamp)) > tolerance_seconds:
            raise WebhookVerificationError("The webhook's timestamp is outside the tolerance.")
        key = _b64decode(secret[len("whsec_"):] if secret.startswith("whsec_") else secret)
        expected = hmac.new(key, f"{event_id}.{timestamp}.".encode("utf-8") + body, hashlib.sha256).digest()
        if not any(part.startswith("v1,") and hmac.compare_digest(_b64decode(part[3:]), expected) for part in signature.split(" ")):
            raise WebhookVerificationError("No signature matches.")
    else:
        github = _header(headers, "x-webhook-signature-256")
        if not github or not github.startswith("sha256="):
            raise WebhookVerificationError("The webhook carries no signature.")
        expected_hex = hmac.new(secret.encode("utf-8"), body, hashlib.sha256).hexdigest()
        if not hmac.compare_digest(github[len("sha256="):], expected_hex):
            raise WebhookVerificationError("The signature does not match.")
    try:
        return json.loads(body)
    except ValueError:
        raise WebhookVerificationError("The body is not JSON.") from None
