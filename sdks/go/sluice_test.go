package sluice_test

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	sluice "github.com/sluice-dev/sluice-go"
	"github.com/sluice-dev/sluice-go/examples/quickstart"
	"github.com/sluice-dev/sluice-go/examples/verifywebhook"
)

// The Go SDK against a real gateway and engine (started by sdks/go/go.int.test.ts), and against
// local stand-ins for retries. Needs SLUICE_BASE_URL and SLUICE_API_KEY (an admin key).

func apiClient(t *testing.T) *sluice.Client {
	t.Helper()
	baseURL, apiKey := os.Getenv("SLUICE_BASE_URL"), os.Getenv("SLUICE_API_KEY")
	if baseURL == "" || apiKey == "" {
		t.Skip("SLUICE_BASE_URL and SLUICE_API_KEY are needed")
	}
	return sluice.New(apiKey, baseURL)
}

func tag() string { return strconv.FormatInt(time.Now().UnixNano(), 36) }

func workflowBody(name string) map[string]any {
	return map[string]any{
		"name":    name,
		"trigger": map[string]any{"type": "manual", "config": map[string]any{}},
		"actions": []any{map[string]any{"type": "transform", "name": "shape", "config": map[string]any{"output": map[string]any{"ok": "yes"}}}},
	}
}

