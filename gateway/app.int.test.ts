import { createRoute, z } from "@hono/zod-openapi";
import { beforeAll, describe, expect, it } from "vitest";
import { ErrorBodySchema } from "../core/errors.js";
import { useTestApp } from "../testing/gateway.js";
import { createKeyedAccount } from "../testing/accounts.js";
import { createPortalFixture, FIXTURE_ASSET, FIXTURE_REFERENCE_BUNDLE } from "../testing/portal-fixture.js";

const testApp = useTestApp({ PORTAL_DIST_DIR: createPortalFixture(), MAX_JSON_BODY_BYTES: "2048" });

const echoRoute = createRoute({
  method: "post",
  path: "/v1/test-echo/{id}",
  request: {
    params: z.object({ id: z.string().regex(/^wf_/, "Id must start with wf_") }),
    body: {
      content: {
        "application/json": {
          schema: z.object({ name: z.string().min(1, "Name is required"), count: z.number().int().positive() }),
        },
      },
    },
  },
  responses: { 200: { description: "echo", content: { "application/json": { schema: z.object({ name: z.string() }) } } } },
});

function app() {
  const { app } = testApp.current;
  if (!app.routes.some((r) => r.path === "/v1/test-echo/:id")) {
    app.openapi(echoRoute, (c) => c.json({ name: c.req.valid("json").name }, 200));
    app.get("/v1/test-explode", () => {
      throw new Error("connection to 10.0.0.7 failed: password=hunter2");
    });
  }
  return app;
}

async function errorBody(response: Response) {
  return ErrorBodySchema.parse(await response.json()).error;
}

let authorization: Record<string, string> = {};
beforeAll(async () => {
  authorization = (await createKeyedAccount(testApp.current.database.db)).authorization;
});

const json = (body: string) => ({ method: "POST", headers: { "Content-Type": "application/json", ...authorization }, body });

describe("error bodies", () => {
  it("answers malformed JSON with 400 MALFORMED_JSON and the request id", async () => {
    const response = await app().request("/v1/test-echo/wf_1", json("{\"name\": "));
    expect(response.status).toBe(400);
    const error = await errorBody(response);
    expect(error.code).toBe("MALFORMED_JSON");
    expect(error.request_id).toBe(response.headers.get("X-Request-Id"));
    expect(error.request_id).toMatch(/^req_/);
  });

  it("answers a body that fails its schema with 422 VALIDATION_FAILED listing every field", async () => {
    const response = await app().request("/v1/test-echo/wf_1", json(JSON.stringify({ name: "", count: -2 })));
    expect(response.status).toBe(422);
    const error = await errorBody(response);
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.message).toBe("The request validation failed");
    expect(error.details).toEqual(
      expect.arrayContaining([
        { field: "name", message: "Name is required" },
        expect.objectContaining({ field: "count" }),
      ]),
    );
  });

  it("answers invalid path parameters with 400 BAD_REQUEST and details", async () => {
    const response = await app().request("/v1/test-echo/nope", json(JSON.stringify({ name: "a", count: 1 })));
    expect(response.status).toBe(400);
    const error = await errorBody(response);
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.details).toEqual([{ field: "id", message: "Id must start with wf_" }]);
  });

  it("accepts a valid request", async () => {
    const response = await app().request("/v1/test-echo/wf_1", json(JSON.stringify({ name: "ok", count: 1 })));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ name: "ok" });
  });

  it("answers a body over the size limit with 413 PAYLOAD_TOO_LARGE", async () => {
    const response = await app().request("/v1/test-echo/wf_1", json(JSON.stringify({ name: "x".repeat(5_000), count: 1 })));
    expect(response.status).toBe(413);
    expect((await errorBody(response)).code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("checks the body size of every method that carries one, before the route runs", async () => {
    const big = JSON.stringify({ name: "x".repeat(5_000) });
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const response = await app().request("/v1/workflows/wf_1", { method, headers: { "Content-Type": "application/json", ...authorization }, body: big });
      expect(response.status, method).toBe(413);
      expect((await errorBody(response)).code).toBe("PAYLOAD_TOO_LARGE");
    }
  });

  it("answers unknown API routes with 404 in the error shape, for every method", async () => {
    for (const [method, path] of [["GET", "/v1/nothing-here"], ["DELETE", "/hooks/unknown"], ["POST", "/somewhere"]] as const) {
      const response = await app().request(path, { method, headers: authorization });
      expect(response.status, `${method} ${path}`).toBe(404);
      const error = await errorBody(response);
      expect(error.code).toBe("NOT_FOUND");
      expect(error.request_id).toMatch(/^req_/);
    }
  });

  it("answers an unexpected error with a generic 500 that does not leak its message", async () => {
    const response = await app().request("/v1/test-explode", { headers: authorization });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain("hunter2");
    expect(text).not.toContain("10.0.0.7");
    const error = ErrorBodySchema.parse(JSON.parse(text)).error;
    expect(error).toMatchObject({ code: "INTERNAL_ERROR", message: "An internal error occurred. Please try again later." });
  });

  it("keeps a well-formed incoming X-Request-Id and replaces a malformed one", async () => {
    const kept = await app().request("/healthz", { headers: { "X-Request-Id": "abc-123" } });
    expect(kept.headers.get("X-Request-Id")).toBe("abc-123");
    const replaced = await app().request("/healthz", { headers: { "X-Request-Id": "bad id<script>" } });
    expect(replaced.headers.get("X-Request-Id")).toMatch(/^req_/);
  });
});

