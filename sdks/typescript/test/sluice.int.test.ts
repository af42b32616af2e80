import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { sdkOperations } from "../../../scripts/generate-sdks.js";
import { standardWebhooksSignature } from "../../../core/webhooks/signing.js";
import { useHttpReceiver } from "../../../testing/http-receiver.js";
import { useSdkStack } from "../../../testing/sdk-stack.js";
import { quickstart } from "../examples/quickstart.js";
import { handleWebhook } from "../examples/verify-webhook.js";
import { createServer } from "node:net";
import {
  AuthenticationError,
  ConflictError,
  NetworkError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServerError,
  Sluice,
  SluiceError,
  ValidationError,
  type components,
} from "../src/index.js";

// The TypeScript SDK against a real gateway (child process) and engine.
const stack = useSdkStack();
const receiver = useHttpReceiver();
const client = async () => new Sluice({ apiKey: (await stack.keyedAccount()).secret, baseUrl: stack.url });

describe("the TypeScript SDK against the API", () => {
  it("creates, lists, updates, executes and deletes a workflow", async () => {
    const sluice = await client();
    const created = await sluice.createWorkflow({ name: "SDK workflow", trigger: { type: "manual", config: {} }, actions: [{ type: "transform", name: "shape", config: { output: { ok: "yes" } } }] });
    expect(created).toMatchObject({ name: "SDK workflow", status: "active" });
    // Typed fields of a real answer.
    const trigger: components["schemas"]["Trigger"] = created.trigger;
    expect(trigger.type).toBe("manual");
    expect(created.actions.map((action) => action.type)).toEqual(["transform"]);
    expect((await sluice.listWorkflows({ limit: 10 })).workflows.map((w) => w.id)).toEqual([created.id]);
    expect((await sluice.updateWorkflow(created.id, { name: "Renamed" })).name).toBe("Renamed");

    const run = await sluice.executeWorkflow(created.id, { data: { n: 1 } }, { idempotencyKey: "sdk-run-1" });
    const again = await sluice.executeWorkflow(created.id, { data: { n: 1 } }, { idempotencyKey: "sdk-run-1" });
    expect(again.execution_id).toBe(run.execution_id);
    await expect.poll(async () => (await sluice.getExecution(run.execution_id)).status, { timeout: 15_000 }).toBe("completed");
    const execution = await sluice.getExecution(run.execution_id);
    expect(execution.steps.map((step) => [step.name, step.status])).toEqual([["shape", "completed"]]);
    expect(sluice.rateLimit?.limit).toBeGreaterThan(0);

    await sluice.deleteWorkflow(created.id);
    const missing = await sluice.getWorkflow(created.id).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing).toBeInstanceOf(SluiceError);
    expect(missing).toMatchObject({ status: 404, code: "NOT_FOUND" });
    expect((missing as SluiceError).requestId).toMatch(/\S/);
  });

  it("runs the README's quick start: a workflow, an analysis of a small dataset, an error", async () => {
    const { secret } = await stack.keyedAccount();
    const result = await quickstart(secret, stack.url);
    expect(result.run.status).toBe("queued");
    expect(result.analysis).toMatchObject({ status: "completed", insights: { trend: { direction: "increasing" } } });
  });

  it("pages through a list", async () => {
    const sluice = await client();
    for (let i = 0; i < 5; i++) await sluice.createWorkflow({ name: `Paged ${i}`, trigger: { type: "manual", config: {} }, actions: [{ type: "transform", name: "s", config: { output: {} } }] });
    const names: string[] = [];
    // Typed: each item is a Workflow, no cast.
    for await (const workflow of sluice.paginate("listWorkflows", { query: { limit: 2 } })) names.push(workflow.name);
    expect(names.sort()).toEqual(["Paged 0", "Paged 1", "Paged 2", "Paged 3", "Paged 4"]);
  });

  it("walks a cursor list across pages with filters, and reads each step's attempts typed", async () => {
    const sluice = await client();
    const shaped = await sluice.createWorkflow({ name: "Cursor", trigger: { type: "manual", config: {} }, actions: [{ type: "transform", name: "s", config: { output: {} } }] });
    const failing = await sluice.createWorkflow({ name: "Failing", trigger: { type: "manual", config: {} }, actions: [{ type: "http_request", name: "call", max_attempts: 1, config: { url: "http://127.0.0.1:1/closed" } }] });
    const runs: string[] = [];
    for (let i = 0; i < 5; i++) runs.push((await sluice.executeWorkflow(shaped.id, { data: { i } })).execution_id);
    const failed = (await sluice.executeWorkflow(failing.id)).execution_id;
    const finished = async () => (await sluice.listAccountExecutions({ limit: 100 })).executions.filter((e) => e.status === "completed" || e.status === "failed").length;
    await expect.poll(finished, { timeout: 30_000 }).toBe(6);

    // Typed: each item is an ExecutionSummary; limit 2 makes three pages of one workflow's five.
    const seen: string[] = [];
    for await (const execution of sluice.paginate("listAccountExecutions", { query: { limit: 2, workflow_id: shaped.id } })) seen.push(execution.id);
    expect(seen).toHaveLength(5);
    expect([...seen].sort()).toEqual([...runs].sort());
    const first = await sluice.listAccountExecutions({ limit: 2, workflow_id: shaped.id });
    expect(first).toMatchObject({ has_more: true, next_cursor: expect.any(String) as unknown });
    const byStatus: string[] = [];
    for await (const execution of sluice.paginate("listAccountExecutions", { query: { limit: 2, status: "failed" } })) byStatus.push(execution.id);
    expect(byStatus).toEqual([failed]);

    const [step] = (await sluice.getExecution(failed)).steps;
    const attempts: components["schemas"]["StepAttempt"][] = step?.attempt_history ?? [];
    expect(step?.attempts).toBe(1);
    expect(attempts.map((attempt) => [attempt.attempt, attempt.outcome])).toEqual([[1, "failed"]]);
    expect(attempts[0]?.error?.code).toMatch(/^[A-Z_]+$/);
  }, 60_000);

  it("patches one field of a workflow and keeps the others", async () => {
    const sluice = await client();
    const created = await sluice.createWorkflow({ name: "Patch me", description: "kept", trigger: { type: "manual", config: {} }, actions: [{ type: "transform", name: "s", config: { output: {} } }] });
    const patched = await sluice.patchWorkflow(created.id, { name: "Patched" });
    expect(patched.name).toBe("Patched");
    expect({ ...patched, name: created.name, updated_at: created.updated_at }).toEqual(created);
  });

  it("recovers an endpoint's failed deliveries: none failed, none queued", async () => {
    const sluice = await client();
    const endpoint = await sluice.createWebhookEndpoint({ url: `${receiver.current.url}/hooks`, events: ["workflow.completed"] });
    const since = new Date(Date.now() - 3_600_000).toISOString();
    const recovered = await sluice.recoverWebhookDeliveries(endpoint.id, { since });
    const queued: number = recovered.queued;
    expect(queued).toBe(0);
    expect(recovered.continues_in_background).toBe(false);
  });

  it("follows a stream live", async () => {
    const sluice = await client();
    await sluice.sendStreamEvents("sdk-live", { events: [{ id: "a", timestamp: "2026-11-25T10:00:00Z", fields: { v: 1 } }] });
    const live = sluice.followStream("sdk-live");
    const first = await live.next();
    expect(first.value).toMatchObject({ event: "statistics" });
    await sluice.sendStreamEvents("sdk-live", { events: [{ id: "b", timestamp: "2026-11-25T10:00:01Z", fields: { v: 2 } }] });
    const second = await live.next();
    expect(JSON.parse((second.value as { data: string }).data)).toMatchObject({ events: 2 });
    await live.return?.();
  });

  it("executes a workflow without a body", async () => {
    const sluice = await client();
    const created = await sluice.createWorkflow({ name: "No body", trigger: { type: "manual", config: {} }, actions: [{ type: "transform", name: "s", config: { output: {} } }] });
    const run = await sluice.executeWorkflow(created.id);
    expect(run.execution_id).toMatch(/^exec_/);
  });

  it("throws one error class per category, each a SluiceError with status, code, request id and retry-after", async () => {
    const sluice = await client();
    const { readOnly, limited } = await stack.errorKeys();
    const workflow = await sluice.createWorkflow({ name: "Conflict", trigger: { type: "manual", config: {} }, actions: [{ type: "transform", name: "s", config: { output: {} } }] });
    await sluice.executeWorkflow(workflow.id, { data: { n: 1 } }, { idempotencyKey: "ts-conflict" });
    const limitedClient = new Sluice({ apiKey: limited, baseUrl: stack.url });
    await limitedClient.whoami();
    const closedPort = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, "127.0.0.1", () => {
        const address = server.address();
        server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
      });
    });
    const cases = [
      ["401 bad key", AuthenticationError, 401, () => new Sluice({ apiKey: "sk_live_wrong", baseUrl: stack.url }).whoami()],
      ["403 read-only key writes", PermissionDeniedError, 403, () => new Sluice({ apiKey: readOnly, baseUrl: stack.url }).createWorkflow({ name: "x", trigger: { type: "manual", config: {} }, actions: [] })],
      ["404 unknown id", NotFoundError, 404, () => sluice.getWorkflow("wf_missing")],
      ["422 bad body", ValidationError, 422, () => sluice.createWorkflow({ name: "", trigger: { type: "manual", config: {} }, actions: [] })],
      ["409 key reused with another body", ConflictError, 409, () => sluice.executeWorkflow(workflow.id, { data: { n: 2 } }, { idempotencyKey: "ts-conflict" })],
      ["429 quota used up", RateLimitError, 429, () => limitedClient.whoami()],
      ["network: a closed port", NetworkError, 0, () => new Sluice({ apiKey: "sk_live_x", baseUrl: `http://127.0.0.1:${closedPort}`, maxRetries: 0 }).whoami()],
    ] as const;
    for (const [name, ErrorClass, status, call] of cases) {
      const error = await (call as () => Promise<unknown>)().catch((e: unknown) => e);
      expect(error, name).toBeInstanceOf(ErrorClass);
      expect(error, name).toBeInstanceOf(SluiceError);
      const failure = error as SluiceError;
      expect(failure.status, name).toBe(status);
      expect(failure.code, name).toMatch(/^[A-Z_]+$/);
      expect(failure.message, name).toMatch(/\S/);
      if (status) expect(failure.requestId, name).toMatch(/\S/);
      else expect(failure.code, name).toBe("NETWORK_ERROR");
      if (status === 429) expect(failure.retryAfterSeconds, name).toBeGreaterThan(0);
      if (status === 422) expect(failure.details.length, name).toBeGreaterThan(0);
      for (const Other of [AuthenticationError, NotFoundError, ServerError]) if (Other !== ErrorClass) expect(error, name).not.toBeInstanceOf(Other);
    }
  });

  it("throws the API's validation errors with their details, without retrying them", async () => {
    const sluice = await client();
    const error = await sluice.createWorkflow({ name: "", trigger: { type: "manual", config: {} }, actions: [] }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 422, code: "VALIDATION_FAILED" });
    expect((error as SluiceError).details.length).toBeGreaterThan(0);
  });
});

