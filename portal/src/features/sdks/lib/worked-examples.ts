import type { CodeTab } from "../../../components/ui/code-tabs";

/**
 * One complete program per language doing the same thing against the real API: create a
 * workflow, run it with an Idempotency-Key, and poll the execution until it ends. Each request
 * has a 30-second time-out and up to 3 retries: 429 answers always (waiting Retry-After), 5xx
 * answers and network errors only for requests that are safe to repeat (GET, or an
 * Idempotency-Key). worked-examples.test.ts checks the bodies against the API's schemas.
 */
export const REQUEST_TIMEOUT_SECONDS = 30;
export const MAX_RETRIES = 3;

export const EXAMPLE_WORKFLOW = {
  name: "Order summary",
  description: "Builds a summary of an order passed as trigger data.",
  trigger: { type: "manual" },
  actions: [
    {
      type: "transform",
      name: "summary",
      config: { output: { customer: "{{trigger.data.customer}}", total: "{{trigger.data.total}}", currency: "USD" } },
    },
  ],
} as const;

export const EXAMPLE_RUN = { data: { customer: "Ada Lovelace", total: 129.5 } } as const;

/** The Idempotency-Key prefix; each program appends the workflow id. */
export const IDEMPOTENCY_PREFIX = "order-1042-";

function json(value: unknown, indent: string): string {
  return JSON.stringify(value, null, 2).replaceAll("\n", `\n${indent}`);
}

function javascript(origin: string): string {
  return `// Node.js 18 or newer: SLUICE_API_KEY=sk_test_… node sluice-example.mjs
const BASE_URL = ${JSON.stringify(origin)};
const TIMEOUT_MS = ${REQUEST_TIMEOUT_SECONDS * 1000};
const MAX_RETRIES = ${MAX_RETRIES};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One API call. Retries 429s, and 5xx answers and network errors of requests safe to repeat. */
async function sluice(method, path, { body, headers = {} } = {}) {
  const repeatable = method === "GET" || "Idempotency-Key" in headers;
  for (let attempt = 0; ; attempt++) {
    let response;
    try {
      response = await fetch(BASE_URL + path, {
        method,
        headers: { Authorization: \`Bearer \${process.env.SLUICE_API_KEY}\`, "Content-Type": "application/json", ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      if (!repeatable || attempt === MAX_RETRIES) throw error;
      await sleep(2 ** attempt * 1000);
      continue;
    }
    if (attempt < MAX_RETRIES && (response.status === 429 || (repeatable && response.status >= 500))) {
      const retryAfter = Number(response.headers.get("Retry-After"));
      await sleep(retryAfter > 0 ? retryAfter * 1000 : 2 ** attempt * 1000);
      continue;
    }
    const payload = await response.json();
    if (!response.ok) throw new Error(\`\${payload.error.code}: \${payload.error.message} (request \${payload.error.request_id})\`);
    return payload;
  }
}

const workflow = await sluice("POST", "/v1/workflows", {
  body: ${json(EXAMPLE_WORKFLOW, "  ")},
});
console.log("created", workflow.id);

const run = await sluice("POST", \`/v1/workflows/\${workflow.id}/execute\`, {
  headers: { "Idempotency-Key": \`${IDEMPOTENCY_PREFIX}\${workflow.id}\` },
  body: ${json(EXAMPLE_RUN, "  ")},
});

let execution = { status: run.status };
while (execution.status === "queued" || execution.status === "running") {
  await sleep(1000);
  execution = await sluice("GET", \`/v1/executions/\${run.execution_id}\`);
}
console.log(execution.status);
for (const step of execution.steps) console.log(step.name, step.status, step.output);
`;
}

function pythonJson(value: unknown, indent: string): string {
  return json(value, indent).replaceAll(": true", ": True").replaceAll(": false", ": False").replaceAll(": null", ": None");
}

function python(origin: string): string {
  return `# Python 3.9 or newer with requests (pip install requests):
# SLUICE_API_KEY=sk_test_… python sluice_example.py
import os
import time

import requests

BASE_URL = ${JSON.stringify(origin)}
TIMEOUT_SECONDS = ${REQUEST_TIMEOUT_SECONDS}
MAX_RETRIES = ${MAX_RETRIES}

session = requests.Session()
session.headers["Authorization"] = f"Bearer {os.environ['SLUICE_API_KEY']}"


def sluice(method, path, json=None, headers=None):
    """One API call. Retries 429s, and 5xx answers and network errors of requests safe to repeat."""
    headers = headers or {}
    repeatable = method == "GET" or "Idempotency-Key" in headers
    for attempt in range(MAX_RETRIES + 1):
        try:
            response = session.request(method, BASE_URL + path, json=json, headers=headers, timeout=TIMEOUT_SECONDS)
        except requests.RequestException:
            if not repeatable or attempt == MAX_RETRIES:
                raise
            time.sleep(2**attempt)
            continue
        if attempt < MAX_RETRIES and (response.status_code == 429 or (repeatable and response.status_code >= 500)):
            time.sleep(int(response.headers.get("Retry-After", 2**attempt)))
            continue
        payload = response.json()
        if not response.ok:
            error = payload["error"]
            raise RuntimeError(f"{error['code']}: {error['message']} (request {error.get('request_id')})")
        return payload


workflow = sluice(
    "POST",
    "/v1/workflows",
    json=${pythonJson(EXAMPLE_WORKFLOW, "    ")},
)
print("created", workflow["id"])

run = sluice(
    "POST",
    f"/v1/workflows/{workflow['id']}/execute",
    json=${pythonJson(EXAMPLE_RUN, "    ")},
    headers={"Idempotency-Key": f"${IDEMPOTENCY_PREFIX}{workflow['id']}"},
)

execution = {"status": run["status"]}
while execution["status"] in ("queued", "running"):
    time.sleep(1)
    execution = sluice("GET", f"/v1/executions/{run['execution_id']}")
print(execution["status"])
for step in execution["steps"]:
    print(step["name"], step["status"], step["output"])
`;
}

