import { request, type IncomingHttpHeaders } from "node:http";
import { connect } from "node:net";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { ErrorBodySchema } from "../core/errors.js";
import { createLogger } from "../core/logger.js";
import { useTestApp } from "../testing/gateway.js";
import { createKeyedAccount } from "../testing/accounts.js";
import { listen } from "./server.js";

function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return getWithHeaders(url, headers).then(({ status, body }) => ({ status, body }));
}

function getWithHeaders(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body, headers: response.headers }));
    })
      .on("error", reject)
      .end();
  });
}

describe("graceful shutdown", () => {
  const testApp = useTestApp();

  it("finishes in-flight requests, then refuses new connections", async () => {
    const { app } = testApp.current;
    let release: () => void = () => undefined;
    const started = new Promise<void>((resolveStarted) => {
      app.get("/v1/test-slow", async (c) => {
        resolveStarted();
        await new Promise<void>((resolve) => (release = resolve));
        return c.json({ finished: true });
      });
    });
    let closedCalled = false;
    const listening = await listen(app.fetch, {
      host: "127.0.0.1",
      port: 0,
      shutdownTimeoutMs: 10_000,
      logger: createLogger({ level: "silent", name: "t" }),
      onClosed: async () => {
        closedCalled = true;
      },
    });

    const { authorization } = await createKeyedAccount(testApp.current.database.db);
    const inFlight = get(`${listening.url}/v1/test-slow`, authorization);
    await started;
    const stopped = listening.shutdown();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closedCalled).toBe(false);
    await expect(get(`${listening.url}/healthz`)).rejects.toThrow(/ECONNREFUSED/);

    release();
    const response = await inFlight;
    expect(response).toEqual({ status: 200, body: JSON.stringify({ finished: true }) });
    await stopped;
    expect(closedCalled).toBe(true);
  });
});

