import { describe, expect, it } from "vitest";
import { BODY_REQUIRED, buildRequest, requestBodyText, WORKFLOW_ID_REQUIRED } from "./build-request";

const base = { baseUrl: "https://sluice.example/", workflowId: "", bodyText: "" };

describe("buildRequest", () => {
  it("lists workflows at the base URL without a trailing slash twice and without a body", () => {
    const result = buildRequest({ ...base, endpoint: "list", bodyText: "not json" });
    expect(result).toMatchObject({ ok: true, request: { url: "https://sluice.example/v1/workflows", body: undefined, workflowId: "" } });
    if (result.ok) expect(requestBodyText(result.request)).toBeUndefined();
  });

  it("puts the trimmed, percent-encoded workflow id into the path", () => {
    const result = buildRequest({ ...base, endpoint: "delete", workflowId: "  wf_1/../x?y  " });
    expect(result).toMatchObject({ ok: true, request: { url: "https://sluice.example/v1/workflows/wf_1%2F..%2Fx%3Fy", workflowId: "wf_1/../x?y" } });
  });

  it.each(["get", "update", "delete"] as const)("refuses %s without a workflow id", (endpoint) => {
    const result = buildRequest({ ...base, endpoint, workflowId: "   ", bodyText: "{}" });
    expect(result).toEqual({ ok: false, errors: { workflowId: WORKFLOW_ID_REQUIRED } });
  });

  it("refuses an id longer than the API accepts", () => {
    const result = buildRequest({ ...base, endpoint: "get", workflowId: "w".repeat(65) });
    expect(result.ok).toBe(false);
    expect(buildRequest({ ...base, endpoint: "get", workflowId: "w".repeat(64) }).ok).toBe(true);
  });

  it("refuses invalid JSON with the parser's reason, and an empty body", () => {
    const invalid = buildRequest({ ...base, endpoint: "create", bodyText: '{"name": "x",}' });
    expect(invalid.ok).toBe(false);
    if (!invalid.ok) expect(invalid.errors.body).toMatch(/^The body is not valid JSON: .+/);
    expect(buildRequest({ ...base, endpoint: "create", bodyText: "  \n" })).toEqual({ ok: false, errors: { body: BODY_REQUIRED } });
  });

  it("reports the id and the body together for update", () => {
    expect(buildRequest({ ...base, endpoint: "update", bodyText: "{" })).toMatchObject({ ok: false, errors: { workflowId: WORKFLOW_ID_REQUIRED, body: expect.any(String) } });
  });

  it("sends a parsed body as compact JSON", () => {
    const result = buildRequest({ ...base, endpoint: "update", workflowId: "wf_1", bodyText: '{\n  "status": "draft"\n}' });
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.request.body).toEqual({ status: "draft" });
      expect(requestBodyText(result.request)).toBe('{"status":"draft"}');
      expect(result.request.endpoint.method).toBe("PUT");
    }
  });
});