function go(origin: string): string {
  return `// Go 1.21 or newer: SLUICE_API_KEY=sk_test_… go run main.go
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"time"
)

const (
	baseURL    = ${JSON.stringify(origin)}
	maxRetries = ${MAX_RETRIES}
)

var client = &http.Client{Timeout: ${REQUEST_TIMEOUT_SECONDS} * time.Second}

const workflowJSON = \`${json(EXAMPLE_WORKFLOW, "")}\`

const runJSON = \`${json(EXAMPLE_RUN, "")}\`

type apiError struct {
	Error struct {
		Code      string \`json:"code"\`
		Message   string \`json:"message"\`
		RequestID string \`json:"request_id"\`
	} \`json:"error"\`
}

type workflow struct {
	ID string \`json:"id"\`
}

type executionStarted struct {
	ExecutionID string \`json:"execution_id"\`
	Status      string \`json:"status"\`
}

type execution struct {
	Status string \`json:"status"\`
	Steps  []struct {
		Name   string \`json:"name"\`
		Status string \`json:"status"\`
		Output any    \`json:"output"\`
	} \`json:"steps"\`
}

// call sends one request and decodes the answer into out. It retries 429s, and 5xx answers and
// network errors of requests safe to repeat (GET, or an Idempotency-Key).
func call(method, path string, body json.RawMessage, headers map[string]string, out any) error {
	_, repeatable := headers["Idempotency-Key"]
	repeatable = repeatable || method == http.MethodGet
	for attempt := 0; ; attempt++ {
		req, err := http.NewRequest(method, baseURL+path, bytes.NewReader(body))
		if err != nil {
			return err
		}
		req.Header.Set("Authorization", "Bearer "+os.Getenv("SLUICE_API_KEY"))
		req.Header.Set("Content-Type", "application/json")
		for name, value := range headers {
			req.Header.Set(name, value)
		}
		res, err := client.Do(req)
		if err != nil {
			if !repeatable || attempt == maxRetries {
				return err
			}
			time.Sleep(time.Duration(1<<attempt) * time.Second)
			continue
		}
		if attempt < maxRetries && (res.StatusCode == http.StatusTooManyRequests || (repeatable && res.StatusCode >= 500)) {
			res.Body.Close()
			wait := time.Duration(1<<attempt) * time.Second
			if seconds, err := strconv.Atoi(res.Header.Get("Retry-After")); err == nil {
				wait = time.Duration(seconds) * time.Second
			}
			time.Sleep(wait)
			continue
		}
		defer res.Body.Close()
		if res.StatusCode >= 300 {
			var failure apiError
			if err := json.NewDecoder(res.Body).Decode(&failure); err != nil {
				return fmt.Errorf("%s: %w", res.Status, err)
			}
			return fmt.Errorf("%s: %s (request %s)", failure.Error.Code, failure.Error.Message, failure.Error.RequestID)
		}
		return json.NewDecoder(res.Body).Decode(out)
	}
}

func main() {
	var created workflow
	if err := call(http.MethodPost, "/v1/workflows", json.RawMessage(workflowJSON), nil, &created); err != nil {
		panic(err)
	}
	fmt.Println("created", created.ID)

	var run executionStarted
	headers := map[string]string{"Idempotency-Key": "${IDEMPOTENCY_PREFIX}" + created.ID}
	if err := call(http.MethodPost, "/v1/workflows/"+created.ID+"/execute", json.RawMessage(runJSON), headers, &run); err != nil {
		panic(err)
	}

	current := execution{Status: run.Status}
	for current.Status == "queued" || current.Status == "running" {
		time.Sleep(time.Second)
		if err := call(http.MethodGet, "/v1/executions/"+run.ExecutionID, nil, nil, &current); err != nil {
			panic(err)
		}
	}
	fmt.Println(current.Status)
	for _, step := range current.Steps {
		fmt.Println(step.Name, step.Status, step.Output)
	}
}
`;
}

/** The worked example in JavaScript, Python and Go, calling the API at `origin`. */
export function workedExamples(origin: string): CodeTab[] {
  return [
    { label: "JavaScript", code: javascript(origin) },
    { label: "Python", code: python(origin) },
    { label: "Go", code: go(origin) },
  ];
}