describe("served by Node (headers written on Node's response, not Hono's)", () => {
  const testApp = useTestApp();

  it("puts the request id and security headers on every answer, lets a route's own header win, and meters by the Authorization header", async () => {
    const { app } = testApp.current;
    const listening = await listen(app.fetch, { host: "127.0.0.1", port: 0, shutdownTimeoutMs: 1_000, logger: createLogger({ level: "silent", name: "t" }) });
    try {
      const health = await getWithHeaders(`${listening.url}/healthz`, { "X-Request-Id": "abc-123" });
      expect(health.headers["x-request-id"]).toBe("abc-123");
      expect(health.headers["x-frame-options"]).toBe("SAMEORIGIN");
      expect(health.headers["content-security-policy"]).toContain("default-src 'self'");
      expect(health.headers["content-type"]).toBe("application/json");

      // The API reference allows its own inline scripts by hash.
      const own = await getWithHeaders(`${listening.url}/reference`);
      expect(own.headers["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
      expect(own.headers["x-content-type-options"]).toBe("nosniff");

      const refused = await getWithHeaders(`${listening.url}/v1/whoami`);
      expect(refused.status).toBe(401);
      expect(ErrorBodySchema.parse(JSON.parse(refused.body)).error.request_id).toBe(refused.headers["x-request-id"]);
      expect(refused.headers["x-ratelimit-limit"]).toBeUndefined();
      expect(refused.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");

      const { authorization } = await createKeyedAccount(testApp.current.database.db);
      const metered = await getWithHeaders(`${listening.url}/v1/whoami`, authorization);
      expect(metered.status).toBe(200);
      expect(metered.headers["x-ratelimit-limit"]).toBe("60");
      expect(metered.headers["x-ratelimit-used"]).toBe("1");
      expect(metered.headers["ratelimit-policy"]).toContain('"minute";q=60;w=60');
      // The API's answers are JSON: a policy that allows nothing.
      expect(metered.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(metered.headers["x-frame-options"]).toBe("DENY");
      expect(metered.headers["x-content-type-options"]).toBe("nosniff");
      // Not the pages' document policies: nothing in a JSON answer for them to act on.
      for (const name of ["referrer-policy", "cross-origin-opener-policy", "cross-origin-resource-policy", "permissions-policy"]) expect(metered.headers[name], name).toBeUndefined();
      expect(health.headers["permissions-policy"]).toContain("camera=()");
    } finally {
      await listening.shutdown();
    }
  });
});

describe("JSON bodies served by Node (read once from Node's request)", () => {
  const testApp = useTestApp({ MAX_JSON_BODY_BYTES: "2048" });

  /** Sends `body` (chunked when `chunked`), and returns the answer and whether the server will close the connection. */
  function post(url: string, headers: Record<string, string>, body: string, chunked = false): Promise<{ status: number; body: string; headers: IncomingHttpHeaders }> {
    return new Promise((resolve, reject) => {
      const sent = request(url, { method: "POST", headers: { "Content-Type": "application/json", ...headers, ...(chunked ? {} : { "Content-Length": String(Buffer.byteLength(body)) }) } }, (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text, headers: response.headers }));
      }).on("error", reject);
      if (chunked) {
        // Two writes, so the body goes out chunked with no Content-Length.
        sent.write(body.slice(0, 10));
        sent.end(body.slice(10));
      } else sent.end(body);
    });
  }

  it("hands the body to the route as text and JSON, checks its size and depth, and leaves parsing errors to the validators", async () => {
    const { app } = testApp.current;
    if (!app.routes.some((route) => route.path === "/v1/test-body")) {
      app.post("/v1/test-body", async (c) => c.json({ text: await c.req.text(), json: (await c.req.json()) as unknown }));
    }
    const listening = await listen(app.fetch, { host: "127.0.0.1", port: 0, shutdownTimeoutMs: 1_000, logger: createLogger({ level: "silent", name: "t" }) });
    try {
      const { authorization } = await createKeyedAccount(testApp.current.database.db);
      const url = `${listening.url}/v1/test-body`;
      const text = JSON.stringify({ name: "Zoë 🚀", list: [1, 2] });
      // A leading byte-order mark is dropped, as fetch's text() drops it.
      const echoed = await post(url, authorization, `\uFEFF${text}`);
      expect(echoed.status).toBe(200);
      expect(JSON.parse(echoed.body)).toEqual({ text, json: { name: "Zoë 🚀", list: [1, 2] } });
      expect(JSON.parse((await post(url, authorization, text, true)).body)).toEqual({ text, json: { name: "Zoë 🚀", list: [1, 2] } });

      for (const chunked of [false, true]) {
        const tooLarge = await post(url, authorization, JSON.stringify({ name: "x".repeat(3_000) }), chunked);
        expect(tooLarge.status, `chunked: ${chunked}`).toBe(413);
        expect(ErrorBodySchema.parse(JSON.parse(tooLarge.body)).error.code).toBe("PAYLOAD_TOO_LARGE");
        expect(tooLarge.headers.connection).toBe("close");
      }
      const deep = await post(url, authorization, `${"[".repeat(65)}${"]".repeat(65)}`);
      expect(deep.status).toBe(400);
      expect(ErrorBodySchema.parse(JSON.parse(deep.body)).error.code).toBe("MALFORMED_JSON");

      // A real route: its validator parses the cached body and reports what is wrong with it.
      const malformed = await post(`${listening.url}/v1/workflows`, authorization, '{"name": ');
      expect(malformed.status).toBe(400);
      expect(ErrorBodySchema.parse(JSON.parse(malformed.body)).error.code).toBe("MALFORMED_JSON");
      const unnamed = await post(`${listening.url}/v1/workflows`, authorization, JSON.stringify({ trigger: { type: "manual" }, actions: [] }));
      expect(unnamed.status).toBe(422);
      expect(unnamed.body).toContain("Name is required");
    } finally {
      await listening.shutdown();
    }
  });
});

describe("slow clients", () => {
  /** Writes `parts` with `gapMs` between them; resolves with what the server answered and whether it closed the socket. */
  function trickle(url: string, parts: string[], gapMs: number): Promise<{ answer: string; closedAfterMs: number }> {
    const { hostname, port } = new URL(url);
    return new Promise((resolve) => {
      const started = Date.now();
      let answer = "";
      const socket = connect({ host: hostname, port: Number(port) });
      socket.on("data", (chunk) => (answer += chunk.toString()));
      socket.on("error", () => undefined);
      socket.on("close", () => resolve({ answer, closedAfterMs: Date.now() - started }));
      let index = 0;
      const next = () => {
        if (socket.destroyed || index >= parts.length) return;
        socket.write(parts[index++] ?? "");
        setTimeout(next, gapMs);
      };
      next();
    });
  }

  it("cuts off a client that trickles its headers, and one that trickles its body, with 408", async () => {
    const app = new Hono();
    // The trickled body never arrives whole: reading it fails once the server cuts the request off.
    app.post("/echo", async (c) => c.text(await c.req.text().catch(() => "")));
    app.get("/", (c) => c.text("ok"));
    const listening = await listen(app.fetch, { host: "127.0.0.1", port: 0, shutdownTimeoutMs: 1_000, headersTimeoutMs: 500, requestTimeoutMs: 1_000, logger: createLogger({ level: "silent", name: "t" }) });
    try {
      // A header line every 200 ms, never ending the headers.
      const headers = await trickle(listening.url, Array.from({ length: 50 }, (_, i) => (i === 0 ? "GET / HTTP/1.1\r\nHost: x\r\n" : `X-Slow-${i}: y\r\n`)), 200);
      expect(headers.answer).toMatch(/^HTTP\/1\.1 408/);
      expect(headers.closedAfterMs).toBeLessThan(3_000);

      // Headers at once, then a byte of a 100-byte body every 200 ms.
      const body = await trickle(listening.url, ["POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n", ...Array.from({ length: 100 }, () => "a")], 200);
      expect(body.answer).toMatch(/^HTTP\/1\.1 408/);
      expect(body.closedAfterMs).toBeLessThan(4_000);

      // A prompt client is unaffected.
      expect(await (await fetch(`${listening.url}/`)).text()).toBe("ok");
    } finally {
      await listening.shutdown();
    }
  });

  // Only dataset uploads may take HTTP_REQUEST_TIMEOUT_MS (here the default, 300 s); every other body has REQUEST_BODY_TIMEOUT_MS.
  const bodyDeadline = useTestApp({ REQUEST_BODY_TIMEOUT_MS: "600" });

  it("answers 408 REQUEST_TIMEOUT to a JSON or any other body still trickling in past REQUEST_BODY_TIMEOUT_MS, and closes the connection", async () => {
    const { app, database } = bodyDeadline.current;
    const listening = await listen(app.fetch, { host: "127.0.0.1", port: 0, shutdownTimeoutMs: 1_000, logger: createLogger({ level: "silent", name: "t" }) });
    try {
      const { authorization } = await createKeyedAccount(database.db);
      for (const type of ["application/json", "text/plain", "application/x-www-form-urlencoded"]) {
        const head = `POST /v1/workflows HTTP/1.1\r\nHost: x\r\nAuthorization: ${authorization.Authorization}\r\nContent-Type: ${type}\r\nContent-Length: 100\r\n\r\n`;
        const trickled = await trickle(listening.url, [head, ...Array.from({ length: 100 }, () => " ")], 100);
        expect(trickled.answer, type).toMatch(/^HTTP\/1\.1 408/);
        expect(trickled.answer, type).toMatch(/connection: close/i);
        expect(ErrorBodySchema.parse(JSON.parse(trickled.answer.slice(trickled.answer.indexOf("{")))).error).toMatchObject({ code: "REQUEST_TIMEOUT", message: "The request body did not arrive within 0.6 seconds." });
        expect(trickled.closedAfterMs, type).toBeLessThan(3_000);
      }
      // An upload may take longer, but not stall: one chunk, then silence.
      const uploadHead = `POST /v1/datasets HTTP/1.1\r\nHost: x\r\nAuthorization: ${authorization.Authorization}\r\nContent-Type: text/csv\r\nContent-Length: 1000\r\n\r\n`;
      const stalled = await trickle(listening.url, [uploadHead, "a,b\n1,2\n"], 100);
      expect(stalled.answer).toMatch(/^HTTP\/1\.1 408/);
      expect(stalled.answer).toMatch(/connection: close/i);
      expect(stalled.answer).toContain("The upload stalled: no data arrived for 0.6 seconds.");
      expect(stalled.closedAfterMs).toBeLessThan(3_000);

      // A body sent at once is unaffected.
      const prompt = await fetch(`${listening.url}/v1/workflows`, { method: "POST", headers: { ...authorization, "Content-Type": "application/json" }, body: "{}" });
      expect(prompt.status).toBe(422);
    } finally {
      await listening.shutdown();
    }
  });
});


describe("the probes' one client error", () => {
  const testApp = useTestApp();

  it("is a 400 from Node's HTTP parser, for a header it cannot parse (openapi.yaml documents it for /healthz and /readyz)", async () => {
    const listening = await listen(testApp.current.app.fetch, { host: "127.0.0.1", port: 0, shutdownTimeoutMs: 1_000, logger: createLogger({ level: "silent", name: "t" }) });
    try {
      const { hostname, port } = new URL(listening.url);
      for (const path of ["/healthz", "/readyz"]) {
        const answer = await new Promise<string>((resolve) => {
          let received = "";
          const socket = connect({ host: hostname, port: Number(port) });
          socket.on("data", (chunk) => (received += chunk.toString()));
          socket.on("error", () => undefined);
          socket.on("close", () => resolve(received));
          socket.end(`GET ${path} HTTP/1.1\r\nHost: x\r\nX-Broken: a\u0000b\r\n\r\n`);
        });
        expect(answer, path).toMatch(/^HTTP\/1\.1 400 /);
      }
      expect((await get(`${listening.url}/healthz`)).status).toBe(200);
    } finally {
      await listening.shutdown();
    }
  });
});
