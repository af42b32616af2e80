// Package sluice is the Go client of the Sluice API: every /v1 operation as a method (generated
// from openapi.yaml), retries, typed errors, pagination, rate-limit info, live streams and
// webhook verification. It uses the standard library only.
package sluice

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	mathrand "math/rand"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Version is sent in the User-Agent header.
const Version = "1.0.0"

const (
	retryCap      = 8 * time.Second
	maxRetryAfter = 60 * time.Second
)

// Object is a decoded JSON object answer.
type Object = map[string]any

// Params are query parameters.
type Params = map[string]string

// Operation is an operation's method and path template.
type Operation struct {
	Method string
	Path   string
}

// RateLimitInfo is the rate limit the last answer reported (X-RateLimit-* headers).
type RateLimitInfo struct {
	Limit     int
	Remaining int
	ResetAt   time.Time
}

// Client calls the Sluice API. Create it with New; it is safe for concurrent use.
type Client struct {
	apiKey     string
	baseURL    string
	httpClient *http.Client
	timeout    time.Duration
	maxRetries int
	retryBase  time.Duration

	mu        sync.Mutex
	rateLimit *RateLimitInfo
}

// Option configures a Client.
type Option func(*Client)

// WithTimeout sets the per-attempt timeout (default 30 s).
func WithTimeout(d time.Duration) Option { return func(c *Client) { c.timeout = d } }

// WithMaxRetries sets how often a 429, a 5xx, a timeout or a network failure is retried (default 3).
func WithMaxRetries(n int) Option { return func(c *Client) { c.maxRetries = n } }

// WithRetryBase sets the first backoff step (default 500 ms, doubled each retry with jitter, at most 8 s).
func WithRetryBase(d time.Duration) Option { return func(c *Client) { c.retryBase = d } }

// WithHTTPClient replaces http.DefaultClient.
func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.httpClient = h } }

// New returns a client for the API at baseURL (e.g. https://api.sluice.dev) with an sk_live_, sk_test_ or ak_ key.
func New(apiKey, baseURL string, opts ...Option) *Client {
	c := &Client{apiKey: apiKey, baseURL: strings.TrimRight(baseURL, "/"), httpClient: http.DefaultClient, timeout: 30 * time.Second, maxRetries: 3, retryBase: 500 * time.Millisecond}
	for _, opt := range opts {
		opt(c)
	}
	return c
}

// RateLimit returns the rate limit reported by the latest answer, or nil before the first.
func (c *Client) RateLimit() *RateLimitInfo {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.rateLimit
}

type requestOptions struct {
	idempotencyKey string
	timeout        time.Duration
	headers        map[string]string
	contentType    string
}

// RequestOption configures one call.
type RequestOption func(*requestOptions)

// WithIdempotencyKey sends Idempotency-Key; POSTs get a random one otherwise, the same on every retry.
func WithIdempotencyKey(key string) RequestOption {
	return func(o *requestOptions) { o.idempotencyKey = key }
}

// WithRequestTimeout sets this call's per-attempt timeout.
func WithRequestTimeout(d time.Duration) RequestOption {
	return func(o *requestOptions) { o.timeout = d }
}

// WithHeader adds a request header.
func WithHeader(name, value string) RequestOption {
	return func(o *requestOptions) { o.headers[name] = value }
}

// WithContentType sets an upload's Content-Type (e.g. text/csv); application/octet-stream otherwise.
func WithContentType(contentType string) RequestOption {
	return func(o *requestOptions) { o.contentType = contentType }
}

type operationInput struct {
	Path  map[string]string
	Query Params
	Body  any
	Raw   io.Reader
}

// ErrorDetail is one validation problem: the field and what is wrong with it.
type ErrorDetail struct {
	Field   string `json:"field"`
	Message string `json:"message"`
}

// Kind is the category of a failure; each has a sentinel error for errors.Is.
type Kind int

