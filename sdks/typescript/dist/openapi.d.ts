export interface paths {
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process is up */
        get: operations["health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: PostgreSQL and Redis answer */
        get: operations["readiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/whoami": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The key making the request and its account */
        get: operations["whoami"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This month's usage against the quota */
        get: operations["getUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workflows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List workflows */
        get: operations["listWorkflows"];
        put?: never;
        /** Create a workflow */
        post: operations["createWorkflow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workflows/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a workflow */
        get: operations["getWorkflow"];
        /**
         * Update a workflow
         * @description Replaces the fields given (at least one); `status` switches between active and draft.
         */
        put: operations["updateWorkflow"];
        post?: never;
        /**
         * Delete a workflow
         * @description The workflow stops running and is not found afterwards; its executions stay readable.
         */
        delete: operations["deleteWorkflow"];
        options?: never;
        head?: never;
        /**
         * Change part of a workflow
         * @description Changes the fields given (at least one), like PUT, but `trigger` merges into the stored trigger: `config` keys given replace the stored ones (`{"trigger": {"config": {"cron": "0 * * * *"}}}` keeps the time zone), and a new `type` starts from an empty config. The webhook URL's secret never changes.
         */
        patch: operations["patchWorkflow"];
        trace?: never;
    };
    "/v1/workflows/{id}/execute": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Execute a workflow now
         * @description Starts a manual execution (drafts included) with `data` as its trigger data. With an `Idempotency-Key`, a repeat within 24 hours answers with the original execution and `Idempotent-Replayed: true`; the same key with a different body is 409.
         */
        post: operations["executeWorkflow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workflows/{id}/executions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a workflow's executions */
        get: operations["listExecutions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/executions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List executions across workflows
         * @description The account's executions of the key's mode across all its workflows (deleted ones included), newest first, filtered by status, workflow and time. Pages follow `next_cursor` while `has_more` is true; executions queued meanwhile never shift a page.
         */
        get: operations["listAccountExecutions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/executions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an execution */
        get: operations["getExecution"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/executions/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel an execution
         * @description A queued execution is cancelled at once; a running one stops within a second (`cancel_requested_at` is set meanwhile).
         */
        post: operations["cancelExecution"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/executions/{id}/rerun": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Re-run an execution
         * @description Starts a new execution of the same workflow with the same trigger data; its `rerun_of` names the original.
         */
        post: operations["rerunExecution"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List webhook endpoints */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Create a webhook endpoint
         * @description Needs a key with admin permission. The endpoint has the key's mode: a test key's endpoints receive test-mode events only, a live key's live ones. The answer carries the signing secret; it is not shown again (rotate it to get a new one).
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a webhook endpoint
         * @description A deleted endpoint is still answered, with `deleted_at`, until its delivery log's retention period ends.
         */
        get: operations["getWebhookEndpoint"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description It receives nothing more: deliveries not yet made are closed as failed, and its signing secret is erased. It leaves the list, but it and its delivery log stay readable (GET, with `deleted_at`) for the delivery log's retention period. Needs admin permission.
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        /**
         * Update a webhook endpoint
         * @description Changes the fields given (at least one). `is_active: true` re-enables a disabled endpoint and clears its failure record. Needs admin permission.
         */
        patch: operations["updateWebhookEndpoint"];
        trace?: never;
    };
    "/v1/webhook-endpoints/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate an endpoint's signing secret
         * @description Returns the new secret once. For 24 hours every delivery's webhook-signature carries a signature with the new secret and one with the old (space-separated, new first), so receivers can switch over; X-Webhook-Signature-256 uses the new secret. Needs admin permission.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event
         * @description Records an event of the given type (default workflow.completed) with sample data and `data.test: true`, delivered to this endpoint only. Needs admin permission.
         */
        post: operations["sendTestWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an endpoint's deliveries
         * @description Newest first. Filters apply together: `status` and `event_type` take one value or several (repeated, or comma-separated), `created_after` (inclusive) and `created_before` (exclusive), each a date or a date-time, bound the creation time. An unknown parameter or a bad value is 400 BAD_REQUEST naming it. A deleted endpoint's log stays readable for the delivery log's retention period.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints/{id}/deliveries/{delivery_id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replay a delivery
         * @description Sends the same event (same id and body) again now, with a new run of retries; earlier attempts stay in the log. Needs admin permission.
         */
        post: operations["replayWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints/{id}/recover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Recover failed deliveries
         * @description Sends again every delivery to this endpoint that failed (after its last retry; not one still retrying) and was created in the window `since` (inclusive) to `until` (exclusive, default now), each as a replay: same event id and body, a fresh signature timestamp, a new run of retries. Up to 500 are queued by the request and counted in `queued`; when the window holds more, `continues_in_background` is true and the engine queues the rest. Calling it again, even at the same time, sends no delivery twice: only deliveries still failed are queued. A disabled endpoint is refused with 409: enable it first. Needs admin permission.
         */
        post: operations["recoverWebhookDeliveries"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/datasets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List datasets */
        get: operations["listDatasets"];
        put?: never;
        /**
         * Upload a dataset
         * @description The raw file is the request body: CSV (with a header row), a JSON array of objects, NDJSON or Parquet. It is streamed to storage, parsed and stored as Parquet with its inferred schema. Uploads are capped by the plan's upload limit and by the data allowance left this month (413), and their size is charged to the allowance (429 QUOTA_EXCEEDED, policy data-month, when exhausted). Answers 201 when the dataset is ready within a few seconds, otherwise 202 with status processing (poll GET /v1/datasets/{id}). A file that cannot be parsed is 422 and nothing of it is kept; so is, before it is stored or charged, a JSON or NDJSON file nested deeper than 64 levels, or a Parquet file whose footer cannot be read or whose schema is nested deeper than 64 levels.
         */
        post: operations["uploadDataset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/datasets/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a dataset */
        get: operations["getDataset"];
        put?: never;
        post?: never;
        /**
         * Delete a dataset
         * @description The dataset and its stored file are removed; it is not found afterwards. A stream's dataset (format `stream`) is deleted with its stream only (409).
         */
        delete: operations["deleteDataset"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/data/analyze": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Analyse a dataset
         * @description Summary statistics, trend (OLS, Theil–Sen, Mann–Kendall), growth rate, anomalies, forecast with prediction intervals, correlations and k-means clusters, with chart specs. "auto" runs everything that applies and notes what does not. Answers 200 with the result when the work finishes within the wait budget (a few seconds), otherwise 202 with the analysis id and status; poll GET /v1/analyses/{id}. Work that fails on its input (an unusable column, an impossible time_grain, too little data) within the wait is 422 VALIDATION_FAILED naming the field; after a 202 it is failed with code INVALID_INPUT. The bytes read are charged when the work is admitted and stay charged whatever its outcome; a request refused before any work (4xx) charges no bytes. The bytes read (inline rows as JSON, or the dataset's file) count against the month's data allowance: when it is exhausted the answer is 429 QUOTA_EXCEEDED with X-RateLimit-Resource: data. Progress is also sent as processing.started, processing.completed and processing.failed webhook events. Inline rows (dataset) are capped at 100,000 rows (422 past it) and 8 MiB of request body (413 past it); larger data is uploaded once with POST /v1/datasets and analysed by dataset_id.
         */
        post: operations["analyze"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/data/clean": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Clean a dataset
         * @description Type inference (missing-value sentinels, thousands separators, decimal commas, percentages, currencies, dates), duplicate removal, imputation, outlier flags, string normalisation and key clustering. Returns the cleaned rows and a report of every change. Nothing changes a value's meaning silently: identifier-like columns (leading zeros) stay text, numbers and dates that read two ways are flagged, and fuzzy merges are suggestions unless apply_clusters asks for them; with every option off the rows come back as given. Answers 200 with the result when the work finishes within the wait budget (a few seconds), otherwise 202 with the analysis id and status; poll GET /v1/analyses/{id}. Work that fails on its input (an unusable column, an impossible time_grain, too little data) within the wait is 422 VALIDATION_FAILED naming the field; after a 202 it is failed with code INVALID_INPUT. The bytes read are charged when the work is admitted and stay charged whatever its outcome; a request refused before any work (4xx) charges no bytes. The bytes read (inline rows as JSON, or the dataset's file) count against the month's data allowance: when it is exhausted the answer is 429 QUOTA_EXCEEDED with X-RateLimit-Resource: data. Progress is also sent as processing.started, processing.completed and processing.failed webhook events. Inline rows (dataset) are capped at 100,000 rows (422 past it) and 8 MiB of request body (413 past it); larger data is uploaded once with POST /v1/datasets and analysed by dataset_id.
         */
        post: operations["clean"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/analyses/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an analysis
         * @description Its status, and once completed its result (the same fields as the inline answer).
         */
        get: operations["getAnalysis"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/streams/{name}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send events to a stream
         * @description A batch of 1 to 1,000 events, each with an id, a timestamp and 1 to 50 numeric fields. The stream is created by its first batch. Per field the stream keeps count, mean and variance (Welford), min, max, an EWMA (alpha 0.1) and the arrival rate, updated atomically; each value's residual from the field's local level (Holt, alpha 0.3, beta 0.05) is scored against the field's last 100 residuals (z = (e − median)/(MAD/0.6745), the scale never below the mean step of the last 100 values; once 20 residuals exist) and flagged when |z| > 6; a flagged value is clipped to the threshold before it moves the level. An event id seen on this stream in the last 24 hours (among its last 100,000 ids by default) is a duplicate and changes nothing. The request is metered and its body size is charged to the data allowance. Stream names are 1 to 63 lower-case letters, digits, '_' or '-', starting with a letter or digit; field names 1 to 64 letters, digits, '_', '.' or '-', starting with a letter or '_'; event ids and dimensions may be any text without NUL or unpaired surrogates.
         */
        post: operations["sendStreamEvents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/streams/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a stream's statistics
         * @description The current statistics per field and the stream's last 20 anomalies, newest first.
         */
        get: operations["getStream"];
        put?: never;
        post?: never;
        /**
         * Delete a stream
         * @description The stream and all its statistics are removed; a later batch under the same name starts a new stream.
         */
        delete: operations["deleteStream"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/streams": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List streams */
        get: operations["listStreams"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/streams/{name}/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Follow a stream live (Server-Sent Events)
         * @description An `text/event-stream` that sends a `statistics` event on connect and after every batch that changes the stream (the same statistics as GET /v1/streams/{name}), and an `anomaly` event for each anomaly a batch raises. Any gateway serves any subscriber. A stream that has no event yet is followed too (its first statistics show 0 events), so a monitor can start before its producer; names are per account (and mode), so this says nothing about other accounts' streams. A comment line every 15 s keeps the connection open through proxies. Metered as one request when it opens.
         */
        get: operations["followStream"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/hooks/{workflow_id}/{secret}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Trigger a webhook workflow
         * @description The workflow's `webhook_url`; no API key (the secret in the URL is the credential). The JSON body becomes the execution's trigger data: an object as is, any other JSON value as `{ body: value }`, an empty body as `{}`. Counted against the owner's rate limit and quota. An `Idempotency-Key` repeated within 24 hours returns the original execution.
         */
        post: operations["triggerWebhookWorkflow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Readiness: {
            /** @enum {string} */
            status: "ready" | "not_ready";
            checks: {
                postgres: {
                    /** @enum {string} */
                    status: "up" | "down";
                    latency_ms: number;
                    error?: string;
                };
                redis: {
                    /** @enum {string} */
                    status: "up" | "down";
                    latency_ms: number;
                    error?: string;
                };
            };
            engine: {
                live_instances: number;
            };
            /**
             * @description What Redis keeps across a restart: aof, rdb (snapshots only), none, or unknown (CONFIG refused, or Redis down). Reported, never a reason to be not ready.
             * @enum {string}
             */
            redis_persistence: "aof" | "rdb" | "none" | "unknown";
        };
        WhoAmI: {
            key: {
                id: string;
                /** @enum {string} */
                mode: "live" | "test";
                /** @enum {string} */
                permission: "read" | "write" | "admin";
                monthly_cap: number | null;
            };
            account: {
                id: string;
                package: string;
            };
        };
        Error: {
            error: {
                code: string;
                message: string;
                details?: {
                    field: string;
                    message: string;
                }[];
                request_id?: string;
            };
        };
        Usage: {
            /** @enum {string} */
            mode: "live" | "test";
            requests_used: number;
            /** @description null when unlimited */
            requests_limit: number | null;
            /** @description First day of next month (UTC), when the quota resets. */
            reset_date: string;
            /** @description Requests this month per endpoint category, of the key's mode only (a test key sees test requests, a live key live ones); they add up to requests_used (for live keys, just after midnight UTC the previous day's last requests can be missing from them for a few seconds, until they are written to the ledger). */
            endpoints: {
                /** @enum {string} */
                endpoint: "/api/data-processing" | "/api/analytics" | "/api/webhooks" | "/api/general";
                request_count: number;
            }[];
            data: {
                bytes_processed: number;
                bytes_limit: number | null;
            };
        };
        WorkflowList: {
            workflows: components["schemas"]["Workflow"][];
            total: number;
            page: number;
            limit: number;
        };
        Workflow: {
            /** @example wf_1AbCdEfGhJkLmNpQrStUvW */
            id: string;
            name: string;
            description: string | null;
            /** @enum {string} */
            status: "active" | "draft";
            trigger: components["schemas"]["Trigger"];
            actions: components["schemas"]["Action"][];
            /** @description Where to POST trigger data, for webhook-triggered workflows; null otherwise. */
            webhook_url: string | null;
            /**
             * Format: date-time
             * @description When the workflow was created.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When the workflow was last changed.
             */
            updated_at: string;
            /**
             * Format: date-time
             * @description When an execution last started; null if never.
             */
            last_run: string | null;
            /** @description How many executions the workflow has had. */
            executions: number;
        };
        Trigger: components["schemas"]["WebhookTrigger"] | components["schemas"]["ScheduleTrigger"] | components["schemas"]["ManualTrigger"];
        WebhookTrigger: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "webhook";
            /** @default {} */
            config?: Record<string, never>;
        };
        ScheduleTrigger: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "schedule";
            config: {
                cron: string;
                /** @default UTC */
                timezone?: string;
            };
        };
        ManualTrigger: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "manual";
            /** @default {} */
            config?: Record<string, never>;
        };
        Action: components["schemas"]["HttpRequestAction"] | components["schemas"]["SendEmailAction"] | components["schemas"]["ChatMessageAction"] | components["schemas"]["DelayAction"] | components["schemas"]["ConditionAction"] | components["schemas"]["TransformAction"];
        /**
         * @description Calls a URL (GET, POST, PUT, PATCH or DELETE) with headers and a body.
         * @example {
         *       "type": "http_request",
         *       "config": {
         *         "url": "https://example.com/orders",
         *         "method": "POST",
         *         "body": {
         *           "order": "{{trigger.data.order_id}}"
         *         }
         *       }
         *     }
         */
        HttpRequestAction: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "http_request";
            name?: string;
            timeout_seconds?: number;
            max_attempts?: number;
            config: {
                url: string;
                /**
                 * @default POST
                 * @enum {string}
                 */
                method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
                /** @default {} */
                headers?: {
                    [key: string]: string;
                };
                body?: unknown;
            };
        };
        /**
         * @description Sends an e-mail: to, subject and text.
         * @example {
         *       "type": "send_email",
         *       "config": {
         *         "to": "{{trigger.data.email}}",
         *         "subject": "Your order",
         *         "text": "Thanks, {{trigger.data.name}}: it is on its way."
         *       }
         *     }
         */
        SendEmailAction: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "send_email";
            name?: string;
            timeout_seconds?: number;
            max_attempts?: number;
            config: {
                to: string;
                subject: string;
                text: string;
            };
        };
        /**
         * @description Posts to a Slack, Discord, Microsoft Teams or generic incoming webhook.
         * @example {
         *       "type": "chat_message",
         *       "config": {
         *         "provider": "slack",
         *         "webhook_url": "https://hooks.slack.com/services/T000/B000/XXXX",
         *         "text": "New order {{trigger.data.order_id}}"
         *       }
         *     }
         */
        ChatMessageAction: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "chat_message";
            name?: string;
            timeout_seconds?: number;
            max_attempts?: number;
            config: {
                /** @enum {string} */
                provider: "slack" | "discord" | "teams" | "generic";
                webhook_url: string;
                text: string;
            };
        };
        /**
         * @description Waits up to 7 days without holding a worker.
         * @example {
         *       "type": "delay",
         *       "config": {
         *         "seconds": 3600
         *       }
         *     }
         */
        DelayAction: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "delay";
            name?: string;
            timeout_seconds?: number;
            max_attempts?: number;
            config: {
                seconds: number;
            };
        };
        /**
         * @description Stops the run unless a comparison holds (equals, contains, greater_than, exists, …).
         * @example {
         *       "type": "condition",
         *       "config": {
         *         "left": "{{trigger.data.amount}}",
         *         "operator": "greater_than",
         *         "right": 100
         *       }
         *     }
         */
        ConditionAction: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "condition";
            name?: string;
            timeout_seconds?: number;
            max_attempts?: number;
            config: {
                left?: unknown;
                /** @enum {string} */
                operator: "equals" | "not_equals" | "contains" | "not_contains" | "greater_than" | "less_than" | "exists" | "not_exists";
                right?: unknown;
            };
        };
        /**
         * @description Builds a new object from templates for the steps after it.
         * @example {
         *       "type": "transform",
         *       "config": {
         *         "output": {
         *           "customer": "{{trigger.data.email}}",
         *           "status": "{{steps.http_request_1.output.status}}"
         *         }
         *       }
         *     }
         */
        TransformAction: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "transform";
            name?: string;
            timeout_seconds?: number;
            max_attempts?: number;
            config: {
                output: {
                    [key: string]: unknown;
                };
            };
        };
        /** @description Merged into the stored trigger: config keys given replace the stored ones; a new type starts from an empty config. */
        TriggerPatch: {
            /** @enum {string} */
            type?: "webhook" | "schedule" | "manual";
            config?: {
                [key: string]: unknown;
            };
        };
        DeletedWorkflow: {
            message: string;
            /**
             * Format: date-time
             * @description When the workflow was deleted.
             */
            deleted_at: string;
        };
        ExecutionStarted: {
            execution_id: string;
            /**
             * @description queued until an engine starts it.
             * @enum {string}
             */
            status: "queued" | "running" | "completed" | "failed" | "cancelled";
            /**
             * Format: date-time
             * @description When the execution was accepted.
             */
            started_at: string;
        };
        ExecuteRequest: {
            /** @description Trigger data, available to actions as {{trigger.data.…}}. */
            data?: {
                [key: string]: unknown;
            };
        };
        ExecutionList: {
            executions: components["schemas"]["ExecutionSummary"][];
            total: number;
            page: number;
            limit: number;
        };
        ExecutionSummary: {
            /** @example exec_1AbCdEfGhJkLmNpQrStUvW */
            id: string;
            workflow_id: string;
            /** @enum {string} */
            status: "queued" | "running" | "completed" | "failed" | "cancelled";
            /** @enum {string} */
            trigger_type: "webhook" | "schedule" | "manual";
            trigger_data: {
                [key: string]: unknown;
            };
            /** @enum {string} */
            mode: "live" | "test";
            /**
             * Format: date-time
             * @description When the execution was accepted.
             */
            queued_at: string;
            started_at: string | null;
            finished_at: string | null;
            duration_ms: number | null;
            error: components["schemas"]["ExecutionError"];
            rerun_of: string | null;
        };
        ExecutionError: {
            code: string;
            message: string;
        } | null;
        ExecutionPage: {
            executions: components["schemas"]["ExecutionSummary"][];
            /** @description Whether older executions match: ask again with `cursor` set to `next_cursor`. */
            has_more: boolean;
            /** @description The cursor of the next page; null on the last page. */
            next_cursor: string | null;
        };
        Execution: {
            /** @example exec_1AbCdEfGhJkLmNpQrStUvW */
            id: string;
            workflow_id: string;
            /** @enum {string} */
            status: "queued" | "running" | "completed" | "failed" | "cancelled";
            /** @enum {string} */
            trigger_type: "webhook" | "schedule" | "manual";
            trigger_data: {
                [key: string]: unknown;
            };
            /** @enum {string} */
            mode: "live" | "test";
            /**
             * Format: date-time
             * @description When the execution was accepted.
             */
            queued_at: string;
            started_at: string | null;
            finished_at: string | null;
            duration_ms: number | null;
            error: components["schemas"]["ExecutionError"];
            rerun_of: string | null;
            steps: components["schemas"]["ExecutionStep"][];
        };
        ExecutionStep: {
            index: number;
            name: string;
            type: string;
            /** @enum {string} */
            status: "pending" | "running" | "completed" | "failed" | "skipped" | "cancelled";
            input?: unknown;
            output?: unknown;
            /** @description How many attempts the step has had. */
            attempts: number;
            error: components["schemas"]["ExecutionError"];
            started_at: string | null;
            finished_at: string | null;
            /** @description Each attempt, oldest first (the latest 10): its start, duration, outcome, error and, for steps that call a target, the target's answer. */
            attempt_history: components["schemas"]["StepAttempt"][];
        };
        StepAttempt: {
            /** @description 1 for the first attempt. */
            attempt: number;
            /** Format: date-time */
            started_at: string;
            /** @description null while the attempt runs, or when it never reported its end. */
            duration_ms: number | null;
            /**
             * @description dry_run: a test-mode attempt recorded what it would send and sent nothing. interrupted: the engine running it stopped; another engine took the step over.
             * @enum {string}
             */
            outcome: "succeeded" | "dry_run" | "failed" | "timed_out" | "running" | "cancelled" | "interrupted";
            error?: {
                code: string;
                message: string;
            };
            /** @description What the target answered, for steps that call one (http_request, chat_message). */
            response?: {
                /** @description The target's HTTP status. */
                status: number;
                /** @description Only content-type, content-length, location, etag, last-modified, retry-after, x-request-id. */
                headers: {
                    [key: string]: string;
                };
                /** @description The start of the body, at most 2048 bytes of UTF-8. */
                body_excerpt: string;
                /** @description The body was longer than the excerpt. */
                body_truncated: boolean;
            };
        };
        WebhookEndpointList: {
            webhook_endpoints: components["schemas"]["WebhookEndpoint"][];
            total: number;
            page: number;
            limit: number;
        };
        WebhookEndpoint: {
            id: string;
            /**
             * @description The mode of the key that created it, read-only: it receives only that mode's events, and only keys of that mode see it.
             * @enum {string}
             */
            readonly mode: "live" | "test";
            url: string;
            events: ("workflow.triggered" | "workflow.completed" | "workflow.failed" | "workflow.cancelled" | "processing.started" | "processing.completed" | "processing.failed" | "usage.threshold_reached" | "stream.anomaly_detected" | "*")[];
            description: string | null;
            is_active: boolean;
            disabled_at: string | null;
            failing_since: string | null;
            previous_secret_expires_at: string | null;
            created_at: string;
            updated_at: string;
            deleted_at: string | null;
        };
        /** @description The endpoint and its signing secret (whsec_…), shown only in this answer. */
        WebhookEndpointWithSecret: {
            id: string;
            /**
             * @description The mode of the key that created it, read-only: it receives only that mode's events, and only keys of that mode see it.
             * @enum {string}
             */
            readonly mode: "live" | "test";
            url: string;
            events: ("workflow.triggered" | "workflow.completed" | "workflow.failed" | "workflow.cancelled" | "processing.started" | "processing.completed" | "processing.failed" | "usage.threshold_reached" | "stream.anomaly_detected" | "*")[];
            description: string | null;
            is_active: boolean;
            disabled_at: string | null;
            failing_since: string | null;
            previous_secret_expires_at: string | null;
            created_at: string;
            updated_at: string;
            deleted_at: string | null;
            secret: string;
        };
        DeletedWebhookEndpoint: {
            message: string;
            deleted_at: string;
        };
        WebhookTestEvent: {
            event_id: string;
            delivery_id: string;
        };
        WebhookDeliveryList: {
            deliveries: components["schemas"]["WebhookDelivery"][];
            total: number;
            page: number;
            limit: number;
        };
        WebhookDelivery: {
            id: string;
            event_id: string;
            event_type: string;
            /** @enum {string} */
            status: "pending" | "retrying" | "succeeded" | "failed";
            attempt_count: number;
            response_status: number | null;
            response_body_excerpt: string | null;
            duration_ms: number | null;
            error: string | null;
            next_attempt_at: string | null;
            created_at: string;
            updated_at: string;
            attempts: components["schemas"]["WebhookDeliveryAttempt"][];
        };
        WebhookDeliveryAttempt: {
            attempt: number;
            requested_at: string;
            response_status: number | null;
            duration_ms: number | null;
            error: string | null;
        };
        RecoverWebhookDeliveriesResult: {
            queued: number;
            continues_in_background: boolean;
            since: string;
            until: string;
        };
        RecoverWebhookDeliveriesRequest: {
            /** Format: date-time */
            since: string;
            /** Format: date-time */
            until?: string;
        };
        Dataset: {
            /** @example ds_1AbCdEfGhJkLmNpQrStUvW */
            id: string;
            name: string;
            /**
             * @description The format the file was uploaded in (every upload is stored as Parquet), or `stream`: a stream's history, one row a minute with a `minute` column and per field `<field>:mean`, `<field>:count`, `<field>:min` and `<field>:max`, deleted with its stream.
             * @enum {string}
             */
            format: "csv" | "json" | "ndjson" | "parquet" | "stream";
            /**
             * @description processing until the upload is parsed; ready, or failed with an error.
             * @enum {string}
             */
            status: "processing" | "ready" | "failed";
            /** @enum {string} */
            mode: "live" | "test";
            /** @description Size of the uploaded file. */
            size_bytes: number;
            /** @description Rows, once ready. */
            row_count: number | null;
            /** @description Columns and their inferred types, once ready. */
            schema: components["schemas"]["DatasetColumn"][] | null;
            /** @description Why the upload could not be ingested (status failed). */
            error: {
                code: string;
                message: string;
            } | null;
            /**
             * Format: date-time
             * @description When the upload was received.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When the dataset became ready.
             */
            ready_at: string | null;
        };
        DatasetColumn: {
            name: string;
            /** @enum {string} */
            type: "number" | "integer" | "string" | "boolean" | "date" | "timestamp" | "empty";
        };
        DatasetList: {
            datasets: components["schemas"]["Dataset"][];
            total: number;
            page: number;
            limit: number;
        };
        DeletedDataset: {
            message: string;
            /**
             * Format: date-time
             * @description When the dataset was deleted.
             */
            deleted_at: string;
        };
        /** @description An analysis or cleaning. Once completed, its result's fields are at the top level: insights, statistics, correlations, clusters, visualizations and notes for an analysis; rows, columns, report and summary for a cleaning. */
        Analysis: {
            analysis_id: string;
            /** @enum {string} */
            status: "queued" | "running" | "completed" | "failed";
            /** @enum {string} */
            analysis: "summary" | "trend" | "anomalies" | "forecast" | "correlation" | "clustering" | "auto" | "clean";
            dataset_id: string | null;
            created_at: string;
            completed_at: string | null;
            processing_time_ms: number | null;
            error: {
                /** @description INVALID_INPUT when the data or the request cannot be analysed as asked (see `message`); TIMEOUT, ANALYSIS_CRASHED or INTERNAL_ERROR otherwise. */
                code: string;
                message: string;
                field?: string;
            } | null;
            series?: {
                time_column: string;
                value_column: string | null;
                /** @enum {string} */
                aggregate: "sum" | "mean" | "count";
                /** @enum {string} */
                grain: "minute" | "hour" | "day" | "week" | "month" | "quarter" | "year";
                /** @description How the time column, the value column and the grain were chosen: named in the request, or inferred by the documented rules (see time_column, value_column and time_grain of the request), with the reason. */
                chosen: {
                    /** @enum {string} */
                    time_column: "requested" | "inferred";
                    /** @enum {string} */
                    value_column: "requested" | "inferred" | "none";
                    value_column_reason: string;
                    /** @enum {string} */
                    grain: "requested" | "inferred";
                    grain_reason: string;
                };
                points: number;
                start: string;
                end: string;
                seasonality: number | null;
            };
            insights?: {
                trend?: {
                    /** @enum {string} */
                    direction: "increasing" | "decreasing" | "no trend";
                    slope: number;
                    r2: number;
                    slope_std_error: number;
                    theil_sen_slope: number;
                    mann_kendall: {
                        tau: number;
                        z: number;
                        p_value: number;
                    };
                    /** @enum {string} */
                    per: "minute" | "hour" | "day" | "week" | "month" | "quarter" | "year";
                };
                growth_rate?: {
                    cagr: number | null;
                    period_over_period: number | null;
                    periods: number;
                    /** @enum {string} */
                    per: "minute" | "hour" | "day" | "week" | "month" | "quarter" | "year";
                };
                anomalies?: {
                    timestamp: string;
                    value: number;
                    expected: number;
                    score: number;
                }[];
                anomaly_scoring?: {
                    /**
                     * @description robust_stl: a robust seasonal-trend decomposition by loess (season smoothed over 13 cycles, local linear trend over 1.5 periods); robust_stl_log: the same on log(value), chosen when every value is positive and the seasonal amplitude grows with the level (at least 3 complete cycles whose levels span a ratio of 1.25, and a Theil–Sen slope of log amplitude on log level above 0.5); robust_loess: a local linear trend over 7 points, without a season.
                     * @enum {string}
                     */
                    method: "robust_stl" | "robust_stl_log" | "robust_loess";
                    /** @description A period is an anomaly when |score| exceeds this. */
                    threshold: number;
                    /** @description The score of every period of the series, oldest first, the newest included: the modified z-score 0.6745·(d − median)/MAD of the period's deleted residual d (its value, or log value, minus the trend and season fitted without it). */
                    scores: number[];
                };
                forecast?: {
                    /** @enum {string} */
                    method: "drift" | "seasonal_naive" | "holt_linear" | "holt_linear_damped" | "holt_winters_additive" | "holt_winters_multiplicative" | "holt_winters_damped_additive" | "holt_winters_damped_multiplicative";
                    /** @description The next `horizon` periods with 80 % and 95 % prediction intervals: the model's normal intervals (exact for additive Holt–Winters as R's predict.HoltWinters; a first-order small-σ approximation of the ETS(M,A,M) variance for multiplicative), widened when the cross-validated errors show them too narrow so that about 80 % and 95 % of the backtested errors fall inside. */
                    next_30_days: {
                        timestamp: string;
                        value: number;
                        lower_80: number;
                        upper_80: number;
                        lower_95: number;
                        upper_95: number;
                    }[];
                    horizon: number;
                    /** @enum {string} */
                    per: "minute" | "hour" | "day" | "week" | "month" | "quarter" | "year";
                    /** @description Mean absolute error of the method forecasting from origins stepping back one fold horizon at a time over the end of the series, refitted at each; the method with the lowest is chosen. null when the series is too short for a fold. */
                    cv: {
                        mae: number;
                        /** @description MAE over the in-sample MAE of the one-step (seasonal) naive forecast; null when that is 0. */
                        mase: number | null;
                        folds: number;
                        /** @description Steps forecast from each origin: min(horizon, season length). */
                        horizon: number;
                    } | null;
                };
            };
            statistics?: {
                [key: string]: {
                    count: number;
                    nulls: number;
                    mean: number | null;
                    std: number | null;
                    min: number | null;
                    p25: number | null;
                    median: number | null;
                    p75: number | null;
                    max: number | null;
                };
            };
            correlations?: {
                columns: string[];
                pearson: {
                    [key: string]: {
                        [key: string]: number;
                    };
                };
                spearman: {
                    [key: string]: {
                        [key: string]: number;
                    };
                };
                rows: number;
            };
            clusters?: {
                k: number;
                /**
                 * @description request when options.k was given; otherwise the k of 2..10 with the highest mean silhouette width.
                 * @enum {string}
                 */
                k_chosen_by: "request" | "silhouette";
                /** @description Mean silhouette width of the clustering (as R's cluster::silhouette), over at most 2000 sampled rows. */
                silhouette: number;
                standardized: boolean;
                columns: string[];
                centroids: {
                    [key: string]: number;
                }[];
                sizes: number[];
                inertia: number;
                rows: number;
            };
            visualizations?: {
                /** @enum {string} */
                type: "line" | "bar" | "scatter";
                title: string;
                x: {
                    label: string;
                    values?: (string | number)[];
                };
                y: {
                    label: string;
                };
                series: {
                    name: string;
                    data: (number | null | [
                        number,
                        number
                    ])[];
                }[];
            }[];
            notes?: string[];
            row_count?: number;
            rows?: {
                [key: string]: unknown;
            }[];
            columns?: {
                name: string;
                /** @enum {string} */
                type: "number" | "integer" | "string" | "boolean" | "date" | "timestamp" | "empty";
            }[];
            report?: {
                /** @description The row's position in the input (0-based); a decision about a whole column names the first row that shows it. */
                row: number;
                column: string | null;
                /**
                 * @description What was done. Besides changes: keep_text (an identifier-like column kept as text), flag_ambiguous_number and flag_ambiguous_date (a column whose values read two ways), suggest_merge (a cluster merge not applied), flag_outlier (a value outside the fences, kept).
                 * @enum {string}
                 */
                action: "standardise_null" | "convert_type" | "invalid_value" | "replace_non_finite" | "keep_text" | "flag_ambiguous_number" | "flag_ambiguous_date" | "normalise_whitespace" | "normalise_case" | "merge_cluster" | "suggest_merge" | "remove_duplicate" | "impute" | "flag_outlier";
                before?: unknown;
                /** @description The cell as returned; equal to before for flags, keep_text and suggest_merge. */
                after?: unknown;
                reason: string;
                /** @description suggest_merge only: the value the cell could become (apply_clusters all would apply it). */
                suggestion?: unknown;
            }[];
            report_truncated?: boolean;
            summary?: {
                rows_in: number;
                rows_out: number;
                changes: {
                    [key: string]: number;
                };
            };
        };
        /**
         * @description Exactly one of `dataset` (inline rows) or `dataset_id` (an uploaded dataset).
         * @example {
         *       "dataset": [
         *         {
         *           "date": "2026-01-01",
         *           "revenue": 120
         *         },
         *         {
         *           "date": "2026-01-02",
         *           "revenue": 135
         *         }
         *       ],
         *       "analysis": "auto",
         *       "timeframe": "last_30_days"
         *     }
         */
        AnalyzeRequest: {
            dataset?: {
                [key: string]: unknown;
            }[];
            dataset_id?: string;
            /**
             * @description `summary`: Count, mean, standard deviation, minimum, quartiles and maximum of every numeric column (and the series, given a time column).
             *     `trend`: Direction and slope of the series over time (OLS, Theil–Sen, Mann–Kendall) and its growth rate.
             *     `anomalies`: Points of the series far from what its level and season predict, with a robust score each.
             *     `forecast`: The next periods of the series with 80 % and 95 % prediction intervals (Holt–Winters or a simpler method that fits better).
             *     `correlation`: Pearson and Spearman correlations between every pair of numeric columns that vary.
             *     `clustering`: k-means++ clusters of the rows over their numeric columns, with centroids and sizes.
             *     `auto`: Everything above that applies; `notes` say what was left out and why.
             * @enum {string}
             */
            analysis: "summary" | "trend" | "anomalies" | "forecast" | "correlation" | "clustering" | "auto";
            /**
             * @default all
             * @enum {string}
             */
            timeframe?: "last_7_days" | "last_30_days" | "last_90_days" | "last_365_days" | "all";
            /** @description The column of dates or timestamps; by default the first date or timestamp column. */
            time_column?: string;
            /** @description The numeric column analysed over time; by default the first numeric column, in the dataset's order, that is not the time column and does not look like an identifier: not named id, row, index, idx, seq, obs, year, quarter, month, week, day, hour, minute or second (nor ending in _id or Id), and not holding the row numbers themselves (distinct whole numbers 0..n−1 or 1..n). When every numeric column looks like one, the first is used. The answer's `series.value_column` and `series.chosen` say which column was used and why; a note warns when there was more than one candidate. */
            value_column?: string;
            /**
             * @description The period the series is aggregated by. By default the finest grain whose calendar, from the first to the last timestamp, has at most 10,000 periods of which most have rows (per-minute events over two years are read by day). A grain with more periods than that, or finer than the data (fewer than 10 % of its periods have rows), is refused with 422 naming the finest grain the data allows.
             * @enum {string}
             */
            time_grain?: "minute" | "hour" | "day" | "week" | "month" | "quarter" | "year";
            /**
             * @default {
             *       "horizon": 30,
             *       "aggregate": "sum",
             *       "standardize": true
             *     }
             */
            options?: {
                /** @default 30 */
                horizon?: number;
                seasonality?: number | null;
                /**
                 * @description Forecast with this method; by default the method with the lowest rolling-origin cross-validated error is chosen.
                 * @enum {string}
                 */
                method?: "drift" | "seasonal_naive" | "holt_linear" | "holt_linear_damped" | "holt_winters_additive" | "holt_winters_multiplicative" | "holt_winters_damped_additive" | "holt_winters_damped_multiplicative";
                /** @description Clusters for k-means; when absent, k = 2..10 with the highest mean silhouette width. */
                k?: number;
                /**
                 * @description Cluster on columns scaled to mean 0 and standard deviation 1 (default true); false clusters in the columns' own units.
                 * @default true
                 */
                standardize?: boolean;
                /**
                 * @default sum
                 * @enum {string}
                 */
                aggregate?: "sum" | "mean";
            };
        };
        /**
         * @description Exactly one of `dataset` (inline rows) or `dataset_id` (an uploaded dataset).
         * @example {
         *       "dataset": [
         *         {
         *           "city": " New York",
         *           "amount": "1,200"
         *         },
         *         {
         *           "city": "new york",
         *           "amount": "N/A"
         *         }
         *       ],
         *       "options": {
         *         "impute": "median",
         *         "cluster_keys": [
         *           "city"
         *         ]
         *       }
         *     }
         */
        CleanRequest: {
            dataset?: {
                [key: string]: unknown;
            }[];
            dataset_id?: string;
            /**
             * @default {
             *       "deduplicate": true,
             *       "impute": "none",
             *       "outliers": "flag",
             *       "normalise_strings": true,
             *       "infer_types": true,
             *       "decimal_separator": "auto",
             *       "day_order": "auto",
             *       "cluster_keys": [],
             *       "apply_clusters": "fingerprint"
             *     }
             */
            options?: {
                /**
                 * @description Remove exact duplicate rows; each removal names the row kept.
                 * @default true
                 */
                deduplicate?: boolean;
                /**
                 * @description Fill missing values with the column's mean, median or mode (numeric columns for mean and median).
                 * @default none
                 * @enum {string}
                 */
                impute?: "none" | "mean" | "median" | "mode";
                /**
                 * @description Flag numeric outliers (outside Tukey's fences, IQR 1.5) in the report; values are kept.
                 * @default flag
                 * @enum {string}
                 */
                outliers?: "flag" | "none";
                /**
                 * @description Trim and collapse whitespace, and unify values that differ only in case.
                 * @default true
                 */
                normalise_strings?: boolean;
                /**
                 * @description Read text as what it means: missing-value sentinels ("", "N/A", "null", ...) become null; numbers (thousands separators, decimal commas, percentages, currencies), booleans and dates written as text become typed values. Identifier-like columns (leading zeros, fixed-width digit strings, international phone numbers) stay text, non-finite numbers (Infinity, inf) in a numeric column become null, and each such decision is in the report. Off: no cell changes type.
                 * @default true
                 */
                infer_types?: boolean;
                /**
                 * @description Decimal separator of numbers written as text. auto decides per column: a column whose values use a decimal comma ("3,5", "1.234,56") is read that way; a column whose values fit both ("1,234") is read with a decimal point and flagged (flag_ambiguous_number).
                 * @default auto
                 * @enum {string}
                 */
                decimal_separator?: "auto" | "." | ",";
                /**
                 * @description Order of day and month in dates like 03/04/2024. auto decides per column from a day over 12; when every such date fits both orders, the column is kept as text and flagged (flag_ambiguous_date).
                 * @default auto
                 * @enum {string}
                 */
                day_order?: "auto" | "mdy" | "dmy";
                /**
                 * @description Columns whose values are clustered OpenRefine-style (fingerprint, n-gram fingerprint, nearest neighbour by Levenshtein distance).
                 * @default []
                 */
                cluster_keys?: string[];
                /**
                 * @description Which merges of key clustering change cells. fingerprint: only spellings that differ in case, accents, whitespace, punctuation or word order; none: no merge; all: n-gram and nearest-neighbour merges too. Merges not applied are reported as suggest_merge entries with the value proposed.
                 * @default fingerprint
                 * @enum {string}
                 */
                apply_clusters?: "none" | "fingerprint" | "all";
            };
        };
        HookAccepted: {
            execution_id: string;
            /** @enum {string} */
            status: "queued" | "running" | "completed" | "failed" | "cancelled";
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process answers. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok";
                    };
                };
            };
            /** @description The request line or a header could not be parsed; Node's HTTP server answers this itself, without a body. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    readiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready to serve traffic. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Readiness"];
                };
            };
            /** @description The request line or a header could not be parsed; Node's HTTP server answers this itself, without a body. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A dependency is down or the process is shutting down. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Readiness"];
                };
            };
        };
    };
    whoami: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key's id, mode, permission and cap, and its account. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WhoAmI"];
                };
            };
            /** @description UNAUTHORIZED: Missing or invalid credentials. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to perform this action. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Rate limit exceeded. Retry after the time given in Retry-After. | QUOTA_EXCEEDED: Monthly quota exhausted. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getUsage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Requests used and allowed this calendar month (UTC), per endpoint category, and data processed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Usage"];
                };
            };
            /** @description UNAUTHORIZED: Missing or invalid credentials. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to perform this action. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Rate limit exceeded. Retry after the time given in Retry-After. | QUOTA_EXCEEDED: Monthly quota exhausted. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWorkflows: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                status?: "active" | "draft";
                /** @description Only workflows created after this date or time. */
                created_after?: string;
                /** @description Only workflows created before this date or time. */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key's workflows (of its mode), newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkflowList"];
                };
            };
            /** @description BAD_REQUEST: The request is malformed or has invalid parameters. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: Missing or invalid credentials. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to perform this action. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Rate limit exceeded. Retry after the time given in Retry-After. | QUOTA_EXCEEDED: Monthly quota exhausted. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createWorkflow: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    description?: string | null;
                    /**
                     * @default active
                     * @enum {string}
                     */
                    status?: "active" | "draft";
                    trigger: components["schemas"]["Trigger"];
                    actions: components["schemas"]["Action"][];
                };
            };
        };
        responses: {
            /** @description The new workflow; webhook-triggered workflows carry their webhook_url. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Workflow"];
                };
            };
            /** @description BAD_REQUEST: The request is malformed or has invalid parameters. | MALFORMED_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: Missing or invalid credentials. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to perform this action. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: The request validation failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Rate limit exceeded. Retry after the time given in Retry-After. | QUOTA_EXCEEDED: Monthly quota exhausted. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWorkflow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The workflow with its execution count and last run. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Workflow"];
                };
            };
            /** @description BAD_REQUEST: The request is malformed or has invalid parameters. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: Missing or invalid credentials. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to perform this action. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: The requested resource was not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Rate limit exceeded. Retry after the time given in Retry-After. | QUOTA_EXCEEDED: Monthly quota exhausted. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateWorkflow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    description?: string | null;
                    /** @enum {string} */
                    status?: "active" | "draft";
                    trigger?: components["schemas"]["Trigger"];
                    actions?: components["schemas"]["Action"][];
                };
            };
        };
        responses: {
            /** @description The updated workflow. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Workflow"];
                };
            };
            /** @description BAD_REQUEST: The request is malformed or has invalid parameters. | MALFORMED_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: Missing or invalid credentials. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to perform this action. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: The requested resource was not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: The request validation failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Rate limit exceeded. Retry after the time given in Retry-After. | QUOTA_EXCEEDED: Monthly quota exhausted. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteWorkflow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedWorkflow"];
                };
            };
            /** @description BAD_REQUEST: The request is malformed or has invalid parameters. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: Missing or invalid credentials. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to perform this action. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: The requested resource was not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Rate limit exceeded. Retry after the time given in Retry-After. | QUOTA_EXCEEDED: Monthly quota exhausted. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchWorkflow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    description?: string | null;
                    /** @enum {string} */
                    status?: "active" | "draft";
                    trigger?: components["schemas"]["TriggerPatch"];
                    actions?: components["schemas"]["Action"][];
                };
            };
        };
        responses: {
            /** @description The updated workflow. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Workflow"];
                };
            };
            /** @description BAD_REQUEST: The request is malformed or has invalid parameters. | MALFORMED_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: Missing or invalid credentials. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to perform this action. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: The requested resource was not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: The request validation failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Rate limit exceeded. Retry after the time given in Retry-After. | QUOTA_EXCEEDED: Monthly quota exhausted. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    executeWorkflow: {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeating a request with the same key within 24 h returns the original execution. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["ExecuteRequest"];
            };
        };
        responses: {
            /** @description Accepted: the execution is queued. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExecutionStarted"];
                };
            };
            /** @description BAD_REQUEST: The request is malformed or has invalid parameters. | MALFORMED_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: Missing or invalid credentials. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to perform this action. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: The requested resource was not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONFLICT: The request conflicts with the current state of the resource. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: The request validation failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Rate limit exceeded. Retry after the time given in Retry-After. | QUOTA_EXCEEDED: Monthly quota exhausted. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listExecutions: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                status?: "queued" | "running" | "completed" | "failed" | "cancelled";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The workflow's executions, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExecutionList"];
                };
            };
            /** @description BAD_REQUEST: The request is malformed or has invalid parameters. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: Missing or invalid credentials. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to perform this action. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: The requested resource was not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Rate limit exceeded. Retry after the time given in Retry-After. | QUOTA_EXCEEDED: Monthly quota exhausted. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAccountExecutions: {
        parameters: {
            query?: {
                limit?: number;
                /** @description The previous page's `next_cursor`; leave out for the newest executions. */
                cursor?: string;
                /** @description Only executions with one of these statuses, separated by commas: queued, running, completed, failed, cancelled. */
                status?: string;
                /** @description Only this workflow's executions. */
                workflow_id?: string;
                /** @description The key's own mode, if given: a test key lists test executions only, a live key live ones; the other mode is 403. */
                mode?: "live" | "test";
                /** @description Only executions queued after this date or time. */
                created_after?: string;
                /** @description Only executions queued before this date or time. */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of executions, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExecutionPage"];
                };
            };
            /** @description BAD_REQUEST: The request is malformed or has invalid parameters. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: Missing or invalid credentials. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to perform this action. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Rate limit exceeded. Retry after the time given in Retry-After. | QUOTA_EXCEEDED: Monthly quota exhausted. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getExecution: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The execution with each step's input, output, attempts, timing and error. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Execution"];
                };
            };
            /** @description BAD_REQUEST: The request is malformed or has invalid parameters. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: Missing or invalid credentials. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to perform this action. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: The requested resource was not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Rate limit exceeded. Retry after the time given in Retry-After. | QUOTA_EXCEEDED: Monthly quota exhausted. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelExecution: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted: the execution as it is now. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Execution"];
                };
            };
            /** @description BAD_REQUEST: The request is malformed or has invalid parameters. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: Missing or invalid credentials. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to perform this action. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: The requested resource was not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONFLICT: The request conflicts with the current state of the resource. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Rate limit exceeded. Retry after the time given in Retry-After. | QUOTA_EXCEEDED: Monthly quota exhausted. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rerunExecution: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted: the new execution, queued. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Execution"];
                };
            };
            /** @description BAD_REQUEST: The request is malformed or has invalid parameters. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: Missing or invalid credentials. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to perform this action. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: The requested resource was not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Rate limit exceeded. Retry after the time given in Retry-After. | QUOTA_EXCEEDED: Monthly quota exhausted. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account's endpoints of the key's mode, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointList"];
                };
            };
            /** @description BAD_REQUEST: The request is malformed or has invalid parameters. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: Missing or invalid credentials. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to perform this action. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Rate limit exceeded. Retry after the time given in Retry-After. | QUOTA_EXCEEDED: Monthly quota exhausted. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    url: string;
                    events: ("workflow.triggered" | "workflow.completed" | "workflow.failed" | "workflow.cancelled" | "processing.started" | "processing.completed" | "processing.failed" | "usage.threshold_reached" | "stream.anomaly_detected" | "*")[];
                    description?: string | null;
                };
            };
        };
        responses: {
            /** @description The new endpoint and its signing secret. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                };
            };
            /** @description BAD_REQUEST: The request is malformed or has invalid parameters. | MALFORMED_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: Missing or invalid credentials. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to perform this action. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: The request validation failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Rate limit exceeded. Retry after the time given in Retry-After. | QUOTA_EXCEEDED: Monthly quota exhausted. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description BAD_REQUEST: The request is malformed or has invalid parameters. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: Missing or invalid credentials. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to perform this action. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: The requested resource was not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Rate limit exceeded. Retry after the time given in Retry-After. | QUOTA_EXCEEDED: Monthly quota exhausted. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedWebhookEndpoint"];
                };
            };
            /** @description BAD_REQUEST: The request is malformed or has invalid parameters. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: Missing or invalid credentials. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to perform this action. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: The requested resource was not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Rate limit exceeded. Retry after the time given in Retry-After. | QUOTA_EXCEEDED: Monthly quota exhausted. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    url?: string;
                    events?: ("workflow.triggered" | "workflow.completed" | "workflow.failed" | "workflow.cancelled" | "processing.started" | "processing.completed" | "processing.failed" | "usage.threshold_reached" | "stream.anomaly_detected" | "*")[];
                    description?: string | null;
                    is_active?: boolean;
                };
            };
        };
        responses: {
            /** @description The updated endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description BAD_REQUEST: The request is malformed or has invalid parameters. | MALFORMED_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: Missing or invalid credentials. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to perform this action. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: The requested resource was not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: The request validation failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Rate limit exceeded. Retry after the time given in Retry-After. | QUOTA_EXCEEDED: Monthly quota exhausted. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint and its new signing secret. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                };
            };
            /** @description BAD_REQUEST: The request is malformed or has invalid parameters. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: Missing or invalid credentials. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to perform this action. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: The requested resource was not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Rate limit exceeded. Retry after the time given in Retry-After. | QUOTA_EXCEEDED: Monthly quota exhausted. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    sendTestWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    type?: "workflow.triggered" | "workflow.completed" | "workflow.failed" | "workflow.cancelled" | "processing.started" | "processing.completed" | "processing.failed" | "usage.threshold_reached" | "stream.anomaly_detected";
                };
            };
        };
        responses: {
            /** @description The event and its delivery, on its way. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookTestEvent"];
                };
            };
            /** @description BAD_REQUEST: The request is malformed or has invalid parameters. | MALFORMED_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: Missing or invalid credentials. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to perform this action. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: The requested resource was not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONFLICT: The request conflicts with the current state of the resource. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: The request validation failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Rate limit exceeded. Retry after the time given in Retry-After. | QUOTA_EXCEEDED: Monthly quota exhausted. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                status?: ("pending" | "retrying" | "succeeded" | "failed")[];
                event_type?: ("workflow.triggered" | "workflow.completed" | "workflow.failed" | "workflow.cancelled" | "processing.started" | "processing.completed" | "processing.failed" | "usage.threshold_reached" | "stream.anomaly_detected")[];
                created_after?: string;
                created_before?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deliveries, newest first, each with every attempt made. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryList"];
                };
            };
            /** @description BAD_REQUEST: The request is malformed or has invalid parameters. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: Missing or invalid credentials. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to perform this action. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: The requested resource was not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Rate limit exceeded. Retry after the time given in Retry-After. | QUOTA_EXCEEDED: Monthly quota exhausted. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    replayWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery, pending again. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            /** @description BAD_REQUEST: The request is malformed or has invalid parameters. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: Missing or invalid credentials. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to perform this action. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: The requested resource was not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONFLICT: The request conflicts with the current state of the resource. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Rate limit exceeded. Retry after the time given in Retry-After. | QUOTA_EXCEEDED: Monthly quota exhausted. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    recoverWebhookDeliveries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecoverWebhookDeliveriesRequest"];
            };
        };
        responses: {
            /** @description The failed deliveries of the window, queued again. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecoverWebhookDeliveriesResult"];
                };
            };
            /** @description BAD_REQUEST: The request is malformed or has invalid parameters. | MALFORMED_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: Missing or invalid credentials. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to perform this action. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: The requested resource was not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONFLICT: The request conflicts with the current state of the resource. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: The request validation failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Rate limit exceeded. Retry after the time given in Retry-After. | QUOTA_EXCEEDED: Monthly quota exhausted. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listDatasets: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key's datasets (of its mode), newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DatasetList"];
                };
            };
            /** @description BAD_REQUEST: The request is malformed or has invalid parameters. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: Missing or invalid credentials. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to perform this action. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Rate limit exceeded. Retry after the time given in Retry-After. | QUOTA_EXCEEDED: Monthly quota exhausted. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    uploadDataset: {
        parameters: {
            query?: {
                /** @description A name for the dataset (default: the dataset id and format). */
                name?: string;
                /** @description The file's format; required with Content-Type application/octet-stream, otherwise taken from the Content-Type. */
                format?: "csv" | "json" | "ndjson" | "parquet";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "text/csv": string;
                "application/json": string;
                "application/x-ndjson": string;
                "application/vnd.apache.parquet": string;
                "application/octet-stream": string;
            };
        };
        responses: {
            /** @description The dataset, ready: its schema, row count and size. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Dataset"];
                };
            };
            /** @description Accepted: still processing. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Dataset"];
                };
            };
            /** @description BAD_REQUEST: The request is malformed or has invalid parameters. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: Missing or invalid credentials. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to perform this action. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: The request body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: The request body must be JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: The request validation failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Rate limit exceeded. Retry after the time given in Retry-After. | QUOTA_EXCEEDED: Monthly quota exhausted. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDataset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The dataset. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Dataset"];
                };
            };
            /** @description BAD_REQUEST: The request is malformed or has invalid parameters. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: Missing or invalid credentials. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to perform this action. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: The requested resource was not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Rate limit exceeded. Retry after the time given in Retry-After. | QUOTA_EXCEEDED: Monthly quota exhausted. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteDataset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedDataset"];
                };
            };
            /** @description BAD_REQUEST: The request is malformed or has invalid parameters. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: Missing or invalid credentials. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to perform this action. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: The requested resource was not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONFLICT: The request conflicts with the current state of the resource. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Rate limit exceeded. Retry after the time given in Retry-After. | QUOTA_EXCEEDED: Monthly quota exhausted. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    analyze: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AnalyzeRequest"];
            };
        };
        responses: {
            /** @description Finished within the wait budget: the analysis with its result (or its error). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Analysis"];
                };
            };
            /** @description Accepted and still running: poll GET /v1/analyses/{id}. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Analysis"];
                };
            };
            /** @description MALFORMED_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: Missing or invalid credentials. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to perform this action. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: The requested resource was not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONFLICT: The request conflicts with the current state of the resource. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: The request body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: The request validation failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Rate limit exceeded. Retry after the time given in Retry-After. | QUOTA_EXCEEDED: Monthly quota exhausted. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    clean: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CleanRequest"];
            };
        };
        responses: {
            /** @description Finished within the wait budget: the cleaned rows, the report and a summary. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Analysis"];
                };
            };
            /** @description Accepted and still running: poll GET /v1/analyses/{id}. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Analysis"];
                };
            };
            /** @description MALFORMED_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: Missing or invalid credentials. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to perform this action. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: The requested resource was not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONFLICT: The request conflicts with the current state of the resource. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: The request body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: The request validation failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Rate limit exceeded. Retry after the time given in Retry-After. | QUOTA_EXCEEDED: Monthly quota exhausted. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAnalysis: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The analysis. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Analysis"];
                };
            };
            /** @description BAD_REQUEST: The request is malformed or has invalid parameters. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: Missing or invalid credentials. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to perform this action. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: The requested resource was not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Rate limit exceeded. Retry after the time given in Retry-After. | QUOTA_EXCEEDED: Monthly quota exhausted. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    sendStreamEvents: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    events: {
                        id: string;
                        /** Format: date-time */
                        timestamp: string;
                        fields: {
                            [key: string]: number;
                        };
                        dimensions?: {
                            [key: string]: string;
                        };
                    }[];
                };
            };
        };
        responses: {
            /** @description Events accepted and duplicates ignored, with the anomalies this batch raised. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        stream: string;
                        accepted: number;
                        duplicates: number;
                        anomalies: {
                            event_id: string;
                            field: string;
                            sequence: number;
                            value: number;
                            score: number | null;
                        }[];
                    };
                };
            };
            /** @description BAD_REQUEST: The request is malformed or has invalid parameters. | MALFORMED_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: Missing or invalid credentials. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to perform this action. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: The request body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: The request validation failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Rate limit exceeded. Retry after the time given in Retry-After. | QUOTA_EXCEEDED: Monthly quota exhausted. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getStream: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stream. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        name: string;
                        /** @enum {string} */
                        mode: "live" | "test";
                        dataset_id: string | null;
                        created_at: string;
                        last_event_at: string | null;
                        events: number;
                        fields: {
                            [key: string]: {
                                count: number;
                                mean: number;
                                variance: number;
                                stddev: number;
                                min: number;
                                max: number;
                                ewma: number;
                                rate_per_minute: number;
                                recent: number[];
                                last_anomalies: {
                                    event_id: string;
                                    field: string;
                                    sequence: number;
                                    value: number;
                                    score: number | null;
                                    detected_at: string;
                                }[];
                            };
                        };
                        anomalies: {
                            event_id: string;
                            field: string;
                            sequence: number;
                            value: number;
                            score: number | null;
                            detected_at: string;
                        }[];
                    };
                };
            };
            /** @description BAD_REQUEST: The request is malformed or has invalid parameters. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: Missing or invalid credentials. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to perform this action. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: The requested resource was not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Rate limit exceeded. Retry after the time given in Retry-After. | QUOTA_EXCEEDED: Monthly quota exhausted. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteStream: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        deleted_at: string;
                    };
                };
            };
            /** @description BAD_REQUEST: The request is malformed or has invalid parameters. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: Missing or invalid credentials. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to perform this action. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: The requested resource was not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Rate limit exceeded. Retry after the time given in Retry-After. | QUOTA_EXCEEDED: Monthly quota exhausted. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listStreams: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key's streams (of its mode), by name. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        streams: {
                            name: string;
                            /** @enum {string} */
                            mode: "live" | "test";
                            dataset_id: string | null;
                            created_at: string;
                            last_event_at: string | null;
                        }[];
                        total: number;
                        page: number;
                        limit: number;
                    };
                };
            };
            /** @description BAD_REQUEST: The request is malformed or has invalid parameters. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: Missing or invalid credentials. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to perform this action. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Rate limit exceeded. Retry after the time given in Retry-After. | QUOTA_EXCEEDED: Monthly quota exhausted. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    followStream: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event stream. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description BAD_REQUEST: The request is malformed or has invalid parameters. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: Missing or invalid credentials. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to perform this action. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Rate limit exceeded. Retry after the time given in Retry-After. | QUOTA_EXCEEDED: Monthly quota exhausted. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    triggerWebhookWorkflow: {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeating a request with the same key within 24 h returns the original execution. */
                "idempotency-key"?: string;
            };
            path: {
                workflow_id: string;
                secret: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Accepted: the execution is queued. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HookAccepted"];
                };
            };
            /** @description BAD_REQUEST: The request is malformed or has invalid parameters. | MALFORMED_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: The requested resource was not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONFLICT: The request conflicts with the current state of the resource. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: The request body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: The request body must be JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Rate limit exceeded. Retry after the time given in Retry-After. | QUOTA_EXCEEDED: Monthly quota exhausted. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