func waitUntil(t *testing.T, check func() bool) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for !check() {
		if time.Now().After(deadline) {
			t.Fatal("timed out")
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func TestWorkflowLifecycle(t *testing.T) {
	client, ctx, name := apiClient(t), context.Background(), "go "+tag()
	created, err := client.CreateWorkflow(ctx, workflowBody(name))
	if err != nil || created.Status != "active" || created.Name != name || len(created.Actions) != 1 || created.CreatedAt == "" {
		t.Fatalf("create: %+v %v", created, err)
	}
	id := created.ID
	found := false
	for it := client.ListWorkflowsIter(ctx, nil); it.Next(); {
		found = found || it.Item().ID == id
	}
	if !found {
		t.Fatal("list: not found")
	}
	if updated, err := client.UpdateWorkflow(ctx, id, map[string]any{"name": name + " renamed"}); err != nil || updated.Name != name+" renamed" {
		t.Fatalf("update: %v %v", updated, err)
	}
	run, err := client.ExecuteWorkflow(ctx, id, map[string]any{"data": map[string]any{"n": 1}}, sluice.WithIdempotencyKey("go-"+name))
	if err != nil {
		t.Fatal(err)
	}
	again, err := client.ExecuteWorkflow(ctx, id, map[string]any{"data": map[string]any{"n": 1}}, sluice.WithIdempotencyKey("go-"+name))
	if err != nil || again.ExecutionID != run.ExecutionID || run.Status != "queued" {
		t.Fatalf("idempotent execute: %v %v", again, err)
	}
	waitUntil(t, func() bool {
		execution, err := client.GetExecution(ctx, run.ExecutionID)
		return err == nil && execution.Status == "completed" && len(execution.Steps) == 1
	})
	if limit := client.RateLimit(); limit == nil || limit.Limit <= 0 {
		t.Fatalf("rate limit: %v", limit)
	}
	if _, err := client.DeleteWorkflow(ctx, id); err != nil {
		t.Fatal(err)
	}
	_, err = client.GetWorkflow(ctx, id)
	var apiErr *sluice.Error
	if !errors.Is(err, sluice.ErrNotFound) || !errors.As(err, &apiErr) || apiErr.Status != 404 || apiErr.Code != "NOT_FOUND" || apiErr.RequestID == "" {
		t.Fatalf("deleted workflow: %v", err)
	}
}

// strictDecode fetches a path with the key and decodes it into out, refusing fields the struct lacks.
func strictDecode(t *testing.T, path string, out any) {
	t.Helper()
	request, _ := http.NewRequest(http.MethodGet, os.Getenv("SLUICE_BASE_URL")+path, nil)
	request.Header.Set("Authorization", "Bearer "+os.Getenv("SLUICE_API_KEY"))
	response, err := http.DefaultClient.Do(request)
	if err != nil {
		t.Fatal(err)
	}
	defer response.Body.Close()
	decoder := json.NewDecoder(response.Body)
	decoder.DisallowUnknownFields()
	if err := decoder.Decode(out); err != nil {
		t.Fatalf("%s does not fit %T: %v", path, out, err)
	}
}

func TestStructsFitRealAnswers(t *testing.T) {
	client, ctx := apiClient(t), context.Background()
	created, err := client.CreateWorkflow(ctx, workflowBody("go strict "+tag()))
	if err != nil {
		t.Fatal(err)
	}
	run, err := client.ExecuteWorkflow(ctx, created.ID, nil)
	if err != nil {
		t.Fatal(err)
	}
	waitUntil(t, func() bool {
		execution, err := client.GetExecution(ctx, run.ExecutionID)
		return err == nil && execution.Status == "completed"
	})
	strictDecode(t, "/v1/workflows/"+created.ID, &sluice.Workflow{})
	strictDecode(t, "/v1/workflows", &sluice.WorkflowList{})
	strictDecode(t, "/v1/executions/"+run.ExecutionID, &sluice.Execution{})
	strictDecode(t, "/v1/workflows/"+created.ID+"/executions", &sluice.ExecutionList{})
	strictDecode(t, "/v1/whoami", &sluice.WhoAmI{})
	strictDecode(t, "/v1/usage", &sluice.Usage{})
}

func TestExecuteWithoutABody(t *testing.T) {
	client, ctx := apiClient(t), context.Background()
	created, err := client.CreateWorkflow(ctx, workflowBody("go no body "+tag()))
	if err != nil {
		t.Fatal(err)
	}
	run, err := client.ExecuteWorkflow(ctx, created.ID, nil)
	if err != nil || run.ExecutionID == "" {
		t.Fatalf("execute without a body: %+v %v", run, err)
	}
}

// kindOf is the category and status of a call's error.
func kindOf(t *testing.T, err error) (sluice.Kind, *sluice.Error) {
	t.Helper()
	var apiErr *sluice.Error
	if !errors.As(err, &apiErr) {
		t.Fatalf("not a *sluice.Error: %v", err)
	}
	return apiErr.Kind, apiErr
}

func TestKindNames(t *testing.T) {
	names := map[sluice.Kind]string{sluice.KindOther: "other", sluice.KindNotFound: "not found", sluice.KindRateLimit: "rate limit", sluice.KindNetwork: "network", sluice.Kind(42): "Kind(42)"}
	for kind, want := range names {
		if got := fmt.Sprint(kind); got != want {
			t.Errorf("fmt.Sprint(Kind %d) = %q, want %q", int(kind), got, want)
		}
	}
}

func TestErrorCategories(t *testing.T) {
	client, ctx := apiClient(t), context.Background()
	baseURL := os.Getenv("SLUICE_BASE_URL")
	readOnly, limited := os.Getenv("SLUICE_READ_KEY"), os.Getenv("SLUICE_LIMITED_KEY")
	if readOnly == "" || limited == "" {
		t.Fatal("SLUICE_READ_KEY and SLUICE_LIMITED_KEY are needed")
	}
	cases := []struct {
		name     string
		call     func() error
		kind     sluice.Kind
		sentinel error
		status   int
	}{
		{"401 bad key", func() error { _, err := sluice.New("sk_live_wrong", baseURL).Whoami(ctx); return err }, sluice.KindAuthentication, sluice.ErrAuthentication, 401},
		{"403 read-only key writes", func() error {
			_, err := sluice.New(readOnly, baseURL).CreateWorkflow(ctx, workflowBody("refused"))
			return err
		}, sluice.KindPermission, sluice.ErrPermission, 403},
		{"404 unknown id", func() error { _, err := client.GetWorkflow(ctx, "wf_missing"); return err }, sluice.KindNotFound, sluice.ErrNotFound, 404},
		{"422 bad body", func() error { _, err := client.CreateWorkflow(ctx, map[string]any{"name": ""}); return err }, sluice.KindValidation, sluice.ErrValidation, 422},
		{"409 idempotency key reused with another body", func() error {
			created, err := client.CreateWorkflow(ctx, workflowBody("go conflict "+tag()))
			if err != nil {
				return err
			}
			key := sluice.WithIdempotencyKey("go-conflict-" + tag())
			if _, err := client.ExecuteWorkflow(ctx, created.ID, map[string]any{"data": map[string]any{"n": 1}}, key); err != nil {
				return err
			}
			_, err = client.ExecuteWorkflow(ctx, created.ID, map[string]any{"data": map[string]any{"n": 2}}, key)
			return err
		}, sluice.KindConflict, sluice.ErrConflict, 409},
		{"429 quota used up", func() error {
			limitedClient := sluice.New(limited, baseURL)
			_, _ = limitedClient.Whoami(ctx)
			_, err := limitedClient.Whoami(ctx)
			return err
		}, sluice.KindRateLimit, sluice.ErrRateLimit, 429},
		{"network: a closed port", func() error {
			_, err := sluice.New("sk_live_x", closedPortURL(t), sluice.WithMaxRetries(0)).Whoami(ctx)
			return err
		}, sluice.KindNetwork, sluice.ErrNetwork, 0},
	}
	for _, c := range cases {
		err := c.call()
		kind, apiErr := kindOf(t, err)
		if kind != c.kind || !errors.Is(err, c.sentinel) || apiErr.Status != c.status || apiErr.Message == "" || apiErr.Code == "" {
			t.Errorf("%s: got kind %d, %v", c.name, kind, err)
		}
		if c.status != 0 && apiErr.RequestID == "" {
			t.Errorf("%s: no request id", c.name)
		}
		if c.status == 0 && apiErr.Code != "NETWORK_ERROR" {
			t.Errorf("%s: code %s", c.name, apiErr.Code)
		}
		if c.status == 429 && apiErr.RetryAfter < time.Second {
			t.Errorf("%s: Retry-After %v", c.name, apiErr.RetryAfter)
		}
		if c.status == 422 && len(apiErr.Details) == 0 {
			t.Errorf("%s: no details", c.name)
		}
		for _, other := range []error{sluice.ErrAuthentication, sluice.ErrNotFound, sluice.ErrServer} {
			if other != c.sentinel && errors.Is(err, other) {
				t.Errorf("%s: also %v", c.name, other)
			}
		}
	}
}

// closedPortURL is the address of a port nothing listens on (just closed).
func closedPortURL(t *testing.T) string {
	t.Helper()
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	address := listener.Addr().String()
	_ = listener.Close()
	return "http://" + address
}

func TestQuickstart(t *testing.T) {
	apiClient(t)
	run, analysis, err := quickstart.Run(context.Background(), os.Getenv("SLUICE_API_KEY"), os.Getenv("SLUICE_BASE_URL"))
	if err != nil {
		t.Fatal(err)
	}
	if run.Status != "queued" || analysis.Status != "completed" || analysis.Insights == nil || analysis.Insights.Trend == nil || analysis.Insights.Trend.Direction != "increasing" {
		t.Fatalf("quick start: %v %v", run, analysis)
	}
}

func TestPagination(t *testing.T) {
	client, ctx, marker := apiClient(t), context.Background(), tag()
	for i := 0; i < 5; i++ {
		if _, err := client.CreateWorkflow(ctx, workflowBody(fmt.Sprintf("paged %s %d", marker, i))); err != nil {
			t.Fatal(err)
		}
	}
	var names []string
	it := client.ListWorkflowsIter(ctx, sluice.Params{"limit": "2"})
	for it.Next() {
		if name := it.Item().Name; strings.Contains(name, marker) {
			names = append(names, name)
		}
	}
	err := it.Err()
	sort.Strings(names)
	want := []string{}
	for i := 0; i < 5; i++ {
		want = append(want, fmt.Sprintf("paged %s %d", marker, i))
	}
	if err != nil || !reflect.DeepEqual(names, want) {
		t.Fatalf("pages: %v %v", names, err)
	}
}

// executionIDs walks ListAccountExecutionsIter with query and gives the ids, typed, in order.
func executionIDs(t *testing.T, client *sluice.Client, query sluice.Params) []string {
	t.Helper()
	ids := []string{}
	it := client.ListAccountExecutionsIter(context.Background(), query)
	for it.Next() {
		var item sluice.ExecutionSummary = it.Item()
		ids = append(ids, item.ID)
	}
	if err := it.Err(); err != nil {
		t.Fatal(err)
	}
	return ids
}

func TestCursorPaginationAndStepAttempts(t *testing.T) {
	client, ctx, marker := apiClient(t), context.Background(), tag()
	shaped, err := client.CreateWorkflow(ctx, workflowBody("go cursor "+marker))
	if err != nil {
		t.Fatal(err)
	}
	failing, err := client.CreateWorkflow(ctx, map[string]any{
		"name":    "go failing " + marker,
		"trigger": map[string]any{"type": "manual", "config": map[string]any{}},
		"actions": []any{map[string]any{"type": "http_request", "name": "call", "max_attempts": 1, "config": map[string]any{"url": closedPortURL(t) + "/closed"}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	runs := []string{}
	for i := 0; i < 5; i++ {
		run, err := client.ExecuteWorkflow(ctx, shaped.ID, map[string]any{"data": map[string]any{"i": i}})
		if err != nil {
			t.Fatal(err)
		}
		runs = append(runs, run.ExecutionID)
	}
	failedRun, err := client.ExecuteWorkflow(ctx, failing.ID, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range append([]string{failedRun.ExecutionID}, runs...) {
		waitUntil(t, func() bool {
			execution, err := client.GetExecution(ctx, id)
			return err == nil && (execution.Status == "completed" || execution.Status == "failed")
		})
	}
	strictDecode(t, "/v1/executions?limit=2&workflow_id="+shaped.ID, &sluice.ExecutionPage{})
	first, err := client.ListAccountExecutions(ctx, sluice.Params{"limit": "2", "workflow_id": shaped.ID})
	if err != nil || !first.HasMore || first.NextCursor == nil || len(first.Executions) != 2 {
		t.Fatalf("first page: %+v %v", first, err)
	}
	// limit 2 makes three pages of the workflow's five executions; each seen once.
	seen := executionIDs(t, client, sluice.Params{"limit": "2", "workflow_id": shaped.ID})
	sort.Strings(seen)
	sort.Strings(runs)
	if !reflect.DeepEqual(seen, runs) {
		t.Fatalf("walked %v, want %v", seen, runs)
	}
	if failed := executionIDs(t, client, sluice.Params{"limit": "2", "status": "failed", "workflow_id": failing.ID}); !reflect.DeepEqual(failed, []string{failedRun.ExecutionID}) {
		t.Fatalf("status failed: %v", failed)
	}
	if none := executionIDs(t, client, sluice.Params{"status": "failed", "workflow_id": shaped.ID}); len(none) != 0 {
		t.Fatalf("no failed executions expected: %v", none)
	}
	execution, err := client.GetExecution(ctx, failedRun.ExecutionID)
	if err != nil || len(execution.Steps) != 1 {
		t.Fatalf("execution: %+v %v", execution, err)
	}
	step := execution.Steps[0]
	var attempts []sluice.StepAttempt = step.AttemptHistory
	if step.Attempts != 1 || len(attempts) != 1 || attempts[0].Attempt != 1 || attempts[0].Outcome != "failed" || attempts[0].Error == nil || attempts[0].Error.Code == "" {
		t.Fatalf("attempts: %d %+v", step.Attempts, attempts)
	}
}

func TestPatchWorkflowKeepsOtherFields(t *testing.T) {
	client, ctx, marker := apiClient(t), context.Background(), tag()
	body := workflowBody("go patch " + marker)
	body["description"] = "kept"
	created, err := client.CreateWorkflow(ctx, body)
	if err != nil {
		t.Fatal(err)
	}
	patched, err := client.PatchWorkflow(ctx, created.ID, map[string]any{"name": "go patched " + marker})
	if err != nil || patched.Name != "go patched "+marker {
		t.Fatalf("patch: %+v %v", patched, err)
	}
	rest := *patched
	rest.Name, rest.UpdatedAt = created.Name, created.UpdatedAt
	if !reflect.DeepEqual(rest, *created) || rest.Description == nil || *rest.Description != "kept" {
		t.Fatalf("patch changed other fields: %+v, was %+v", rest, *created)
	}
}

func TestRecoverWebhookDeliveriesWithNoneFailed(t *testing.T) {
	client, ctx := apiClient(t), context.Background()
	endpoint, err := client.CreateWebhookEndpoint(ctx, map[string]any{"url": closedPortURL(t) + "/hooks", "events": []string{"workflow.completed"}})
	if err != nil {
		t.Fatal(err)
	}
	since := time.Now().Add(-time.Hour).UTC().Format(time.RFC3339)
	var recovered *sluice.RecoverWebhookDeliveriesResult
	recovered, err = client.RecoverWebhookDeliveries(ctx, endpoint.ID, map[string]any{"since": since})
	if err != nil || recovered.Queued != 0 || recovered.ContinuesInBackground {
		t.Fatalf("recover: %+v %v", recovered, err)
	}
}

func TestFollowStream(t *testing.T) {
	client, ctx, name := apiClient(t), context.Background(), "go-"+tag()
	send := func(id string, v int) {
		event := map[string]any{"id": id, "timestamp": "2026-11-25T10:00:00Z", "fields": map[string]any{"v": v}}
		if _, err := client.SendStreamEvents(ctx, name, map[string]any{"events": []any{event}}); err != nil {
			t.Fatal(err)
		}
	}
	send("a", 1)
	live, err := client.FollowStream(ctx, name)
	if err != nil {
		t.Fatal(err)
	}
	defer live.Close()
	if first, err := live.Next(); err != nil || first.Event != "statistics" {
		t.Fatalf("first event: %v %v", first, err)
	}
	send("b", 2)
	second, err := live.Next()
	var statistics struct{ Events int }
	if err != nil || json.Unmarshal([]byte(second.Data), &statistics) != nil || statistics.Events != 2 {
		t.Fatalf("second event: %v %v", second, err)
	}
}

func TestValidationError(t *testing.T) {
	client := apiClient(t)
	_, err := client.CreateWorkflow(context.Background(), map[string]any{"name": "", "trigger": map[string]any{"type": "manual", "config": map[string]any{}}, "actions": []any{}})
	var apiErr *sluice.Error
	if !errors.As(err, &apiErr) || apiErr.Status != 422 || apiErr.Code != "VALIDATION_FAILED" || len(apiErr.Details) == 0 {
		t.Fatalf("validation: %v", err)
	}
}

func TestVerifiesARealDelivery(t *testing.T) {
	client, ctx := apiClient(t), context.Background()
	deliveries := make(chan *http.Request, 4)
	bodies := make(chan []byte, 4)
	receiver := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		deliveries <- r
		bodies <- body
	}))
	defer receiver.Close()
	endpoint, err := client.CreateWebhookEndpoint(ctx, map[string]any{"url": receiver.URL + "/hooks", "events": []string{"workflow.completed"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := client.SendTestWebhook(ctx, endpoint.ID, map[string]any{"type": "workflow.completed"}); err != nil {
		t.Fatal(err)
	}
	var request *http.Request
	select {
	case request = <-deliveries:
	case <-time.After(15 * time.Second):
		t.Fatal("no delivery")
	}
	body := <-bodies
	secret := endpoint.Secret
	status := func(body []byte, header http.Header) int {
		recorder := httptest.NewRecorder()
		incoming := httptest.NewRequest(http.MethodPost, "/hooks", bytes.NewReader(body))
		incoming.Header = header
		verifywebhook.Handler(secret).ServeHTTP(recorder, incoming)
		return recorder.Code
	}
	githubOnly := http.Header{"X-Webhook-Signature-256": request.Header.Values("X-Webhook-Signature-256")}
	tampered := bytes.Replace(body, []byte("workflow"), []byte("workfl0w"), 1)
	if got := []int{status(body, request.Header), status(body, githubOnly), status(tampered, request.Header), status(body, http.Header{"X-Webhook-Signature-256": {"sha256=00"}})}; !reflect.DeepEqual(got, []int{200, 200, 400, 400}) {
		t.Fatalf("verification outcomes: %v", got)
	}
}

func TestRetryAfterKeepsTheIdempotencyKey(t *testing.T) {
	var mu sync.Mutex
	var keys []string
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		keys = append(keys, r.Header.Get("Idempotency-Key"))
		first := len(keys) == 1
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		if first {
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(429)
			_, _ = w.Write([]byte(`{"error":{"code":"RATE_LIMITED","message":"Slow down","request_id":"req_1"}}`))
			return
		}
		w.WriteHeader(202)
		_, _ = w.Write([]byte(`{"execution_id":"exec_1","status":"queued"}`))
	}))
	defer server.Close()
	started := time.Now()
	result, err := sluice.New("sk_test_x", server.URL).ExecuteWorkflow(context.Background(), "wf_1", map[string]any{"data": map[string]any{}})
	if err != nil || result.ExecutionID != "exec_1" {
		t.Fatalf("retried call: %v %v", result, err)
	}
	if time.Since(started) < time.Second {
		t.Fatal("Retry-After was not waited for")
	}
	if len(keys) != 2 || keys[0] == "" || keys[0] != keys[1] {
		t.Fatalf("idempotency keys: %v", keys)
	}
}

func TestRetries5xxThenFails(t *testing.T) {
	calls := 0
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls++
		w.WriteHeader(503)
		_, _ = w.Write([]byte(`{"error":{"code":"SERVICE_UNAVAILABLE","message":"Down","request_id":"req_2"}}`))
	}))
	defer server.Close()
	_, err := sluice.New("sk_test_x", server.URL, sluice.WithMaxRetries(2), sluice.WithRetryBase(10*time.Millisecond)).Whoami(context.Background())
	var apiErr *sluice.Error
	if !errors.Is(err, sluice.ErrServer) || !errors.As(err, &apiErr) || apiErr.Status != 503 || apiErr.RequestID != "req_2" || calls != 3 {
		t.Fatalf("after retries: %v, %d calls", err, calls)
	}
}

func TestTimeout(t *testing.T) {
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { time.Sleep(time.Second) }))
	defer server.Close()
	_, err := sluice.New("sk_test_x", server.URL, sluice.WithTimeout(200*time.Millisecond), sluice.WithMaxRetries(0)).Whoami(context.Background())
	var apiErr *sluice.Error
	if !errors.Is(err, sluice.ErrNetwork) || !errors.As(err, &apiErr) || apiErr.Status != 0 || apiErr.Code != "TIMEOUT" {
		t.Fatalf("timeout: %v", err)
	}
}