describe("retries", () => {
  it("waits out a 429's Retry-After and retries with the same Idempotency-Key", async () => {
    let calls = 0;
    receiver.current.respondWith((_request, response) => {
      calls++;
      if (calls === 1) {
        response.writeHead(429, { "Content-Type": "application/json", "Retry-After": "1" });
        response.end(JSON.stringify({ error: { code: "RATE_LIMITED", message: "Slow down", request_id: "req_1" } }));
        return;
      }
      response.writeHead(202, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ execution_id: "exec_1", status: "queued", started_at: "2026-11-25T10:00:00Z" }));
    });
    const sluice = new Sluice({ apiKey: "sk_test_x", baseUrl: receiver.current.url });
    const started = Date.now();
    expect(await sluice.executeWorkflow("wf_1", { data: {} })).toMatchObject({ execution_id: "exec_1" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    const keys = receiver.current.received.map((r) => r.headers["idempotency-key"]);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/\S/);
    expect(keys[1]).toBe(keys[0]);
  });

  it("retries 5xx with backoff up to maxRetries, then throws the last error", async () => {
    receiver.current.respondWith((_request, response) => {
      response.writeHead(503, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ error: { code: "SERVICE_UNAVAILABLE", message: "Down", request_id: "req_2" } }));
    });
    const sluice = new Sluice({ apiKey: "sk_test_x", baseUrl: receiver.current.url, maxRetries: 2, retryBaseMs: 10 });
    await expect(sluice.whoami()).rejects.toBeInstanceOf(ServerError);
    expect(receiver.current.received).toHaveLength(3);
    await expect(sluice.whoami()).rejects.toMatchObject({ status: 503, code: "SERVICE_UNAVAILABLE", requestId: "req_2" });
    expect(receiver.current.received).toHaveLength(6);
  });

  it("gives up on a silent server after the timeout", async () => {
    receiver.current.respondWith(() => undefined);
    const sluice = new Sluice({ apiKey: "sk_test_x", baseUrl: receiver.current.url, timeoutMs: 200, maxRetries: 0 });
    const error = await sluice.whoami().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ status: 0, code: "TIMEOUT" });
  });
});