// The categories of failures.
const (
	KindOther          Kind = iota // another status (e.g. 402, 413)
	KindAuthentication             // 401: the key is missing, unknown, revoked or expired
	KindPermission                 // 403: the key may not do this
	KindNotFound                   // 404: no such object or route
	KindConflict                   // 409: the object's state forbids it, or an Idempotency-Key reused with another body
	KindValidation                 // 400 or 422: malformed or invalid; Details names each field
	KindRateLimit                  // 429: a rate limit or quota; RetryAfter says when to try again
	KindServer                     // 5xx: the API failed (retried before it is returned)
	KindNetwork                    // no answer: unreachable (NETWORK_ERROR) or too slow (TIMEOUT); Status 0
)

var kindNames = [...]string{"other", "authentication", "permission", "not found", "conflict", "validation", "rate limit", "server", "network"}

// String names the category ("not found", "rate limit"), so %v prints a word, not a number.
func (k Kind) String() string {
	if k < 0 || int(k) >= len(kindNames) {
		return fmt.Sprintf("Kind(%d)", int(k))
	}
	return kindNames[k]
}

// Sentinels of the categories: errors.Is(err, sluice.ErrNotFound) is true for any 404 *Error.
var (
	ErrAuthentication = errors.New("sluice: authentication failed")
	ErrPermission     = errors.New("sluice: permission denied")
	ErrNotFound       = errors.New("sluice: not found")
	ErrConflict       = errors.New("sluice: conflict")
	ErrValidation     = errors.New("sluice: invalid request")
	ErrRateLimit      = errors.New("sluice: rate limited")
	ErrServer         = errors.New("sluice: server error")
	ErrNetwork        = errors.New("sluice: network error")
)

var kindSentinels = map[Kind]error{
	KindAuthentication: ErrAuthentication,
	KindPermission:     ErrPermission,
	KindNotFound:       ErrNotFound,
	KindConflict:       ErrConflict,
	KindValidation:     ErrValidation,
	KindRateLimit:      ErrRateLimit,
	KindServer:         ErrServer,
	KindNetwork:        ErrNetwork,
}

// KindOf is the category of an answer's status (0 for no answer).
func KindOf(status int) Kind {
	switch {
	case status == 0:
		return KindNetwork
	case status == http.StatusUnauthorized:
		return KindAuthentication
	case status == http.StatusForbidden:
		return KindPermission
	case status == http.StatusNotFound:
		return KindNotFound
	case status == http.StatusConflict:
		return KindConflict
	case status == http.StatusBadRequest || status == http.StatusUnprocessableEntity:
		return KindValidation
	case status == http.StatusTooManyRequests:
		return KindRateLimit
	case status >= 500:
		return KindServer
	}
	return KindOther
}

// Error is every failure of a call: an error answer of the API, or TIMEOUT / NETWORK_ERROR (Status
// 0). Get it with errors.As; test its category with errors.Is(err, sluice.ErrNotFound) or Kind.
type Error struct {
	Kind    Kind
	Status  int
	Code    string
	Message string
	Details []ErrorDetail
	// RequestID is the answer's X-Request-Id (or its body's request_id): quote it to support.
	RequestID string
	// RetryAfter is how long the API asked to wait (Retry-After of a 429 or 503), in whole seconds.
	RetryAfter time.Duration
	Err        error
}

func (e *Error) Error() string {
	if e.RequestID != "" {
		return fmt.Sprintf("sluice: %d %s: %s (request %s)", e.Status, e.Code, e.Message, e.RequestID)
	}
	return fmt.Sprintf("sluice: %d %s: %s", e.Status, e.Code, e.Message)
}

func (e *Error) Unwrap() error { return e.Err }

// Is matches the sentinel of the error's category.
func (e *Error) Is(target error) bool {
	sentinel, ok := kindSentinels[e.Kind]
	return ok && target == sentinel
}