func TestWebhookTolerance(t *testing.T) {
	secret := "whsec_" + base64.StdEncoding.EncodeToString([]byte("0123456789abcdef0123456789abcdef"))
	body := []byte(`{"type":"ping"}`)
	signed := func(at time.Time) http.Header {
		timestamp := strconv.FormatInt(at.Unix(), 10)
		key, _ := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, "whsec_"))
		mac := hmac.New(sha256.New, key)
		mac.Write([]byte("evt_1." + timestamp + "."))
		mac.Write(body)
		return http.Header{"Webhook-Id": {"evt_1"}, "Webhook-Timestamp": {timestamp}, "Webhook-Signature": {"v1," + base64.StdEncoding.EncodeToString(mac.Sum(nil))}}
	}
	if _, err := sluice.VerifyWebhook(body, signed(time.Now().Add(-time.Hour)), secret, 0); !errors.Is(err, sluice.ErrWebhookVerification) {
		t.Fatalf("an hour old: %v", err)
	}
	if event, err := sluice.VerifyWebhook(body, signed(time.Now()), secret, 0); err != nil || event["type"] != "ping" {
		t.Fatalf("fresh: %v %v", event, err)
	}
}

func TestDrift(t *testing.T) {
	spec, err := os.ReadFile("../../openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	pathLine, idLine := regexp.MustCompile(`^  (/\S+):$`), regexp.MustCompile(`^\s+operationId: (\w+)$`)
	clientType := reflect.TypeOf(&sluice.Client{})
	path, count := "", 0
	for _, line := range strings.Split(string(spec), "\n") {
		if m := pathLine.FindStringSubmatch(line); m != nil {
			path = m[1]
		}
		if m := idLine.FindStringSubmatch(line); m != nil && strings.HasPrefix(path, "/v1/") {
			count++
			name := strings.ToUpper(m[1][:1]) + m[1][1:]
			if _, ok := clientType.MethodByName(name); !ok {
				t.Errorf("openapi.yaml's %s has no method %s", m[1], name)
			}
		}
	}
	if count < 30 {
		t.Fatalf("read %d operations", count)
	}
}
