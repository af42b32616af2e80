package sluice

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// DefaultTolerance is how far a webhook's timestamp may be from now (replay protection).
const DefaultTolerance = 5 * time.Minute

// ErrWebhookVerification is wrapped by every verification failure.
var ErrWebhookVerification = errors.New("sluice: webhook verification failed")

func verificationError(reason string) error {
	return &webhookError{reason: reason}
}

type webhookError struct{ reason string }

func (e *webhookError) Error() string { return "sluice: webhook verification failed: " + e.reason }
func (e *webhookError) Unwrap() error { return ErrWebhookVerification }

// VerifyWebhook checks a webhook from Sluice and returns its decoded event. Either signature
// form is accepted: Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature
// "v1,<base64>", keyed with the secret's base64 part, the timestamp within tolerance; 0 means
// DefaultTolerance) or GitHub's (X-Webhook-Signature-256 "sha256=<hex>", keyed with the secret as
// shown). payload must be the raw body as received.
func VerifyWebhook(payload []byte, header http.Header, secret string, tolerance time.Duration) (Object, error) {
	if tolerance == 0 {
		tolerance = DefaultTolerance
	}
	if signature := header.Get("Webhook-Signature"); signature != "" {
		id, timestamp := header.Get("Webhook-Id"), header.Get("Webhook-Timestamp")
		seconds, err := strconv.ParseInt(timestamp, 10, 64)
		if id == "" || err != nil {
			return nil, verificationError("webhook-id or webhook-timestamp is missing")
		}
		if age := time.Since(time.Unix(seconds, 0)); age > tolerance || age < -tolerance {
			return nil, verificationError("the timestamp is outside the tolerance")
		}
		key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, "whsec_"))
		if err != nil {
			return nil, verificationError("the secret is not a whsec_ secret")
		}
		mac := hmac.New(sha256.New, key)
		mac.Write([]byte(id + "." + timestamp + "."))
		mac.Write(payload)
		expected := mac.Sum(nil)
		matched := false
		for _, part := range strings.Split(signature, " ") {
			if decoded, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(part, "v1,")); err == nil && strings.HasPrefix(part, "v1,") && hmac.Equal(decoded, expected) {
				matched = true
			}
		}
		if !matched {
			return nil, verificationError("no signature matches")
		}
	} else {
		github := header.Get("X-Webhook-Signature-256")
		if !strings.HasPrefix(github, "sha256=") {
			return nil, verificationError("the webhook carries no signature")
		}
		given, err := hex.DecodeString(strings.TrimPrefix(github, "sha256="))
		mac := hmac.New(sha256.New, []byte(secret))
		mac.Write(payload)
		if err != nil || !hmac.Equal(given, mac.Sum(nil)) {
			return nil, verificationError("the signature does not match")
		}
	}
	var event Object
	if err := json.Unmarshal(payload, &event); err != nil {
		return nil, verificationError("the body is not JSON")
	}
	return event, nil
}
