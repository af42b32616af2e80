"""Verifying a webhook in a receiver (any framework): the raw body, the headers, the endpoint's secret."""

from sluice import WebhookVerificationError, verify_webhook


def handle_webhook(raw_body: bytes, headers: dict, secret: str) -> int:
    try:
        event = verify_webhook(raw_body, headers, secret)
    except WebhookVerificationError:
        return 400
    print("received", event["type"])
    return 200
