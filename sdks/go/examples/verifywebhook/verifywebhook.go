// Package verifywebhook shows a webhook receiver (net/http) verifying Sluice's signatures.
package verifywebhook

import (
	"errors"
	"fmt"
	"io"
	"net/http"

	sluice "github.com/sluice-dev/sluice-go"
)

// Handler answers 200 for a verified webhook and 400 for anything else.
func Handler(secret string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			http.Error(w, "unreadable body", http.StatusBadRequest)
			return
		}
		event, err := sluice.VerifyWebhook(body, r.Header, secret, 0)
		if errors.Is(err, sluice.ErrWebhookVerification) {
			http.Error(w, "invalid signature", http.StatusBadRequest)
			return
		}
		fmt.Println("received", event["type"])
		w.WriteHeader(http.StatusOK)
	})
}