describe("request logs", () => {
  it("write one line per request with its request id, method, path without query, status and duration", async () => {
    const response = await app().request("/healthz?token=secret-value", { headers: { "X-Request-Id": "log-check-1" } });
    expect(response.status).toBe(200);
    const line = testApp.current.logs.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.requestId === "log-check-1" && l.msg === "request");
    expect(line).toMatchObject({ method: "GET", path: "/healthz", status: 200, level: "info" });
    expect(typeof line?.duration_ms).toBe("number");
    expect(testApp.current.logs.join("\n")).not.toContain("secret-value");
  });
});

describe("operational endpoints", () => {
  it("answers /healthz", async () => {
    const response = await app().request("/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("reports ready when PostgreSQL and Redis answer", async () => {
    const response = await app().request("/readyz");
    const body = (await response.json()) as { status: string; checks: Record<string, { status: string }> };
    expect(response.status).toBe(200);
    expect(body.status).toBe("ready");
    expect(body.checks.postgres?.status).toBe("up");
    expect(body.checks.redis?.status).toBe("up");
  });

  it("exposes request counts and latency histograms labelled by route pattern", async () => {
    await app().request("/v1/test-echo/wf_abc", json(JSON.stringify({ name: "ok", count: 1 })));
    const text = await (await app().request("/metrics")).text();
    expect(text).toMatch(/http_requests_total\{method="POST",route="\/v1\/test-echo\/:id",status="200"\} \d+/);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/healthz",status="200"\}/);
    expect(text).not.toContain("wf_abc");
  });

  it("serves the OpenAPI document as YAML", async () => {
    const response = await app().request("/openapi.yaml");
    expect(response.headers.get("Content-Type")).toContain("application/yaml");
    const text = await response.text();
    expect(text).toContain("openapi: 3.1.0");
    expect(text).toContain("/readyz:");
  });

  it("serves the API reference with only local scripts, allowed by hash, its bundle from the portal build", async () => {
    const response = await app().request("/reference");
    expect(response.status).toBe(200);
    const html = await response.text();
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    expect(html).toContain('src="/reference/scalar-standalone.js"');
    // A bar back to the portal above Scalar's #app, and the API key scheme chosen from the start.
    expect(html).toMatch(/<nav class="sluice-portal-bar" aria-label="Sluice portal">[\s\S]*href="\/api-docs"[\s\S]*<\/nav>\s*<div id="app"><\/div>/);
    expect(html).toMatch(/"preferredSecurityScheme": "apiKey"/);
    expect(html).not.toMatch(/https?:\/\/(?!localhost)/);
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain("unsafe-eval");
    const bundle = await app().request("/reference/scalar-standalone.js");
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get("Content-Type")).toContain("javascript");
    expect(await bundle.text()).toBe(FIXTURE_REFERENCE_BUNDLE);
  });
});

describe("portal serving", () => {
  it("answers client routes with index.html and a strict CSP", async () => {
    for (const path of ["/", "/pricing", "/dashboard", "/no-such-page"]) {
      const response = await app().request(path);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain("<title>Sluice portal</title>");
      expect(response.headers.get("Cache-Control")).toBe("no-cache");
      expect(response.headers.get("Content-Security-Policy")).toContain("script-src 'self';");
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    }
  });

  it("lets pages frame only this site and the payment provider's page", async () => {
    const response = await app().request("/payment-process");
    // The tests run the sandbox provider, which lives on this site.
    expect(response.headers.get("Content-Security-Policy")).toMatch(/frame-src 'self' http:\/\/[^;]+(;|$)/);
    expect(response.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'self'");
  });

  it("serves fingerprinted assets compressed and cached for a year", async () => {
    const response = await app().request(`/assets/${FIXTURE_ASSET}`, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toContain("immutable");
    expect(response.headers.get("Content-Encoding")).toBe("gzip");
  });

  it("never answers a server path with the portal", async () => {
    const response = await app().request("/payments/anything");
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Type")).toContain("application/json");
  });
});
