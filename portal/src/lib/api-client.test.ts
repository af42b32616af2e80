import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { CSRF_COOKIE } from "../../../core/contracts/auth";
import { retryAfterCases } from "../../../testing/retry-after-cases";
import { ApiError, createApiClient, readCookie, type ApiRequest } from "./api-client";

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;

const routes: Record<string, Handler> = {
  "GET /me": (_req, _body, res) => json(res, 200, { user: { id: "usr_1", email: "ada@example.com", role: "admin" } }),
  "POST /echo": (req, body, res) =>
    json(res, 201, { method: req.method, contentType: req.headers["content-type"], accept: req.headers.accept, received: JSON.parse(body) }),
  "DELETE /keys/key_1": (_req, _body, res) => {
    res.writeHead(204).end();
  },
  "GET /wrong-shape": (_req, _body, res) => json(res, 200, { user: "not an object" }),
  "POST /invalid": (_req, _body, res) =>
    json(
      res,
      422,
      {
        error: {
          code: "VALIDATION_FAILED",
          message: "The request validation failed",
          details: [{ field: "name", message: "Name is required" }],
          request_id: "req_body_123",
        },
      },
      { "X-Request-Id": "req_header_456" },
    ),
  "GET /weak": (_req, _body, res) => json(res, 400, { error: { code: "weak_password", message: "Password is too common" } }, { "X-Request-Id": "req_789" }),
  "GET /limited": (_req, _body, res) =>
    json(res, 429, { error: { code: "RATE_LIMITED", message: "Rate limit exceeded." } }, { "Retry-After": "17" }),
  // Answers 429 with the Retry-After the request asks for (none when it asks for none).
  "GET /limited-as-asked": (req, _body, res) => {
    const asked = req.headers["x-retry-after"];
    json(res, 429, { error: { code: "RATE_LIMITED", message: "Rate limit exceeded." } }, typeof asked === "string" ? { "Retry-After": asked } : {});
  },
  "GET /bad-gateway": (_req, _body, res) => {
    res.writeHead(502, { "Content-Type": "text/html" }).end("<html><body><h1>502 Bad Gateway</h1></body></html>");
  },
  "GET /plain-404": (_req, _body, res) => {
    res.writeHead(404, { "Content-Type": "text/plain" }).end("404 Not Found");
  },
};

let server: Server;
let request: ApiRequest;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      const handler = routes[`${req.method} ${req.url}`];
      if (handler) handler(req, body, res);
      else json(res, 404, { error: { code: "NOT_FOUND", message: "The requested resource was not found." } });
    });
  });
  request = createApiClient(`http://127.0.0.1:${await listen(server)}/`);
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const MeSchema = z.object({ user: z.object({ id: z.string(), email: z.string(), role: z.enum(["user", "admin"]) }) });

describe("apiRequest", () => {
  it("resolves with the success body parsed by the given schema", async () => {
    const me = await request("/me", { schema: MeSchema });
    expect(me).toEqual({ user: { id: "usr_1", email: "ada@example.com", role: "admin" } });
  });

  it("sends the body as JSON with the given method", async () => {
    const echoed = await request("/echo", { method: "POST", body: { name: "nightly" }, schema: z.record(z.string(), z.unknown()) });
    expect(echoed).toEqual({ method: "POST", contentType: "application/json", accept: "application/json", received: { name: "nightly" } });
  });

  it("resolves an empty 204 answer through the schema", async () => {
    await expect(request("/keys/key_1", { method: "DELETE", schema: z.undefined() })).resolves.toBeUndefined();
  });

  it("rejects a success body that does not match the schema with INVALID_RESPONSE", async () => {
    const error = await catchApiError(request("/wrong-shape", { schema: MeSchema }));
    expect(error).toMatchObject({ code: "INVALID_RESPONSE", status: 200 });
  });

  it("keeps the server's code, message, details and request id of an error body", async () => {
    const error = await catchApiError(request("/invalid", { method: "POST", body: {}, schema: z.unknown() }));
    expect(error).toMatchObject({
      code: "VALIDATION_FAILED",
      status: 422,
      message: "The request validation failed",
      details: [{ field: "name", message: "Name is required" }],
      requestId: "req_body_123",
    });
  });

  it("keeps codes outside the catalogue and takes the request id from X-Request-Id when the body has none", async () => {
    const error = await catchApiError(request("/weak", { schema: z.unknown() }));
    expect(error).toMatchObject({ code: "weak_password", status: 400, message: "Password is too common", details: [], requestId: "req_789" });
  });

  it("keeps the Retry-After seconds of a 429 answer", async () => {
    const error = await catchApiError(request("/limited", { schema: z.unknown() }));
    expect(error).toMatchObject({ code: "RATE_LIMITED", status: 429, retryAfterSeconds: 17 });
  });

  it("turns a non-JSON 5xx answer into INTERNAL_ERROR with a generic message", async () => {
    const error = await catchApiError(request("/bad-gateway", { schema: z.unknown() }));
    expect(error).toMatchObject({ code: "INTERNAL_ERROR", status: 502, details: [] });
    expect(error.message).toBe("An internal error occurred. Please try again later.");
    expect(error.message).not.toContain("Bad Gateway");
  });

  it("turns a non-JSON 4xx answer into BAD_REQUEST while keeping the status", async () => {
    const error = await catchApiError(request("/plain-404", { schema: z.unknown() }));
    expect(error).toMatchObject({ code: "BAD_REQUEST", status: 404 });
  });

  it("reports a closed port as NETWORK_ERROR with status 0", async () => {
    const closed = createServer();
    const port = await listen(closed);
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const error = await catchApiError(createApiClient(`http://127.0.0.1:${port}`)("/me", { schema: MeSchema }));
    expect(error).toMatchObject({ code: "NETWORK_ERROR", status: 0 });
  });

  it("lets an aborted request reject with the abort reason, not as a network error", async () => {
    const controller = new AbortController();
    controller.abort();
    const outcome = request("/me", { schema: MeSchema, signal: controller.signal });
    await expect(outcome).rejects.toMatchObject({ name: "AbortError" });
    await expect(outcome).rejects.not.toBeInstanceOf(ApiError);
  });
});

