import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { OutboundError } from "../../../core/outbound/send-outbound.js";
import { useTestDatabase } from "../../../testing/database.js";
import { useHttpReceiver } from "../../../testing/http-receiver.js";
import { useTestQueues } from "../../../testing/redis.js";
import type { ActionContext } from "./action-context.js";
import { runAction } from "./action-runners.js";
import { actionFailureOf, testActionContext, testEngineConfig } from "../../../testing/action-context.js";

const database = useTestDatabase();
const queues = useTestQueues();
const receiver = useHttpReceiver();

const context = (overrides: Partial<ActionContext> = {}) => testActionContext({ db: database.current.db, queues: queues.current }, overrides);

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe("http_request action", () => {
  it("sends the exact JSON body with Content-Type, the config's headers and the step's Idempotency-Key", async () => {
    receiver.current.respondWith((_request, response) => {
      response.writeHead(201, { "Content-Type": "application/json; charset=utf-8", "Set-Cookie": "session=abc", "X-Request-Id": "r-1" });
      response.end('{"id":"ord_1","items":[1,2]}');
    });
    const ctx = context({ stepName: "create_order" });
    const result = await runAction(
      { type: "http_request", config: { url: `${receiver.current.url}/orders?x=1`, method: "POST", headers: { Authorization: "Bearer t0k" }, body: { amount: 42, note: "héllo ✓" } } },
      ctx,
    );

    const [request] = await receiver.current.waitForRequests(1);
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/orders?x=1");
    expect(request?.body).toBe('{"amount":42,"note":"héllo ✓"}');
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.headers["authorization"]).toBe("Bearer t0k");
    expect(request?.headers["idempotency-key"]).toBe(`${ctx.executionId}:create_order`);
    expect(result.output).toEqual({
      status: 201,
      headers: { "content-type": "application/json; charset=utf-8", "x-request-id": "r-1" },
      body: { id: "ord_1", items: [1, 2] },
      truncated: false,
    });
  });

  it("sends a GET without a body and returns a text answer as text", async () => {
    receiver.current.respondWith((_request, response) => {
      response.writeHead(200, { "Content-Type": "text/plain" });
      response.end("pong");
    });
    const result = await runAction({ type: "http_request", config: { url: `${receiver.current.url}/ping`, method: "GET", headers: {}, body: { ignored: true } } }, context());
    const [request] = await receiver.current.waitForRequests(1);
    expect(request?.method).toBe("GET");
    expect(request?.body).toBe("");
    expect(request?.headers["content-type"]).toBeUndefined();
    expect(result.output).toMatchObject({ status: 200, body: "pong", truncated: false });
  });

  it("keeps a cut response as text and says it was truncated", async () => {
    receiver.current.respondWith((_request, response) => {
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ data: "x".repeat(70_000) }));
    });
    const result = await runAction({ type: "http_request", config: { url: receiver.current.url, method: "GET", headers: {} } }, context());
    expect(result.output).toMatchObject({ status: 200, truncated: true });
    expect((result.output as { body: unknown }).body).toEqual(expect.stringMatching(/^\{"data":"x+$/));
  });

  it("fails a 503 as retryable after the Retry-After the target gave", async () => {
    receiver.current.respondWith((_request, response) => {
      response.writeHead(503, { "Retry-After": "7" });
      response.end();
    });
    const failure = await actionFailureOf(runAction({ type: "http_request", config: { url: `${receiver.current.url}/x`, method: "POST", headers: {}, body: {} } }, context()));
    expect(failure).toMatchObject({ code: "ACTION_FAILED", retryable: true, retryAfterMs: 7_000 });
    expect(failure.message).toBe(`${new URL(receiver.current.url).host} answered HTTP 503`);
  });

  it("fails a 429 as retryable and a 404 for good", async () => {
    receiver.current.respondWith((request, response) => {
      response.writeHead(request.path === "/limited" ? 429 : 404);
      response.end();
    });
    expect(await actionFailureOf(runAction({ type: "http_request", config: { url: `${receiver.current.url}/limited`, method: "GET", headers: {} } }, context()))).toMatchObject({
      retryable: true,
    });
    const notFound = await actionFailureOf(runAction({ type: "http_request", config: { url: `${receiver.current.url}/missing`, method: "GET", headers: {} } }, context()));
    expect(notFound).toMatchObject({ code: "ACTION_FAILED", retryable: false });
    expect(notFound.message).toContain("HTTP 404");
  });

  it("does not follow a redirect", async () => {
    receiver.current.respondWith((_request, response) => {
      response.writeHead(302, { Location: `${receiver.current.url}/elsewhere` });
      response.end();
    });
    const failure = await actionFailureOf(runAction({ type: "http_request", config: { url: `${receiver.current.url}/start`, method: "GET", headers: {} } }, context()));
    expect(failure).toMatchObject({ retryable: false, message: expect.stringContaining("HTTP 302 (redirects are not followed)") });
    expect(receiver.current.received.map((request) => request.path)).toEqual(["/start"]);
  });

  it("refuses a private destination when private addresses are not allowed, sending nothing", async () => {
    const failure = await actionFailureOf(
      runAction(
        { type: "http_request", config: { url: `${receiver.current.url}/internal`, method: "POST", headers: {}, body: {} } },
        context({ config: testEngineConfig({ OUTBOUND_ALLOW_PRIVATE: "false" }) }),
      ),
    );
    expect(failure).toMatchObject({ code: "BLOCKED_DESTINATION", retryable: false });
    expect(receiver.current.received).toHaveLength(0);
  });

  it("fails an unsupported scheme as a blocked destination", async () => {
    const failure = await actionFailureOf(runAction({ type: "http_request", config: { url: "file:///etc/passwd", method: "GET", headers: {} } }, context()));
    expect(failure).toMatchObject({ code: "BLOCKED_DESTINATION", retryable: false });
  });

  it("retries a refused connection", async () => {
    const port = await closedPort();
    const failure = await actionFailureOf(runAction({ type: "http_request", config: { url: `http://127.0.0.1:${port}/`, method: "GET", headers: {} } }, context()));
    expect(failure).toMatchObject({ code: "ACTION_FAILED", retryable: true });
  });

  it("fails a target slower than the step timeout as a retryable STEP_TIMEOUT", async () => {
    receiver.current.respondWith(async (_request, response) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      response.writeHead(200);
      response.end();
    });
    const failure = await actionFailureOf(runAction({ type: "http_request", config: { url: receiver.current.url, method: "GET", headers: {} } }, context({ timeoutMs: 200 })));
    expect(failure).toMatchObject({ code: "STEP_TIMEOUT", retryable: true, message: expect.stringContaining("within 200 ms") });
  });

  it("passes a cancel through as the outbound abort, for the runner", async () => {
    receiver.current.respondWith(async (_request, response) => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      response.end();
    });
    const cancel = new AbortController();
    const running = runAction({ type: "http_request", config: { url: receiver.current.url, method: "GET", headers: {} } }, context({ signal: cancel.signal }));
    await receiver.current.waitForRequests(1);
    cancel.abort();
    const error = await running.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(OutboundError);
    expect(error).toMatchObject({ code: "ABORTED" });
  });

  it("fails for good when a templated header holds a line break, sending nothing", async () => {
    const failure = await actionFailureOf(
      runAction({ type: "http_request", config: { url: receiver.current.url, method: "GET", headers: { "X-Name": "a\r\nX-Injected: 1" } } }, context()),
    );
    expect(failure).toMatchObject({ code: "ACTION_FAILED", retryable: false });
    expect(receiver.current.received).toHaveLength(0);
  });

  it("sends nothing in test mode and records the request with credentials redacted", async () => {
    const ctx = context({ mode: "test", stepName: "charge" });
    const result = await runAction(
      {
        type: "http_request",
        config: { url: `${receiver.current.url}/charge?api_key=s3cret&n=1`, method: "POST", headers: { Authorization: "Bearer t0k", "X-Trace": "t" }, body: { amount: 5 } },
      },
      ctx,
    );
    expect(result.output).toEqual({
      dry_run: true,
      request: {
        method: "POST",
        url: `${receiver.current.url}/charge?api_key=redacted&n=1`,
        headers: { Authorization: "[redacted]", "X-Trace": "t", "Content-Type": "application/json", "Idempotency-Key": `${ctx.executionId}:charge` },
        body: { amount: 5 },
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(receiver.current.received).toHaveLength(0);
  });
});
