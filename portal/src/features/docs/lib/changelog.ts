/** What changed in API version v1, newest first. */
export interface ChangelogEntry {
  date: string;
  title: string;
  changes: readonly string[];
}

export const CHANGELOG: readonly ChangelogEntry[] = [
  {
    date: "2026-12-02",
    title: "Test keys see their usage per endpoint",
    changes: [
      "GET /v1/usage with a sk_test_ key lists this month's test requests per endpoint category; they add up to requests_used (they were all 0). A live key's answer is unchanged, and neither mode counts the other's requests.",
    ],
  },
  {
    date: "2026-12-01",
    title: "Every attempt of a step",
    changes: [
      "Execution steps gain attempt_history: each attempt's start, duration and outcome (succeeded, dry_run, failed, timed_out, running, cancelled, interrupted) with its error; attempts stays the count.",
      "HTTP and chat steps keep the target's answer on every attempt, failures included: status, content-type, retry-after, x-request-id and a few more headers (never cookies or credentials), and the first 2 KiB of the body, marked when cut.",
    ],
  },
  {
    date: "2026-12-01",
    title: "A delivery log like Svix's",
    changes: [
      "GET /v1/webhook-endpoints/{id}/deliveries filters by status and event_type (one or several) and created_after/created_before; an unknown parameter or a bad value is 400 naming it.",
      "POST /v1/webhook-endpoints/{id}/recover {since, until?} sends again every delivery of the window that failed, once each, with the same event id and fresh signatures.",
      "A deleted endpoint and its delivery log stay readable (deleted_at) for the 30-day retention of the log; its secret is erased at once.",
    ],
  },
  {
    date: "2026-11-29",
    title: "Analyses say which columns and grain they used",
    changes: [
      "The time grain is the finest with at most 10,000 periods of which most have rows (per-minute events over two years are read by day); time_grain sets it, and an impossible one is 422 naming the finest the data allows.",
      "The default value column is the first numeric column, in the dataset's order, that does not look like an identifier (id, row, index, Day, Month, Year… or the row numbers); series.chosen says how each column and the grain were chosen, and a note warns when several columns were candidates.",
      "An analysis that fails on its input within the wait is 422 naming the field, no longer 200 failed; summaries count nulls; a column without values is typed empty; a ragged CSV names the line and its field counts.",
    ],
  },
  {
    date: "2026-11-27",
    title: "Cleaning that keeps meaning",
    changes: [
      "POST /v1/data/clean keeps identifier-like columns (leading zeros, fixed-width digits, phone numbers) as text, reads decimal commas, and flags numbers and dates that read two ways instead of guessing (options decimal_separator and day_order).",
      "Only fingerprint merges (case, accents, punctuation, word order) are applied by default; n-gram and nearest-neighbour merges are suggest_merge entries unless apply_clusters is all.",
      "Infinity in a numeric column becomes null (replace_non_finite); infer_types: false leaves every cell as sent.",
    ],
  },
  {
    date: "2026-11-27",
    title: "Webhook endpoints by mode",
    changes: [
      "A webhook endpoint has the mode of the key that adds it (mode: live or test); a key sees and manages only its own mode's endpoints, and another mode's answers 404.",
      "Events go to the endpoints of their own mode: test keys' workflows, analyses and streams to test endpoints, live activity and usage.threshold_reached to live ones. Existing endpoints are live.",
    ],
  },
  {
    date: "2026-11-21",
    title: "Datasets, analysis and data cleaning",
    changes: [
      "POST /v1/datasets uploads CSV, JSON, NDJSON or Parquet and stores it as a typed dataset; GET and DELETE /v1/datasets/{id}.",
      "POST /v1/data/analyze runs summary, trend, anomalies, forecast, correlation, clustering or auto over inline rows or a dataset_id; slow analyses answer 202 with an analysis_id for GET /v1/analyses/{id}.",
      "POST /v1/data/clean infers types, removes duplicates, fills gaps, flags outliers and clusters similar values, with a report of every change.",
      "processing.started, processing.completed and processing.failed webhook events; GET /v1/usage reports data processed against the monthly allowance.",
    ],
  },
  {
    date: "2026-11-21",
    title: "Signed webhooks",
    changes: [
      "/v1/webhook-endpoints subscribes a URL to workflow.*, processing.* and usage.threshold_reached events.",
      "Every delivery is signed twice: Standard Webhooks (webhook-signature) and X-Webhook-Signature-256.",
      "Failed deliveries are retried for about 28 hours, logged attempt by attempt, and can be replayed; secrets rotate with a 24-hour overlap.",
    ],
  },
  {
    date: "2026-11-21",
    title: "Workflows API v1",
    changes: [
      "Create, list, get, update and delete workflows with webhook, schedule or manual triggers and six action types.",
      "POST /v1/workflows/{id}/execute answers 202 with a queued execution; Idempotency-Key makes retries safe.",
      "Executions can be listed, inspected step by step, cancelled and re-run.",
    ],
  },
  {
    date: "2026-11-21",
    title: "Metered API keys",
    changes: [
      "sk_live_ and sk_test_ keys with read, write or admin permission and an optional monthly cap; imported ak_ keys keep working.",
      "X-RateLimit-* and RateLimit-Policy headers on every authenticated answer; 429 with Retry-After when a limit is reached.",
      "GET /v1/whoami and GET /v1/usage.",
    ],
  },
];
