import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ATTEMPT_BODY_EXCERPT_BYTES, StoredAttemptSchema, type StoredAttempt } from "../../core/contracts/step-attempts.js";
import { connectRedis, type Redis } from "../../core/redis.js";
import { serializeAttemptHistory } from "../../gateway/workflows/attempt-history.js";
import { createAccount } from "../../testing/accounts.js";
import { useTestDatabase } from "../../testing/database.js";
import { useTestEngine } from "../../testing/engine.js";
import { answerOk, useHttpReceiver } from "../../testing/http-receiver.js";
import { findSteps, insertWorkflow, requestCancel, startRun, waitForExecution, type ActionInput } from "../../testing/workflow-runs.js";

const database = useTestDatabase();
const engine = useTestEngine(database, () => ({ OUTBOUND_ALLOW_PRIVATE: "true" }));
const target = useHttpReceiver();
let redis: Redis;

beforeAll(() => {
  redis = connectRedis(engine.current.config, "worker");
});
afterAll(async () => {
  await redis.quit();
});

const db = () => database.current.db;

async function start(actions: ActionInput[], mode: "live" | "test" = "live") {
  const userId = (await createAccount(db())).id;
  const workflowId = await insertWorkflow(db(), userId, { actions, mode });
  return startRun({ db: db(), queues: engine.current.queues }, { id: workflowId, userId, mode });
}

async function runToEnd(actions: ActionInput[], mode: "live" | "test" = "live") {
  const executionId = await start(actions, mode);
  const execution = await waitForExecution(db(), executionId, undefined, 20_000);
  return { execution, steps: await findSteps(db(), executionId) };
}

function historyOf(step: { attempt_history: unknown } | undefined): StoredAttempt[] {
  return StoredAttemptSchema.array().parse(step?.attempt_history);
}