func errorFromAnswer(status int, body []byte, header http.Header, retryAfter time.Duration) *Error {
	var parsed struct {
		Error struct {
			Code      string        `json:"code"`
			Message   string        `json:"message"`
			Details   []ErrorDetail `json:"details"`
			RequestID string        `json:"request_id"`
		} `json:"error"`
	}
	_ = json.Unmarshal(body, &parsed)
	e := &Error{Kind: KindOf(status), Status: status, Code: parsed.Error.Code, Message: parsed.Error.Message, Details: parsed.Error.Details, RequestID: header.Get("X-Request-Id"), RetryAfter: retryAfter}
	if e.Code == "" {
		e.Code = fmt.Sprintf("HTTP_%d", status)
	}
	if e.Message == "" {
		e.Message = fmt.Sprintf("The API answered %d.", status)
	}
	if e.RequestID == "" {
		e.RequestID = parsed.Error.RequestID
	}
	return e
}

func parseRetryAfter(header http.Header) (time.Duration, bool) {
	value := header.Get("Retry-After")
	if value == "" {
		return 0, false
	}
	if seconds, err := strconv.Atoi(value); err == nil && seconds >= 0 {
		return time.Duration(seconds) * time.Second, true
	}
	if at, err := http.ParseTime(value); err == nil {
		if wait := time.Until(at); wait > 0 {
			return wait, true
		}
		return 0, true
	}
	return 0, false
}

func (c *Client) noteRateLimit(header http.Header) {
	limit, err1 := strconv.Atoi(header.Get("X-RateLimit-Limit"))
	remaining, err2 := strconv.Atoi(header.Get("X-RateLimit-Remaining"))
	reset, err3 := strconv.ParseInt(header.Get("X-RateLimit-Reset"), 10, 64)
	if err1 != nil || err2 != nil || err3 != nil {
		return
	}
	c.mu.Lock()
	c.rateLimit = &RateLimitInfo{Limit: limit, Remaining: remaining, ResetAt: time.Unix(reset, 0)}
	c.mu.Unlock()
}

func (c *Client) backoff(attempt int) time.Duration {
	ceiling := c.retryBase << attempt
	if ceiling > retryCap || ceiling <= 0 {
		ceiling = retryCap
	}
	return ceiling/2 + time.Duration(mathrand.Int63n(int64(ceiling/2)+1))
}

func randomKey() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func (c *Client) url(name string, input operationInput) (string, error) {
	op, ok := Operations[name]
	if !ok {
		return "", fmt.Errorf("sluice: unknown operation %s", name)
	}
	path := op.Path
	for key, value := range input.Path {
		if value == "" {
			return "", fmt.Errorf("sluice: %s: %s is required", name, key)
		}
		path = strings.ReplaceAll(path, "{"+key+"}", url.PathEscape(value))
	}
	query := url.Values{}
	for key, value := range input.Query {
		query.Set(key, value)
	}
	if encoded := query.Encode(); encoded != "" {
		return c.baseURL + path + "?" + encoded, nil
	}
	return c.baseURL + path, nil
}

func sleep(ctx context.Context, d time.Duration) error {
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-timer.C:
		return nil
	}
}

