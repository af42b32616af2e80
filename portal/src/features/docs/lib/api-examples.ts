import type { ApiRequest } from "./request-samples";

/**
 * The requests the documentation shows. api-examples.test.ts parses every body with the API's own
 * request schemas and finds every path in openapi.yaml, so a sample that the API would refuse fails
 * the build's tests.
 */

/** The first call to make: which key is this, in which mode, on which plan. */
export const WHOAMI_REQUEST: ApiRequest = { method: "GET", path: "/v1/whoami" };

/** A webhook-triggered workflow that posts each new sign-up to Slack. */
export const CREATE_WORKFLOW_REQUEST: ApiRequest = {
  method: "POST",
  path: "/v1/workflows",
  body: {
    name: "New sign-up to Slack",
    description: "Posts every sign-up sent to the workflow's webhook URL to the #growth channel.",
    trigger: { type: "webhook" },
    actions: [
      {
        type: "chat_message",
        name: "notify",
        config: {
          provider: "slack",
          webhook_url: "https://hooks.slack.com/services/T000/B000/XXXXXXXX",
          text: "New sign-up: {{trigger.data.email}} ({{trigger.data.plan}})",
        },
      },
    ],
  },
};

/** Runs a workflow now; the Idempotency-Key makes a retried request return the same execution. */
export const EXECUTE_WORKFLOW_REQUEST: ApiRequest = {
  method: "POST",
  path: "/v1/workflows/wf_1AbCdEfGhJkLmNpQrStUvW/execute",
  headers: { "Idempotency-Key": "signup-ada-2026-11-21" },
  body: { data: { email: "ada@example.com", plan: "starter" } },
};

/** The account's failed and cancelled executions since a date, across workflows, newest first. */
export const LIST_EXECUTIONS_REQUEST: ApiRequest = { method: "GET", path: "/v1/executions?status=failed,cancelled&created_after=2026-11-20&limit=20" };

/** A batch of two events to a stream (created by its first batch). */
export const STREAM_EVENTS_REQUEST: ApiRequest = {
  method: "POST",
  path: "/v1/streams/checkout-latency/events",
  body: {
    events: [
      { id: "evt-1041", timestamp: "2026-11-21T09:00:00Z", fields: { latency_ms: 182, items: 3 }, dimensions: { region: "eu-west" } },
      { id: "evt-1042", timestamp: "2026-11-21T09:00:01Z", fields: { latency_ms: 4870, items: 2 }, dimensions: { region: "eu-west" } },
    ],
  },
};

/** A trend analysis over inline rows: answered inline when quick, else 202 with an analysis_id. */
export const ANALYZE_REQUEST: ApiRequest = {
  method: "POST",
  path: "/v1/data/analyze",
  body: {
    analysis: "trend",
    time_column: "date",
    value_column: "revenue",
    dataset: [
      { date: "2026-11-01", revenue: 1200 },
      { date: "2026-11-02", revenue: 1350 },
      { date: "2026-11-03", revenue: 1410 },
      { date: "2026-11-04", revenue: 1385 },
      { date: "2026-11-05", revenue: 1520 },
    ],
  },
};

export const CREATED_WORKFLOW_RESPONSE = `HTTP/1.1 201 Created
X-RateLimit-Limit: 60
X-RateLimit-Remaining: 59
X-RateLimit-Reset: 1795251660

{
  "id": "wf_1AbCdEfGhJkLmNpQrStUvW",
  "name": "New sign-up to Slack",
  "status": "active",
  "trigger": { "type": "webhook", "config": {} },
  "webhook_url": "https://sluice.example/hooks/wf_1AbCdEfGhJkLmNpQrStUvW/…",
  "created_at": "2026-11-21T09:00:00.000Z",
  …
}`;

export const STREAM_EVENTS_RESPONSE = `HTTP/1.1 200 OK

{
  "stream": "checkout-latency",
  "accepted": 2,
  "duplicates": 0,
  "anomalies": [
    { "event_id": "evt-1042", "field": "latency_ms", "sequence": 1042, "value": 4870, "score": 41.2 }
  ]
}`;

export const EXECUTION_STARTED_RESPONSE = `HTTP/1.1 202 Accepted

{
  "execution_id": "exec_1AbCdEfGhJkLmNpQrStUvW",
  "status": "queued",
  "started_at": "2026-11-21T09:00:00.000Z"
}`;

/** A page of GET /v1/executions; the next page is the same request with cursor=<next_cursor>. */
export const EXECUTION_PAGE_RESPONSE = `HTTP/1.1 200 OK

{
  "executions": [
    {
      "id": "exec_1QrStUvWxYz2AbCdEfGhJk",
      "workflow_id": "wf_1AbCdEfGhJkLmNpQrStUvW",
      "status": "failed",
      "trigger_type": "webhook",
      "trigger_data": { "email": "ada@example.com", "plan": "starter" },
      "mode": "live",
      "queued_at": "2026-11-21T08:58:00.000Z",
      "started_at": "2026-11-21T08:58:00.041Z",
      "finished_at": "2026-11-21T08:58:01.250Z",
      "duration_ms": 1209,
      "error": { "code": "ACTION_FAILED", "message": "Slack answered 404 no_service" },
      "rerun_of": null
    }
  ],
  "has_more": true,
  "next_cursor": "MjAyNi0xMS0yMVQwODo1ODowMC4wMDAwMDBaIGV4ZWNfMVFyU3RVdld4WXoyQWJDZEVmR2hKaw"
}`;