describe("a step's attempt history", () => {
  it("keeps every attempt of a step that failed twice with 503 and then succeeded: status, headers of interest, body", async () => {
    target.current.respondWith((request, response) => {
      if (target.current.received.indexOf(request) < 2) {
        response.writeHead(503, { "Content-Type": "text/plain", "Retry-After": "0", "X-Request-Id": `req-${target.current.received.length}`, "Set-Cookie": "session=s3cret" });
        response.end("upstream busy, try later");
        return;
      }
      response.writeHead(200, { "Content-Type": "application/json", Authorization: "Bearer leaked", "X-Api-Key": "k3y" });
      response.end('{"done":true}');
    });
    const started = Date.now();
    const { execution, steps } = await runToEnd([{ type: "http_request", name: "flaky", max_attempts: 3, config: { url: `${target.current.url}/flaky`, method: "GET" } }]);
    expect(execution.status).toBe("completed");
    expect(target.current.received).toHaveLength(3);

    const history = historyOf(steps[0]);
    expect(history.map((entry) => [entry.attempt, entry.outcome, entry.response?.status, entry.response?.body_excerpt])).toEqual([
      [1, "failed", 503, "upstream busy, try later"],
      [2, "failed", 503, "upstream busy, try later"],
      [3, "succeeded", 200, '{"done":true}'],
    ]);
    expect(history[0]?.error).toEqual({ code: "ACTION_FAILED", message: expect.stringContaining("HTTP 503") as unknown });
    expect(history[0]?.response).toEqual({
      status: 503,
      headers: { "content-type": "text/plain", "retry-after": "0", "x-request-id": "req-1" },
      body_excerpt: "upstream busy, try later",
      body_truncated: false,
    });
    expect(history[2]?.error).toBeUndefined();
    // Starts in order, each within the run, each with a duration.
    const starts = history.map((entry) => Date.parse(entry.started_at));
    expect(starts[0]).toBeGreaterThanOrEqual(started - 1_000);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    for (const entry of history) expect(entry.duration_ms).toBeGreaterThanOrEqual(0);
    // Credentials and cookies the target sent are never stored.
    const stored = JSON.stringify(steps[0]?.attempt_history).toLowerCase();
    for (const secret of ["set-cookie", "s3cret", "authorization", "leaked", "x-api-key", "k3y"]) expect(stored).not.toContain(secret);
  });

  it("keeps the status and body of a step that failed for good with 404", async () => {
    target.current.respondWith((_request, response) => {
      response.writeHead(404, { "Content-Type": "application/json" });
      response.end('{"error":"no such order"}');
    });
    const { execution, steps } = await runToEnd([{ type: "http_request", name: "lookup", config: { url: `${target.current.url}/orders/9` } }]);
    expect(execution.status).toBe("failed");
    expect(target.current.received).toHaveLength(1);
    expect(steps[0]).toMatchObject({ status: "failed", attempts: 1 });
    expect(historyOf(steps[0])).toEqual([
      {
        attempt: 1,
        started_at: expect.any(String) as unknown,
        duration_ms: expect.any(Number) as unknown,
        outcome: "failed",
        error: execution.error,
        response: { status: 404, headers: { "content-type": "application/json" }, body_excerpt: '{"error":"no such order"}', body_truncated: false },
      },
    ]);
  });

  it("cuts a body longer than the excerpt at a character boundary and marks it truncated", async () => {
    // One byte, then two-byte characters: the cap falls inside one of them.
    const body = `a${"é".repeat(1_500)}`;
    target.current.respondWith((_request, response) => {
      response.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
      response.end(body);
    });
    const { steps } = await runToEnd([{ type: "http_request", name: "big", max_attempts: 1, config: { url: `${target.current.url}/big` } }]);
    const response = historyOf(steps[0])[0]?.response;
    expect(response?.body_truncated).toBe(true);
    const excerpt = response?.body_excerpt ?? "";
    expect(Buffer.byteLength(excerpt)).toBe(ATTEMPT_BODY_EXCERPT_BYTES - 1);
    expect(body.startsWith(excerpt)).toBe(true);
    expect(excerpt).not.toContain("\uFFFD");
  });

  it("records an attempt that timed out, then the one that succeeded", async () => {
    target.current.respondWith((request, response) => {
      // The first request is never answered: the step's 1 s timeout ends the attempt.
      if (target.current.received.indexOf(request) === 0) return;
      answerOk(request, response);
    });
    const { execution, steps } = await runToEnd([{ type: "http_request", name: "slow", timeout_seconds: 1, max_attempts: 2, config: { url: `${target.current.url}/slow` } }]);
    expect(execution.status).toBe("completed");
    const history = historyOf(steps[0]);
    expect(history.map((entry) => [entry.attempt, entry.outcome, entry.error?.code, entry.response?.status])).toEqual([
      [1, "timed_out", "STEP_TIMEOUT", undefined],
      [2, "succeeded", undefined, 200],
    ]);
    expect(history[0]?.duration_ms).toBeGreaterThanOrEqual(950);
  });

  it("records a test-mode attempt as a dry run: nothing sent, no response", async () => {
    const { execution, steps } = await runToEnd([{ type: "http_request", name: "dry", config: { url: `${target.current.url}/dry`, method: "POST", body: { a: 1 } } }], "test");
    expect(execution.status).toBe("completed");
    expect(target.current.received).toHaveLength(0);
    const history = historyOf(steps[0]);
    expect(history).toEqual([{ attempt: 1, started_at: expect.any(String) as unknown, duration_ms: expect.any(Number) as unknown, outcome: "dry_run" }]);
  });

  it("records a step whose templates fail as one failed attempt, and writes no history for steps run in memory", async () => {
    const { steps } = await runToEnd([
      { type: "transform", name: "fine", config: { output: { a: 1 } } },
      { type: "http_request", name: "broken", config: { url: `${target.current.url}/{{trigger.data.missing}}` } },
    ]);
    expect(steps[0]?.attempt_history).toBeNull();
    expect(historyOf(steps[1])).toEqual([
      { attempt: 1, started_at: expect.any(String) as unknown, duration_ms: 0, outcome: "failed", error: { code: "TEMPLATE_ERROR", message: expect.any(String) as unknown } },
    ]);
  });

  it("leaves the entry of an attempt the cancel cut short without an end: the API reads it as cancelled", async () => {
    target.current.respondWith(() => undefined); // never answers
    const executionId = await start([{ type: "http_request", name: "hang", config: { url: `${target.current.url}/hang` } }]);
    await target.current.waitForRequests(1);
    await requestCancel(db(), redis, engine.current.config.REDIS_KEY_PREFIX, executionId);
    expect((await waitForExecution(db(), executionId)).status).toBe("cancelled");
    const [step] = await findSteps(db(), executionId);
    expect(historyOf(step)).toEqual([{ attempt: 1, started_at: expect.any(String) as unknown }]);
    expect(serializeAttemptHistory(step!)).toEqual([{ attempt: 1, started_at: expect.any(String) as unknown, duration_ms: null, outcome: "cancelled" }]);
  });
});