// send makes one call, retried as allowed. A JSON call returns the 2xx body; a live view the open response.
func (c *Client) send(ctx context.Context, name string, input operationInput, opts []RequestOption, live bool) ([]byte, *http.Response, error) {
	options := requestOptions{headers: map[string]string{}, timeout: c.timeout}
	for _, opt := range opts {
		opt(&options)
	}
	target, err := c.url(name, input)
	if err != nil {
		return nil, nil, err
	}
	method := Operations[name].Method
	var payload []byte
	contentType := ""
	if input.Body != nil {
		if payload, err = json.Marshal(input.Body); err != nil {
			return nil, nil, fmt.Errorf("sluice: encoding the body: %w", err)
		}
		contentType = "application/json"
	} else if input.Raw != nil {
		// Read once, so every retry sends the same bytes.
		if payload, err = io.ReadAll(input.Raw); err != nil {
			return nil, nil, fmt.Errorf("sluice: reading the upload: %w", err)
		}
		contentType = options.contentType
		if contentType == "" {
			contentType = "application/octet-stream"
		}
	}
	idempotencyKey := options.idempotencyKey
	if idempotencyKey == "" && method == http.MethodPost {
		idempotencyKey = randomKey()
	}
	for attempt := 0; ; attempt++ {
		// The timeout covers an attempt until its answer is read (a live view: until its headers).
		attemptCtx, cancel := context.WithCancel(ctx)
		timer := time.AfterFunc(options.timeout, cancel)
		done := func() {
			timer.Stop()
			cancel()
		}
		request, err := http.NewRequestWithContext(attemptCtx, method, target, bytes.NewReader(payload))
		if err != nil {
			done()
			return nil, nil, err
		}
		if payload == nil {
			request.Body = nil
		}
		request.Header.Set("Authorization", "Bearer "+c.apiKey)
		request.Header.Set("User-Agent", "sluice-go/"+Version)
		if live {
			request.Header.Set("Accept", "text/event-stream")
		} else {
			request.Header.Set("Accept", "application/json")
		}
		if contentType != "" {
			request.Header.Set("Content-Type", contentType)
		}
		if idempotencyKey != "" {
			request.Header.Set("Idempotency-Key", idempotencyKey)
		}
		for key, value := range options.headers {
			request.Header.Set(key, value)
		}
		response, err := c.httpClient.Do(request)
		if err != nil {
			// Read before done() cancels the attempt's context: only the timer has cancelled it yet.
			var netErr net.Error
			timedOut := attemptCtx.Err() != nil || (errors.As(err, &netErr) && netErr.Timeout())
			done()
			if ctx.Err() != nil {
				return nil, nil, ctx.Err()
			}
			failure := &Error{Kind: KindNetwork, Code: "NETWORK_ERROR", Message: "The API could not be reached.", Err: err}
			if timedOut {
				failure = &Error{Kind: KindNetwork, Code: "TIMEOUT", Message: fmt.Sprintf("No answer within %s.", options.timeout), Err: err}
			}
			if attempt >= c.maxRetries {
				return nil, nil, failure
			}
			if err := sleep(ctx, c.backoff(attempt)); err != nil {
				return nil, nil, err
			}
			continue
		}
		c.noteRateLimit(response.Header)
		if response.StatusCode >= 200 && response.StatusCode < 300 {
			if live {
				// The stream stays open until it is closed or ctx ends.
				timer.Stop()
				response.Body = &cancelOnClose{ReadCloser: response.Body, cancel: cancel}
				return nil, response, nil
			}
			body, err := io.ReadAll(response.Body)
			response.Body.Close()
			done()
			if err != nil {
				return nil, nil, &Error{Kind: KindNetwork, Code: "NETWORK_ERROR", Message: "The answer could not be read.", Err: err}
			}
			return body, nil, nil
		}
		body, _ := io.ReadAll(response.Body)
		response.Body.Close()
		done()
		wait, hasWait := parseRetryAfter(response.Header)
		failure := errorFromAnswer(response.StatusCode, body, response.Header, wait)
		retryable := response.StatusCode == http.StatusTooManyRequests || response.StatusCode >= 500
		if !retryable || attempt >= c.maxRetries || wait > maxRetryAfter {
			return nil, nil, failure
		}
		if !hasWait {
			wait = c.backoff(attempt)
		}
		if err := sleep(ctx, wait); err != nil {
			return nil, nil, err
		}
	}
}

func (c *Client) call(ctx context.Context, name string, input operationInput, opts []RequestOption, out any) error {
	body, _, err := c.send(ctx, name, input, opts, false)
	if err != nil {
		return err
	}
	if len(body) == 0 {
		return nil
	}
	if err := json.Unmarshal(body, out); err != nil {
		return &Error{Code: "INVALID_RESPONSE", Message: "The answer does not have the documented shape.", Err: err}
	}
	return nil
}
