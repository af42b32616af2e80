import type { CodeTab } from "../../../components/ui/code-tabs";

/**
 * A signed delivery to check a verifier against. webhook-verification.test.ts recomputes both
 * signatures with the gateway's own signing functions (core/webhooks/signing.ts) and runs the
 * JavaScript verifier below on them, so these values and that code cannot drift from the server.
 */
export const WEBHOOK_TEST_VECTOR = {
  secret: "whsec_c2x1aWNlLXRlc3QtdmVjdG9yLXNlY3JldC0x",
  webhookId: "evt_2bFyqJoj1nm5zWsXm3TnD9",
  webhookTimestamp: 1795251600,
  body: '{"id":"evt_2bFyqJoj1nm5zWsXm3TnD9","type":"workflow.completed","timestamp":"2026-11-21T09:00:00.000Z","data":{"workflow_id":"wf_2bFyqHk4T1jVx3oGm1Hc7Q","execution_id":"exec_2bFyqJ9KcT1Qp4YV8xLb2M","duration_ms":412,"actions_executed":3}}',
  webhookSignature: "v1,FST+tDRd89AMU2dmQXMMXvNHP4NAwD/vZQ9OLNf2T8U=",
  signature256: "sha256=4d6a9b0d3ad89501a4e7fcf541050f9de1b25f02b251d74bbb3ec95e9031ec21",
} as const;

/** How far a webhook-timestamp may be from the receiver's clock, in seconds. */
export const TIMESTAMP_TOLERANCE_SECONDS = 300;

export const SIGNED_REQUEST_EXAMPLE = `POST /your/webhook/url HTTP/1.1
Content-Type: application/json
User-Agent: Sluice-Webhooks/1.0
webhook-id: ${WEBHOOK_TEST_VECTOR.webhookId}
webhook-timestamp: ${WEBHOOK_TEST_VECTOR.webhookTimestamp}
webhook-signature: ${WEBHOOK_TEST_VECTOR.webhookSignature}
X-Webhook-Signature-256: ${WEBHOOK_TEST_VECTOR.signature256}

${WEBHOOK_TEST_VECTOR.body}`;

export const JAVASCRIPT_VERIFIER = `import { createHmac, timingSafeEqual } from "node:crypto";

const same = (a, b) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

// rawBody: the request body exactly as received (a string); headers: lower-case names (Node).
export function verifyStandard(secret, rawBody, headers) {
  const id = headers["webhook-id"];
  const timestamp = headers["webhook-timestamp"];
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > ${TIMESTAMP_TOLERANCE_SECONDS}) return false;
  const key = Buffer.from(secret.slice("whsec_".length), "base64");
  const expected = createHmac("sha256", key).update(\`\${id}.\${timestamp}.\${rawBody}\`).digest("base64");
  return (headers["webhook-signature"] ?? "").split(" ").some((signature) => same(signature, \`v1,\${expected}\`));
}

export function verifyGithubStyle(secret, rawBody, headers) {
  const expected = \`sha256=\${createHmac("sha256", secret).update(rawBody).digest("hex")}\`;
  return same(headers["x-webhook-signature-256"] ?? "", expected);
}`;

const PYTHON_VERIFIER = `import base64, hashlib, hmac, time

def verify_standard(secret: str, raw_body: bytes, headers) -> bool:
    msg_id, timestamp = headers["webhook-id"], headers["webhook-timestamp"]
    if abs(time.time() - int(timestamp)) > ${TIMESTAMP_TOLERANCE_SECONDS}:
        return False
    key = base64.b64decode(secret.removeprefix("whsec_"))
    signed = f"{msg_id}.{timestamp}.".encode() + raw_body
    expected = "v1," + base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
    return any(hmac.compare_digest(candidate, expected) for candidate in headers.get("webhook-signature", "").split(" "))

def verify_github_style(secret: str, raw_body: bytes, headers) -> bool:
    expected = "sha256=" + hmac.new(secret.encode(), raw_body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(headers.get("x-webhook-signature-256", ""), expected)`;

const GO_VERIFIER = `package webhooks

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// VerifyStandard checks webhook-signature: v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">,
// keyed with the base64-decoded bytes after "whsec_".
func VerifyStandard(secret string, rawBody []byte, header http.Header) bool {
	id, timestamp := header.Get("webhook-id"), header.Get("webhook-timestamp")
	seconds, err := strconv.ParseInt(timestamp, 10, 64)
	if err != nil {
		return false
	}
	if age := time.Now().Unix() - seconds; age > ${TIMESTAMP_TOLERANCE_SECONDS} || age < -${TIMESTAMP_TOLERANCE_SECONDS} {
		return false
	}
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, "whsec_"))
	if err != nil {
		return false
	}
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(id + "." + timestamp + "."))
	mac.Write(rawBody)
	expected := []byte("v1," + base64.StdEncoding.EncodeToString(mac.Sum(nil)))
	for _, candidate := range strings.Split(header.Get("webhook-signature"), " ") {
		if hmac.Equal([]byte(candidate), expected) {
			return true
		}
	}
	return false
}

// VerifyGitHubStyle checks X-Webhook-Signature-256: sha256=<hex HMAC-SHA256 of the body>,
// keyed with the whole secret string, "whsec_" included.
func VerifyGitHubStyle(secret string, rawBody []byte, header http.Header) bool {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(rawBody)
	expected := "sha256=" + hex.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(header.Get("X-Webhook-Signature-256")), []byte(expected))
}`;

export const VERIFIER_SAMPLES: readonly CodeTab[] = [
  { label: "JavaScript", code: JAVASCRIPT_VERIFIER },
  { label: "Python", code: PYTHON_VERIFIER },
  { label: "Go", code: GO_VERIFIER },
];