describe("the CSRF header", () => {
  /** Stands in for the browser's cookie store: the server below "sets" the cookie by writing here. */
  let cookies = "";
  let issued = "token-1";
  const seen: string[] = [];
  let csrfServer: Server;
  let csrfRequest: ApiRequest;

  beforeAll(async () => {
    csrfServer = createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        const token = req.headers["x-csrf-token"];
        seen.push(`${req.method} ${req.url} ${typeof token === "string" ? token : "-"}`);
        if (req.method === "GET" && req.url === "/auth/user") {
          cookies = `theme=dark; ${CSRF_COOKIE}=${issued}`;
          json(res, 401, { error: { code: "SESSION_MISSING", message: "Auth session missing!" } });
        } else if (req.method === "GET") {
          json(res, 200, { ok: true });
        } else if (token !== issued) {
          json(res, 403, { error: { code: "CSRF_FAILED", message: "Missing or invalid CSRF token." } });
        } else {
          json(res, 200, { ok: true });
        }
      });
    });
    csrfRequest = createApiClient(`http://127.0.0.1:${await listen(csrfServer)}`, { readCookies: () => cookies });
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => csrfServer.close(() => resolve()));
  });

  const OkSchema = z.object({ ok: z.literal(true) });

  it("copies the CSRF cookie into the header of a POST, and leaves GETs alone", async () => {
    cookies = `${CSRF_COOKIE}=token-1`;
    seen.length = 0;
    await csrfRequest("/auth/signout", { method: "POST", schema: OkSchema });
    await csrfRequest("/api/keys", { schema: OkSchema });
    expect(seen).toEqual(["POST /auth/signout token-1", "GET /api/keys -"]);
  });

  it("obtains the cookie with one GET /auth/user first when it is missing, ignoring that 401", async () => {
    cookies = "";
    seen.length = 0;
    await expect(csrfRequest("/auth/signin", { method: "POST", body: {}, schema: OkSchema })).resolves.toEqual({ ok: true });
    expect(seen).toEqual(["GET /auth/user -", "POST /auth/signin token-1"]);
  });

  it("retries once with a fresh cookie after CSRF_FAILED", async () => {
    cookies = `${CSRF_COOKIE}=stale`;
    seen.length = 0;
    await expect(csrfRequest("/auth/refresh", { method: "POST", schema: OkSchema })).resolves.toEqual({ ok: true });
    expect(seen).toEqual(["POST /auth/refresh stale", "GET /auth/user -", "POST /auth/refresh token-1"]);
  });

  it("gives up after one retry when the server keeps refusing the token", async () => {
    cookies = `${CSRF_COOKIE}=stale`;
    issued = "never-matches-because-the-server-rotates";
    seen.length = 0;
    const refuse = createApiClient(`http://127.0.0.1:${(csrfServer.address() as AddressInfo).port}`, { readCookies: () => `${CSRF_COOKIE}=stale` });
    const error = await catchApiError(refuse("/auth/refresh", { method: "DELETE", schema: OkSchema }));
    expect(error).toMatchObject({ code: "CSRF_FAILED", status: 403 });
    expect(seen.filter((line) => line.startsWith("DELETE"))).toHaveLength(2);
    issued = "token-1";
  });
});

describe("readCookie", () => {
  it("finds a cookie among others and decodes it", () => {
    expect(readCookie("a=1; sluice_csrf=abc%3D%3D; b=2", "sluice_csrf")).toBe("abc==");
  });

  it("does not match a cookie whose name merely ends with the wanted name", () => {
    expect(readCookie("x_sluice_csrf=1", "sluice_csrf")).toBeNull();
  });

  it("answers null for an absent or empty cookie", () => {
    expect(readCookie("", "sluice_csrf")).toBeNull();
    expect(readCookie("sluice_csrf=", "sluice_csrf")).toBeNull();
  });
});

describe("Retry-After of an error answer", () => {
  it("is read as webhook retries and workflow actions read it, in whole seconds", async () => {
    const now = new Date("2026-11-21T09:00:00Z");
    // Only Date is faked: the request still runs on real timers.
    vi.useFakeTimers({ toFake: ["Date"], now });
    try {
      for (const { header, waitMs } of retryAfterCases(now)) {
        const error = await catchApiError(request("/limited-as-asked", { schema: z.unknown(), headers: header === undefined ? {} : { "X-Retry-After": header } }));
        expect(error.retryAfterSeconds, `Retry-After: ${header}`).toBe(waitMs === undefined ? undefined : Math.ceil(waitMs / 1_000));
      }
    } finally {
      vi.useRealTimers();
    }
  });
});

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "Content-Type": "application/json", ...headers }).end(JSON.stringify(body));
}

function listen(target: Server): Promise<number> {
  return new Promise((resolve) => target.listen(0, "127.0.0.1", () => resolve((target.address() as AddressInfo).port)));
}

async function catchApiError(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("expected the request to fail");
}