describe("webhook verification", () => {
  it("accepts a real delivery from the API with both signature forms, and refuses a tampered one", async () => {
    const sluice = await client();
    const endpoint = await sluice.createWebhookEndpoint({ url: `${receiver.current.url}/hooks`, events: ["workflow.completed"] });
    await sluice.sendTestWebhook(endpoint.id, { type: "workflow.completed" });
    const [delivery] = await receiver.current.waitForRequests(1, 15_000);
    const body = delivery?.body ?? "";
    const headers = delivery?.headers ?? {};
    expect(await handleWebhook(body, headers, endpoint.secret)).toBe(200);
    const githubOnly = { "x-webhook-signature-256": headers["x-webhook-signature-256"] };
    expect(await handleWebhook(body, githubOnly, endpoint.secret)).toBe(200);
    expect(await handleWebhook(body.replace("workflow", "workfl0w"), headers, endpoint.secret)).toBe(400);
    expect(await handleWebhook(body, { ...githubOnly, "x-webhook-signature-256": "sha256=00" }, endpoint.secret)).toBe(400);
  });

  it("refuses a signature outside the tolerance (replay)", async () => {
    const secret = "whsec_" + Buffer.from("0123456789abcdef0123456789abcdef").toString("base64");
    const old = Math.floor(Date.now() / 1000) - 3_600;
    const body = JSON.stringify({ type: "ping" });
    const headers = { "webhook-id": "evt_1", "webhook-timestamp": String(old), "webhook-signature": standardWebhooksSignature(secret, "evt_1", old, body) };
    expect(await handleWebhook(body, headers, secret)).toBe(400);
    expect(await handleWebhook(body, { ...headers, "webhook-timestamp": String(old + 3_600) }, secret)).toBe(400);
    const fresh = Math.floor(Date.now() / 1000);
    expect(await handleWebhook(body, { ...headers, "webhook-timestamp": String(fresh), "webhook-signature": standardWebhooksSignature(secret, "evt_1", fresh, body) }, secret)).toBe(200);
  });
});

describe("drift", () => {
  it("has a method for every /v1 operation of openapi.yaml", () => {
    const operations = sdkOperations(readFileSync(new URL("../../../openapi.yaml", import.meta.url), "utf8"));
    expect(operations.length).toBeGreaterThan(30);
    const missing = operations.filter((op) => typeof (Sluice.prototype as unknown as Record<string, unknown>)[op.id] !== "function").map((op) => op.id);
    expect(missing).toEqual([]);
  });
});
